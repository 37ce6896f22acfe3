"""A lint rule's name says what the problem it reports is about."""

from __future__ import annotations

from application.use_cases.index_request import IndexRequest
from domain.search.rule_names import rule_names
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions

ESLINT = """$ npx eslint src

/repo/src/customer.ts
  21:3   error    Unexpected var, use let or const instead      no-var
  28:15  error    Unexpected any. Specify a different type      @typescript-eslint/no-explicit-any
  33:7   warning  'y' is never reassigned. Use 'const' instead  prefer-const

✖ 3 problems (2 errors, 1 warning)
"""

TSC = """$ npx tsc -p .
src/customer.ts(33,7): error TS6133: 'y' is declared but its value is never read.
src/report.ts(25,10): error TS2454: Variable 'best' is used before being assigned.
src/report.ts(31,12): error TS2454: Variable 'worst' is used before being assigned.
src/report.ts(40,3): error TS6133: 'unusedTotal' is declared but its value is never read.
"""


def test_rule_names_come_from_stylish_lines_and_json_records() -> None:
    assert rule_names(ESLINT) == "no-var @typescript-eslint/no-explicit-any prefer-const"
    assert rule_names('[{"ruleId": "no-var", "severity": 2}]') == "no-var"
    assert rule_names(TSC) == ""


def test_the_linter_reporting_a_rule_named_for_the_word_ranks_first() -> None:
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    index = container.use_cases.index_content()
    index.execute(IndexRequest(content=TSC, label="checks/tsc"))
    index.execute(IndexRequest(content=ESLINT, label="checks/eslint"))
    found = container.use_cases.search_knowledge().search("use of var in customer.ts", limit=3)
    assert found.results[0].source == "checks/eslint"


def test_a_rule_named_for_a_query_word_ranks_its_section_above_one_sharing_the_words() -> None:
    from domain.search.matching import term_groups
    from domain.search.query import parse_query
    from domain.search.rerank import rerank
    from domain.search.rrf import FusedHit
    from domain.search_hit import LayerHit, SearchLayer
    from domain.source_kind import SourceKind

    def hit(chunk_id: int, content: str, score: float) -> FusedHit:
        layer_hit = LayerHit(chunk_id, 1, "checks", SourceKind.DURABLE, "t", content, False, -1.0)
        return FusedHit(layer_hit, score, (SearchLayer.WORDS,))

    # The compiler's section was fused first (bm25 likes its short lines), as in real output.
    hits = [hit(1, TSC, 1.1), hit(2, ESLINT, 1.0)]
    ranked = rerank(hits, term_groups(parse_query("use of var")), ())
    assert [h.chunk_id for h in ranked.hits] == [2, 1]


def test_a_rule_name_counts_by_its_words_not_by_their_synonyms_or_prefixes() -> None:
    from domain.search.rule_names import rule_words

    words = rule_words(ESLINT)
    assert {"var", "const", "explicit"} <= words
    assert "variable" not in words and "us" not in words
