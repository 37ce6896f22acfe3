"""Index one large output and answer with the sections that match the agent's intent."""

from __future__ import annotations

from application.ports.knowledge_store import KnowledgeStore
from application.use_cases.find_distinctive_terms import FindDistinctiveTerms
from application.use_cases.index_content import IndexContent
from application.use_cases.index_request import IndexRequest, IndexResult
from application.use_cases.search_knowledge import SearchKnowledge
from domain.chunking.detection import is_json
from domain.compact_view import compact_view
from domain.content_type import ContentType
from domain.intent_summary import IntentMatch, intent_summary
from domain.search_hit import SearchScope
from domain.source_kind import SourceKind

MAX_MATCHES = 5


class SummariseOutput:
    """Index ``text`` as an ephemeral source, search it for the intent, summarise.

    Rules:
    - output that is a JSON document (``gh … --json``, ``kubectl -o json``) is chunked as JSON,
      so each record is found and shown on its own; any other output as plaintext;
    - the search is scoped to exactly that source (other sources never leak into the answer);
    - the reply is ``intent_summary`` — the text the quality benchmark measures — with the
      source's real section count (also when identical output was indexed before), up to five
      matches and the source's distinctive terms.
    """

    def __init__(
        self,
        *,
        index_content: IndexContent,
        search: SearchKnowledge,
        distinctive_terms: FindDistinctiveTerms,
        store: KnowledgeStore,
    ) -> None:
        self._index = index_content
        self._search = search
        self._terms = distinctive_terms
        self._store = store

    def summarise(self, label: str, intent: str, text: str) -> str:
        indexed = self._indexed(label, text)
        found = self._search.search(
            intent, MAX_MATCHES, SearchScope(source=label, exact_source=True)
        )
        source = self._store.source_by_label(label)
        terms = self._terms.terms(source.id) if source is not None else []
        matches = [IntentMatch(r.title, r.content) for r in found.results]
        return intent_summary(
            label,
            intent,
            sections_indexed=indexed.sections,
            output=text,
            matches=matches,
            terms=terms,
        )

    def overview(self, label: str, text: str) -> str:
        """Index ``text`` and reply with its compact view (no intent to search for)."""
        indexed = self._indexed(label, text)
        source = self._store.source_by_label(label)
        chunks = self._store.chunks_of(source.id) if source is not None else []
        terms = self._terms.terms(source.id) if source is not None else []
        return compact_view(
            label,
            text,
            sections=indexed.sections,
            titles=[c.chunk.title for c in chunks],
            terms=terms,
        )

    def _indexed(self, label: str, text: str) -> IndexResult:
        return self._index.execute(
            IndexRequest(
                content=text,
                label=label,
                kind=SourceKind.EPHEMERAL,
                content_type=ContentType.JSON if is_json(text) else ContentType.PLAINTEXT,
            )
        )
