"""A regression floor for ranking on the benchmark fixtures (one store per content type, like
``capy bench quality``), over real FTS5 tokenizers; ``capy bench quality`` gives the numbers."""

from __future__ import annotations

import pytest

from adapters.memory.fixed_clock import FixedClock
from application.use_cases.search_knowledge import SearchKnowledge
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS
from tests.integration.search.bench_corpus import BENCH_DIR, entries, index_entry
from tests.integration.search.corpus import Case
from tests.integration.search.quality import evaluate
from tests.integration.search.sqlite_fts_store import SqliteFtsStore


@pytest.mark.skipif(not any(BENCH_DIR.glob("*.jsonl")), reason="no benchmark fixtures")
def test_benchmark_ranking_stays_above_its_floor() -> None:
    stores: dict[str, SqliteFtsStore] = {}
    cases: list[tuple[str, Case]] = []
    for entry in entries():
        store = stores.setdefault(entry["content_type"], SqliteFtsStore())
        cases.extend((entry["content_type"], case) for case in index_entry(store, entry))
    scope = SearchScope(kinds=ALL_KINDS, kinds_explicit=True)
    searches = {
        kind: SearchKnowledge(store, FixedClock(), track_access=False)  # type: ignore[arg-type]
        for kind, store in stores.items()
    }
    r1 = r5 = 0.0
    for kind, case in cases:
        quality = evaluate(
            lambda q, k=kind: [r.content for r in searches[k].search(q, 10, scope).results],  # type: ignore[misc]
            [case],
        )
        r1 += quality.r1
        r5 += quality.r5
    assert r1 / len(cases) >= 0.78
    assert r5 / len(cases) >= 0.90
