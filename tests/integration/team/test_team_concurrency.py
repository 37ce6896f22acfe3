"""Many writers on one project: one source per label, exact counts, no error."""

from __future__ import annotations

import threading

from adapters.postgres.postgres_knowledge_store import PostgresKnowledgeStore
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS
from tests.support.team import TeamServerForTests
from tests.unit.store.documents import document
from tests.unit.store.queries import words


def _together(count: int, work) -> list[BaseException]:  # type: ignore[no-untyped-def]
    errors: list[BaseException] = []
    start = threading.Barrier(count)

    def run(n: int) -> None:
        start.wait()
        try:
            work(n)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def test_writers_of_one_label_make_one_source(team_server: TeamServerForTests) -> None:
    member = team_server.member()
    stores = [PostgresKnowledgeStore(member.url, member.project, pool_size=1) for _ in range(6)]
    errors = _together(
        6, lambda n: stores[n].index(document("docs/shared", ("T", f"version {n % 2} text")))
    )
    assert errors == []
    sources = stores[0].sources()
    assert [s.label for s in sources] == ["docs/shared"]
    assert len(stores[0].chunks_of(sources[0].id)) == 1
    for store in stores:
        store.close()


def test_concurrent_indexing_keeps_counts_exact(team_server: TeamServerForTests) -> None:
    member = team_server.member()
    store = PostgresKnowledgeStore(member.url, member.project, pool_size=8)

    def index(n: int) -> None:
        for round_ in range(3):
            store.index(document(f"doc-{n}", ("T", f"common words and rare{n} round {round_}")))

    assert _together(8, index) == []
    total, counts = store.chunk_frequencies(["common", "rare3", "absent"])
    assert (total, counts) == (8, (8, 1, 0))
    hits = store.search(words("common"), SearchScope(kinds=ALL_KINDS), 20)
    assert len(hits) == 8
    store.delete_sources([s.id for s in store.sources()][:3])
    assert store.chunk_frequencies(["common"]) == (5, (5,))
    store.close()
