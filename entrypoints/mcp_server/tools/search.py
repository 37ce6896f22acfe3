"""``capy_search``: several queries per call, throttled so single-query loops stop flooding."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Any

from application.ports.clock import Clock
from application.ports.knowledge_store import KnowledgeStore
from application.use_cases.search_knowledge import SearchKnowledge
from domain.chunking.utf8 import byte_len
from domain.search import reply_tuning
from domain.search.reply import results_block
from domain.search.results import SearchResults
from domain.search_hit import SearchScope
from domain.server.search_throttle import SearchThrottle
from domain.source_kind import DEFAULT_SEARCH_KINDS, SourceKind
from entrypoints.mcp_server import arguments
from entrypoints.mcp_server.replies import ToolArgumentError, ToolReply

DEFAULT_LIMIT = reply_tuning.REPLY_RESULTS
MAX_LIMIT = 10
OUTPUT_CAP_BYTES = 40 * 1024
# A question an agent asks fits in a sentence or two; longer "queries" are pasted output, which
# is slow to match (every word becomes a term) and would be echoed back whole in the reply.
MAX_QUERY_CHARS = 500
# Twenty questions already fill the reply cap; more in one call only flood the context.
MAX_QUERIES = 20

EMPTY_BASE = (
    "The knowledge base is empty — nothing has been indexed yet. Index something first:\n"
    "- capy_batch_execute(commands, queries) runs commands and indexes their output;\n"
    "- capy_fetch_and_index(url) indexes a web page or API response;\n"
    "- capy_index(path or content) indexes a project file or text (docs, specs, notes)."
)


def read_kinds(args: Mapping[str, Any]) -> frozenset[SourceKind]:
    kinds: set[SourceKind] = set()
    for value in arguments.string_list(args, "include_kinds"):
        try:
            kinds.add(SourceKind(value.strip().lower()))
        except ValueError:
            accepted = ", ".join(f'"{k.value}"' for k in SourceKind)
            raise ToolArgumentError(
                f'invalid include_kinds value "{value}" (accepted: {accepted})'
            ) from None
    return frozenset(kinds)


def _hidden_hint(results: SearchResults, elsewhere: SearchResults | None) -> list[str]:
    """What the kinds left out of the scope hold for this query, and how to reach it."""
    if elsewhere:
        kinds = sorted({r.kind.value for r in elsewhere.results})
        labels = list(dict.fromkeys(r.source for r in elsewhere.results))
        shown = ", ".join(f'"{label}"' for label in labels[:3])
        wanted = ", ".join(f'"{k}"' for k in ["durable", *kinds])
        return [
            f"It does match {len(elsewhere)} section(s) in {' and '.join(kinds)} sources, which "
            f"this search left out: {shown}. Repeat with include_kinds: [{wanted}], or with "
            f'source: "{labels[0]}".'
        ]
    left_out = ", ".join(f"{count} {kind.value}" for kind, count in results.hidden_kinds)
    return (
        [f"(Nothing in the {left_out} source(s) left out by default either.)"] if left_out else []
    )


def _block(results: SearchResults, elsewhere: SearchResults | None = None) -> str:
    if not results:
        return "\n".join([results_block(results), *_hidden_hint(results, elsewhere)])
    return results_block(results)


def _check_size(queries: list[str]) -> None:
    if len(queries) > MAX_QUERIES:
        raise ToolArgumentError(
            f"{len(queries)} queries in one call; at most {MAX_QUERIES} are answered — keep the "
            "questions you need now and ask the rest in another call"
        )
    for position, query in enumerate(queries):
        if len(query) > MAX_QUERY_CHARS:
            raise ToolArgumentError(
                f"query {position + 1} is {len(query):,} characters long; at most "
                f"{MAX_QUERY_CHARS} are accepted — search for a few distinctive words from it "
                "(an error message, a name, an id) instead of pasting the text"
            )


class SearchTool:
    def __init__(
        self,
        search: Callable[[], SearchKnowledge],
        store: Callable[[], KnowledgeStore],
        throttle: SearchThrottle,
        clock: Clock,
        probe: Callable[[], SearchKnowledge] | None = None,
        *,
        catch_up: Callable[[], object] | None = None,
    ) -> None:
        """``probe`` searches the kinds a scope left out (without marking anything read);
        ``catch_up`` indexes what arrived since the last background run (session journals)
        before a search, so a search sees every event written before it was asked."""
        self._search = search
        self._catch_up = catch_up
        self._probe = probe
        self._store = store
        self._throttle = throttle
        self._clock = clock
        self._lock = threading.Lock()

    def __call__(self, args: Mapping[str, Any]) -> ToolReply:
        queries = arguments.string_list(args, "queries")
        single = arguments.text(args, "query").strip()
        if single and single not in queries:
            queries.append(single)
        if not queries:
            raise ToolArgumentError(
                'provide queries, e.g. queries: ["connection refused", "retry policy"]'
            )
        _check_size(queries)
        limit = arguments.integer(args, "limit", DEFAULT_LIMIT, minimum=1, maximum=MAX_LIMIT)
        source = arguments.text(args, "source").strip()
        kinds = read_kinds(args)
        scope = SearchScope(
            kinds=kinds or DEFAULT_SEARCH_KINDS, source=source or None, kinds_explicit=bool(kinds)
        )
        with self._lock:
            decision = self._throttle.admit(self._clock.monotonic(), limit)
        if decision.blocked:
            return ToolReply(
                f"Refused: {decision.call_number} search calls in "
                f"{decision.window_age_seconds:.0f}s — single searches are flooding your "
                'context. Put all your questions in ONE call (queries: ["q1", "q2", '
                '"q3"]), or use capy_batch_execute(commands, queries) for the next research '
                "step. The count starts again a minute after the first search.",
                is_error=True,
            )
        store = self._store()
        if self._catch_up is not None:
            try:
                self._catch_up()
            except Exception:  # the search still answers from what is indexed
                pass
        counts = store.stats().sources_by_kind
        if not sum(counts.values()):
            return ToolReply(EMPTY_BASE, is_error=True)
        text = self._answer(queries, decision.per_query_limit, scope, counts)
        if decision.warning:
            text += f"\n\n⚠ {decision.warning}"
        return ToolReply(text)

    def _answer(
        self,
        queries: list[str],
        limit: int,
        scope: SearchScope,
        counts: Mapping[SourceKind, int],
    ) -> str:
        search = self._search()
        blocks: list[str] = []
        size = 0
        found_any = False
        for query in queries:
            if size > OUTPUT_CAP_BYTES:
                blocks.append(f"## {query}\n(reply is full — ask for this one in a separate call)")
                continue
            results = search.search(query, limit, scope)
            found_any = found_any or bool(results)
            block = _block(results, self._elsewhere(results, limit))
            size += byte_len(block)
            blocks.append(block)
        text = "\n\n---\n\n".join(blocks)
        if not found_any:
            kinds = scope.effective_kinds() or frozenset(SourceKind)
            known = ", ".join(
                f"{counts.get(k, 0)} {k.value}" for k in sorted(kinds) if counts.get(k, 0)
            )
            if known:
                text += (
                    f"\n\nSearched {known} source(s). Try other words, or capy_stats to see "
                    "what is indexed."
                )
        return text

    def _elsewhere(self, results: SearchResults, limit: int) -> SearchResults | None:
        if results or not results.hidden_kinds or self._probe is None:
            return None
        hidden = frozenset(kind for kind, _ in results.hidden_kinds)
        scope = SearchScope(kinds=hidden, kinds_explicit=True)
        return self._probe().search(results.query, limit, scope)
