"""The whole search pipeline over the real encrypted store."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from application.use_cases.index_request import IndexRequest
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS, SourceKind
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.runtime import RuntimeOptions
from tests.integration.search.corpus import CASES, DOCS
from tests.integration.search.quality import evaluate

KEY = "search-integration-key-0123456789abcdef"


@pytest.fixture
def container(tmp_path: Path) -> Iterator[CliContainer]:
    options = RuntimeOptions(
        db=tmp_path / "knowledge.db", project_dir=tmp_path, cwd=tmp_path, env={"CAPY_DB_KEY": KEY}
    )
    container = CliContainer(options=options)
    index = container.use_cases.index_content()
    for doc in DOCS:
        index.execute(
            IndexRequest(
                content="\n\n".join(c.title + "\n" + c.content for c in doc.chunks),
                label=doc.label,
                kind=doc.kind,
                chunks=doc.chunks,
            )
        )
    yield container
    container.shutdown_resources()


def test_pipeline_over_the_encrypted_store_finds_the_answers(container: CliContainer) -> None:
    search = container.use_cases.search_knowledge()
    scope = SearchScope(kinds=ALL_KINDS, kinds_explicit=True)

    def contents(query: str) -> list[str]:
        return [r.title + "\n" + r.content for r in search.search(query, 10, scope).results]

    quality = evaluate(contents, CASES)
    assert quality.r1 >= 0.9, quality.misses
    assert quality.r5 >= 0.97, quality.misses


@pytest.mark.parametrize(
    "query", ["c++", "foo-bar", "x.y", "AND", "NEAR(", "title:x", '"unbalanced', "🙂", "热更新", ""]
)
def test_odd_queries_never_fail_on_the_real_store(container: CliContainer, query: str) -> None:
    container.use_cases.search_knowledge().search(query, 5, SearchScope(kinds=ALL_KINDS))


def test_typos_are_corrected_from_the_stored_vocabulary(container: CliContainer) -> None:
    found = container.use_cases.search_knowledge().search(
        "grafanna dashbaords", 3, SearchScope(kinds=ALL_KINDS)
    )
    assert "Grafana" in found.results[0].content
    assert found.results[0].layer.startswith("fuzzy+")


def test_access_tracking_reaches_the_store(container: CliContainer) -> None:
    container.use_cases.search_knowledge().search("helm rollback", 1)
    source = container.adapters.knowledge_store().source_by_label("docs/deployment.md")
    assert source is not None and source.access_count == 1
    assert source.kind is SourceKind.DURABLE


PODS = """NAME                              READY   STATUS              RESTARTS  AGE
api-1-7d9f8                       1/1     Running             0         1d
api-7-7d9f8                       0/1     CrashLoopBackOff    5         3d
api-9-7d9f8                       1/1     Running             2         3d
"""


@pytest.mark.parametrize("query", ["which pods are crashing", "what is crashing", "crashed"])
def test_an_inflected_word_reaches_the_part_of_a_compound_in_the_real_store(
    tmp_path: Path, query: str
) -> None:
    options = RuntimeOptions(
        db=tmp_path / "knowledge.db", project_dir=tmp_path, cwd=tmp_path, env={"CAPY_DB_KEY": KEY}
    )
    container = CliContainer(options=options)
    try:
        container.use_cases.index_content().execute(
            IndexRequest(content=PODS, label="kubectl get pods")
        )
        found = container.use_cases.search_knowledge().search(query, 3)
        assert found.results
        assert "CrashLoopBackOff" in found.results[0].content
    finally:
        container.shutdown_resources()


SYMBOLS = """$ nm -C -S --size-sort --defined-only tariff
0000000000003000 0000000000000004 R _IO_stdin_used
0000000000003080 0000000000000040 r tariff::kZoneFactor
00000000000015fe 000000000000026e T main
"""


def test_a_word_held_only_inside_a_name_is_found_when_other_outputs_fill_the_candidates(
    tmp_path: Path,
) -> None:
    # Outputs writing ``zone`` or ``table`` as words fill the words layer's candidates: only
    # the substrings layer sees ``factor`` inside ``kZoneFactor`` (ADR 0372).
    options = RuntimeOptions(
        db=tmp_path / "knowledge.db", project_dir=tmp_path, cwd=tmp_path, env={"CAPY_DB_KEY": KEY}
    )
    container = CliContainer(options=options)
    try:
        index = container.use_cases.index_content()
        for n in range(12):
            text = f"time zone Etc/GMT+{n} in use\n" if n % 2 else f"table t{n} has {n} rows\n"
            index.execute(IndexRequest(content=text, label=f"probe {n}"))
        index.execute(IndexRequest(content=SYMBOLS, label="nm -C -S tariff"))
        found = container.use_cases.search_knowledge().search(
            "where is the zone factor table stored", 10
        )
        assert any("tariff::kZoneFactor" in r.content for r in found.results)
    finally:
        container.shutdown_resources()
