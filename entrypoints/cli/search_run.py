"""What ``capy search`` does once its command line is read: cyclopts (``commands/search.py``)
and the quick path (``entrypoints.cli.quick_path``) both call ``run_search``."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from domain.errors import InvalidInput
from domain.search.results import SearchResults
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS, DEFAULT_SEARCH_KINDS, parse_kinds
from entrypoints.cli.options import global_options
from entrypoints.containers.runtime import RuntimeOptions

if TYPE_CHECKING:
    from application.ports.clock import Clock
    from application.ports.knowledge_store import KnowledgeStore
    from entrypoints.cli.search_output import QueryNotes


def run_search(
    queries: Sequence[str],
    *,
    limit: int = 3,
    source: str | None = None,
    kinds: str | None = None,
    all_kinds: bool = False,
    as_json: bool = False,
) -> int:
    """Search for each query and print the answers (text with notes, or JSON)."""
    if not queries or not any(q.strip() for q in queries):
        raise InvalidInput("no query given", 'pass at least one query: capy search "what to find"')
    scope = _scope(source, kinds, all_kinds)
    from entrypoints.containers.reading import KnowledgeReading

    options = global_options()
    reading = KnowledgeReading(
        RuntimeOptions(db=options.db, project_dir=options.project_dir, read_only=True)
    )
    if not reading.core.project.db_path.exists():
        print(
            "The knowledge base is empty — nothing has been indexed in this project yet; "
            "add documents with: capy index FILE…",
            file=sys.stderr,
        )
        if as_json:
            _print_json([SearchResults(q) for q in queries])
        return 0
    try:
        use_case = reading.search_knowledge
        found = [use_case.search(q, limit, scope) for q in queries]
        if not as_json:
            from entrypoints.cli.search_output import print_results

            store, clock = reading.knowledge_store, reading.core.clock
            notes = [_notes(store, clock, results, scope, limit) for results in found]
    finally:
        reading.shutdown_resources()
    if as_json:
        _print_json(found)
    else:
        print_results(found, notes)
    return 0


def _notes(
    store: KnowledgeStore, clock: Clock, results: SearchResults, scope: SearchScope, limit: int
) -> QueryNotes:
    """What a person needs beside the results: the query's words no indexed section holds
    (when nothing was found), and the kinds the search left out — looked into with a search
    that marks nothing read — so a better answer there is never silently missed."""
    from application.use_cases.search_knowledge import SearchKnowledge
    from domain.search.query import parse_query
    from entrypoints.cli.search_output import QueryNotes

    absent: tuple[str, ...] = ()
    if not results:
        groups = parse_query(results.query).groups
        _, counts = store.chunk_frequencies(list(groups))
        absent = tuple(g for g, count in zip(groups, counts, strict=True) if count == 0)
    kinds = scope.effective_kinds()
    if kinds is None or (results and scope.kinds_explicit):
        return QueryNotes(absent)  # every kind searched, or the kinds chosen on purpose
    left_out = tuple(
        (kind, count) for kind in sorted(ALL_KINDS - kinds) if (count := len(store.sources([kind])))
    )
    if not left_out:
        return QueryNotes(absent)
    probe = SearchKnowledge(store, clock, track_access=False)
    wider = SearchScope(kinds=frozenset(k for k, _ in left_out), kinds_explicit=True)
    elsewhere = probe.search(results.query, limit, wider)
    return QueryNotes(absent, left_out, elsewhere or None)


def _print_json(found: list[SearchResults]) -> None:
    payload = [_as_json(r) for r in found]
    print(json.dumps(payload[0] if len(payload) == 1 else payload, ensure_ascii=False, indent=2))


def _scope(source: str | None, kinds: str | None, all_kinds: bool) -> SearchScope:
    if kinds is not None and all_kinds:
        raise InvalidInput("--kinds and --all-kinds exclude each other", "pass only one of them")
    chosen = DEFAULT_SEARCH_KINDS
    explicit = False
    if all_kinds:
        chosen, explicit = ALL_KINDS, True
    elif kinds is not None:
        chosen, explicit = parse_kinds(kinds), True
    return SearchScope(kinds=chosen, source=source or None, kinds_explicit=explicit)


def _as_json(found: SearchResults) -> dict[str, object]:
    return {
        "query": found.query,
        "results": [
            {
                "rank": r.rank,
                "source": r.source,
                "kind": r.kind.value,
                "title": r.title,
                "content": r.content,
                "snippet": r.snippet,
                "score": round(r.score, 6),
                "layer": r.layer,
            }
            for r in found.results
        ],
    }
