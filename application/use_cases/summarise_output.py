"""Index one large output and answer with the sections that match the agent's intent."""

from __future__ import annotations

import functools
from collections.abc import Iterable

import attrs

from application.ports.knowledge_store import KnowledgeStore
from application.use_cases.find_distinctive_terms import FindDistinctiveTerms
from application.use_cases.held_text import HeldText
from application.use_cases.index_content import IndexContent
from application.use_cases.index_request import IndexRequest, IndexResult
from application.use_cases.search_knowledge import SearchKnowledge
from domain.chunking.detection import detect_content_type
from domain.chunking.utf8 import byte_len
from domain.compact_view import OutputEnds, compact_view
from domain.execution.command_facts import command_facts
from domain.search import reply_tuning
from domain.search.intent_confidence import may_answer_whole, reply_stands_in
from domain.search.reply import ReplyOutput, intent_reply, intent_reply_bound
from domain.search_hit import SearchScope
from domain.source_kind import SourceKind


@attrs.frozen
class IntentAnswer:
    """What the agent reads for its intent: ``text``, which is the output itself when ``whole``;
    ``matched`` when a section matched the intent."""

    text: str
    matched: bool
    whole: bool = False


class SummariseOutput:
    """Index ``text`` as an ephemeral source, search it for the intent, summarise.

    Rules:
    - output is chunked as what it is, as ``capy_batch_execute`` chunks each command's: a JSON
      document (``gh … --json``, ``kubectl -o json``) as JSON, so each record is found and
      shown on its own; markdown (``cat README.md``, a fetched page) by its headings; any other
      output as plaintext, cut where its tool marks sections;
    - each section is also found by the words of the ``command`` that printed the output and
      the output does not hold (``ruff``, ``kubectl get pods``: an output rarely names its own
      program; ``command_facts``);
    - the search is scoped to exactly that source (other sources never leak into the answer);
    - the reply is ``intent_reply`` — the text the quality benchmark measures, built like
      ``capy_search``'s — with the source's real section count (also when identical output was
      indexed before), the best ``reply_tuning.REPLY_RESULTS`` matches and, only when nothing
      matched, the source's distinctive terms;
    - an output of a few KB (``may_answer_whole``) comes back whole instead, still indexed,
      unless capy is confident the reply holds what was asked (``reply_stands_in``: several
      sections to choose from or a table's rows, every naming word of the intent the output
      holds in the reply, the reply at most half of the output); so does one where nothing
      matched.
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

    def summarise(
        self, label: str, intent: str, output: str | HeldText, command: str = ""
    ) -> IntentAnswer:
        """``output`` given as a ``HeldText`` (held by nothing else) is held packed while the
        store inserts it (ADR 0257), and a reply over a big one reads it again only for a
        table's rows, a piece at a time (ADR 0267)."""
        text = _text(output)
        size = byte_len(text)
        read = ReplyOutput.of(text, functools.partial(_pieces, output))
        del text
        indexed = self._indexed(label, output, command)
        found = self._search.search(
            intent, reply_tuning.REPLY_RESULTS, SearchScope(source=label, exact_source=True)
        )
        terms: list[str] = []
        if not found:
            source = self._store.source_by_label(label)
            terms = self._terms.terms(source.id) if source is not None else []
        reply = intent_reply(
            found, source=label, sections=indexed.sections, output=read, terms=terms
        )
        if may_answer_whole(size):
            text = _text(output)
            if not reply_stands_in(
                found,
                output=text,
                sections=indexed.sections,
                reply=reply,
                bound=intent_reply_bound(label, indexed.sections, text),
            ):
                return IntentAnswer(text, bool(found), whole=True)
        return IntentAnswer(reply, bool(found))

    def overview(self, label: str, output: str | HeldText, command: str = "") -> str:
        """Index ``output`` and reply with its compact view (no intent to search for), whose
        ends are read before it is indexed: a ``HeldText`` is never unpacked (ADR 0267)."""
        ends = OutputEnds.of(_text(output))
        indexed = self._indexed(label, output, command)
        source = self._store.source_by_label(label)
        chunks = self._store.chunks_of(source.id) if source is not None else []
        titles = [c.chunk.title for c in chunks]
        del chunks  # (its sections are read again for their terms, not held twice)
        terms = self._terms.terms(source.id) if source is not None else []
        return compact_view(label, ends, sections=indexed.sections, titles=titles, terms=terms)

    def _indexed(self, label: str, output: str | HeldText, command: str) -> IndexResult:
        # The sections are cut by ``IndexContent``: a big output's in its worker process, so
        # that they are never all held here (ADR 0233); the text itself is held only by
        # ``output``, packed meanwhile when it is a ``HeldText`` (ADR 0257).
        text = _text(output)
        content_type = detect_content_type(text)
        facts = command_facts(command, text)
        del text
        return self._index.execute(
            IndexRequest(
                content=output,
                label=label,
                kind=SourceKind.EPHEMERAL,
                content_type=content_type,
                section_facts=facts,
            )
        )


def _text(output: str | HeldText) -> str:
    return output.text() if isinstance(output, HeldText) else output


def _pieces(output: str | HeldText) -> Iterable[str]:
    return output.pieces() if isinstance(output, HeldText) else (output,)
