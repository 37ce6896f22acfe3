"""The same question over the same knowledge base gets the same answer whatever was asked
before it: the corrector's and the store words' caches and the access log change no ranking
and no verdict (ADR 0379)."""

from __future__ import annotations

from adapters.memory.fixed_clock import FixedClock
from application.use_cases.index_request import IndexRequest
from application.use_cases.search_knowledge import SearchKnowledge
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS, SourceKind
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions

EVERY_KIND = SearchScope(kinds=ALL_KINDS)

OUTPUTS = {
    "real-shellcheck": """In deploy.sh line 4:
unused_retries=3
^------------^ SC2034 (warning): unused_retries appears unused. Verify use.
In deploy.sh line 9:
    cd $RELEASE_DIR
    ^-------------^ SC2164 (warning): Use 'cd ... || exit' in case cd fails.
deploy.sh:16:10: error: Iterating over ls output is fragile. Use globs. [SC2045]
""",
    "real-rsync-dry-run": """sending incremental file list
*deleting   summer-promo.html
>f..t...... index.html
.f...p..... robots.txt
Number of regular files transferred: 4
rsync error: some files/attrs were not transferred (see previous errors) (code 23)
""",
    "real-jdeps": """orchard-telemetry.jar -> java.sql
orchard-telemetry.jar -> jdk.unsupported
   org.orchard.telemetry.Ledger -> java.sql.Connection java.sql
   org.orchard.telemetry.FastBuffer -> sun.misc.Unsafe JDK internal API (jdk.unsupported)
Error: Missing dependencies: classes not found from the module path and classpath.
""",
}

# Questions as typed, misspelt (the corrector's caches: a word's correction, the words held
# inside longer ones, letters written anywhere, abbreviations) and unanswerable (the verdict).
QUESTIONS = (
    "which shellcheck finding is an error",
    "which shellchek finding is an eror",
    "variable assigned in deploy.sh but never usd",
    "bashisms checkbashisms found in deploy.sh",
    "which files would the deploy delete",
    "which files would the deplyo delte",
    "rsync exit code when the build is missing",
    "rsnyc exit code",
    "bwlimit used for the site deploy",
    "does the telemetry jar depend on java.sql",
    "does the telemetyr jar use sun.misc.Unsafe",
    "multi-release versions in orchard-telemetry.jar",
    "which class uses java.sql.Connection",
    "jdk internal api",
)


def _asked(search: SearchKnowledge, question: str, source: str | None) -> tuple[object, ...]:
    scope = EVERY_KIND if source is None else SearchScope(kinds=ALL_KINDS, source=source)
    found = search.search(question, 10 if source is None else 3, scope)
    return (
        found.corrected_query,
        tuple((r.source, r.chunk_id, r.score, r.snippet) for r in found.results),
    )


def test_an_answer_depends_on_the_question_and_the_store_only() -> None:
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    index = container.use_cases.index_content()
    for label, text in OUTPUTS.items():
        index.execute(IndexRequest(content=text, label=label, kind=SourceKind.EPHEMERAL))
    store = container.adapters.knowledge_store()
    asks = [(q, s) for q in QUESTIONS for s in (None, *OUTPUTS)]

    def answers(order: list[tuple[str, str | None]], fresh: bool) -> dict[object, object]:
        search = SearchKnowledge(store, FixedClock())
        found = {}
        for question, source in order:
            if fresh:
                search = SearchKnowledge(store, FixedClock())
            found[question, source] = _asked(search, question, source)
        return found

    alone = answers(asks, fresh=True)
    assert any(answer[1] for answer in alone.values())
    assert any(not answer[1] for answer in alone.values())
    assert answers(asks, fresh=False) == alone
    assert answers(asks[::-1], fresh=False) == alone
    assert answers(asks[1::2] + asks[::2], fresh=False) == alone
