"""A question saying the output lists something ("which user is listed twice in passwd") stays
answered when the store grows and the best section only just leads the next (ADR 0418)."""

from __future__ import annotations

from pathlib import Path

from entrypoints.bench.bench_store import StoreChoice, bench_container
from entrypoints.bench.fixtures import load_corpus
from entrypoints.bench.quality import EVERY_KIND, seed_store

_REAL = Path(__file__).parents[2] / "fixtures" / "bench-real"


def test_a_user_listed_twice_is_answered_among_many_account_outputs(tmp_path: Path) -> None:
    # The real infrastructure outputs: pwck's section leads chage's by 2 %, and holds every
    # word of the question the store knows but ``listed``.
    entries = [e for e in load_corpus(_REAL).entries if e.content_type == "infra"]
    with bench_container(StoreChoice.SQLCIPHER, tmp_path) as container:
        seed_store(container.use_cases.index_content(), entries, "infra", [])
        search = container.use_cases.search_knowledge()
        found = search.search("which user is listed twice in passwd", 3, EVERY_KIND)
    assert found.results, "an answerable question went silent"
    assert "duplicate password entry" in found.results[0].content
