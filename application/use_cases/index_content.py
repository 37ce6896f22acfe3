"""Index a document into the knowledge base."""

from __future__ import annotations

import attrs

from application.ports.document_preparer import DocumentPreparer, PreparationFailed
from application.ports.knowledge_store import KnowledgeStore
from application.use_cases.held_text import HeldText
from application.use_cases.index_request import IndexRequest, IndexResult
from application.use_cases.prepare_document import (
    FALLBACK_TITLE,
    content_type_of,
    fact_words,
    given_sections,
    with_section_facts,
)
from domain.chunk import Chunk
from domain.chunking import chunk, detect_content_type
from domain.content_type import ContentType
from domain.errors import InvalidInput, SourceTooLarge
from domain.long_text import sha256_hex, utf8_length
from domain.redaction import redact_secrets
from domain.settings import Settings
from domain.source import DocumentHead, IndexOutcome, SourceDocument
from domain.valid_text import valid_text
from domain.vocabulary import document_vocabulary

__all__ = ["FALLBACK_TITLE", "STREAM_FROM_CHARS", "IndexContent"]

# A document this long (characters) is prepared by ``preparer`` (a worker process in the
# server) while the store inserts its chunks (ADR 0149); a shorter one in one go.
STREAM_FROM_CHARS = 4_000_000


class IndexContent:
    """Redact, chunk, hash and store one document under a label.

    Rules:
    - empty or blank content and blank labels are refused;
    - content over ``store.max_source_bytes`` (UTF-8 bytes) is refused whole, never truncated;
    - secrets are redacted before anything is hashed or stored;
    - the same label with the same (redacted) content is only touched, with a new kind applied;
      the same label with other content replaces it (or is kept, with ``replace=False``);
    - a document that yields no chunks is stored as one ``Content`` chunk;
    - ``section_facts`` (a command's words, for its output): the chunks cut from the content
      are each also found by them and stored as supplied sections are (title and body
      redacted, cut to fit), in process or in the worker alike;
    - a document of ``stream_from_chars`` or more is prepared by ``preparer`` (a worker process)
      while the store inserts its chunks, storing the same rows; if the preparation fails,
      nothing of it is stored and it is prepared here instead;
    - content handed over as a ``HeldText`` is held packed in it from when the worker has it
      until the end: the caller reads it again after, and nothing holds the text itself while
      the store inserts it (ADR 0257).
    """

    def __init__(
        self,
        store: KnowledgeStore,
        settings: Settings,
        preparer: DocumentPreparer | None = None,
        stream_from_chars: int = STREAM_FROM_CHARS,
    ) -> None:
        self._store = store
        self._max_bytes = settings.store.max_source_bytes
        self._preparer = preparer
        self._stream_from = stream_from_chars

    def execute(self, request: IndexRequest) -> IndexResult:
        label = valid_text(request.label).strip()
        if not label:
            raise InvalidInput("a source needs a label", "give it a short name, e.g. a file name")
        given = request.content
        held = given if isinstance(given, HeldText) else HeldText(given)
        content = held.text()
        del given
        if not content.strip():
            raise InvalidInput(
                f'nothing to index for "{label}": the content is empty',
                "pass non-empty text or a file that has content",
            )
        valid = valid_text(content)
        if valid is not content:  # lone surrogates replaced: a copy of its own is indexed
            held, content = HeldText(valid), valid
        del valid  # (a second reference to the text would outlive ``_streamed``'s packing)
        if (
            self._preparer is not None
            and request.chunks is None
            and len(content) >= self._stream_from
            and utf8_length(content) <= self._max_bytes
        ):
            del content  # from here on the box alone holds it (``_streamed`` packs it)
            try:
                return self._streamed(self._preparer, label, held, request)
            except PreparationFailed:
                pass  # nothing of it was stored: prepared again here, in one go
        return self._whole(label, held.text(), request)

    def _streamed(
        self, preparer: DocumentPreparer, label: str, held: HeldText, request: IndexRequest
    ) -> IndexResult:
        content = held.text()
        given_size = utf8_length(content)
        prepared = preparer.prepare(content, request.content_type, request.section_facts)
        del content
        if held is request.content:
            # The worker has it: the caller's box holds it packed while the store inserts it.
            held.pack()
        try:
            head = prepared.head
            size = max(given_size, head.size_bytes)
            if size > self._max_bytes:
                raise SourceTooLarge(
                    f'"{label}" is {size:,} bytes, over the {self._max_bytes:,} byte limit',
                    "index a smaller part, or raise store.max_source_bytes in .capy.toml",
                )
            if not request.replace:
                kept = self._kept(label, head.content_hash)
                if kept is not None:
                    return kept
            document = DocumentHead(
                label=label,
                kind=request.kind,
                content_type=head.content_type,
                content_hash=head.content_hash,
                size_bytes=head.size_bytes,
            )
            outcome = self._store.index_streamed(document, prepared.batches(), prepared.vocabulary)
        finally:
            prepared.close()
        return _result(label, outcome, head.note)

    def _whole(self, label: str, content: str, request: IndexRequest) -> IndexResult:
        if request.section_facts and request.chunks is None:
            wanted = request.content_type or detect_content_type(content)
            sections = tuple(with_section_facts(chunk(content, wanted), request.section_facts))
            if sections:
                request = attrs.evolve(request, content_type=wanted, chunks=sections)
        redacted = redact_secrets(content)
        size = max(utf8_length(content), utf8_length(redacted))
        if size > self._max_bytes:
            raise SourceTooLarge(
                f'"{label}" is {size:,} bytes, over the {self._max_bytes:,} byte limit',
                "index a smaller part, or raise store.max_source_bytes in .capy.toml",
            )

        content_type, note = content_type_of(
            redacted, request.content_type, request.chunks is not None
        )
        chunks = self._chunks(redacted, content_type, request.chunks)
        document = SourceDocument(
            label=label,
            kind=request.kind,
            content_type=content_type,
            content_hash=sha256_hex(redacted),
            size_bytes=utf8_length(redacted),
            chunks=chunks,
            # The words chunks' codes stand for are known words too (facts are never shown).
            vocabulary=document_vocabulary(redacted, known=fact_words(chunks)),
        )
        if not request.replace:
            kept = self._kept(label, document.content_hash)
            if kept is not None:
                return kept
        outcome = self._store.index(document)
        return _result(label, outcome, note)

    def _kept(self, label: str, content_hash: str) -> IndexResult | None:
        """With ``replace=False``: the label's other content, kept."""
        existing = self._store.source_by_label(label)
        if existing is None or existing.content_hash == content_hash:
            return None
        return IndexResult(
            label=label,
            kind=existing.kind,
            content_type=existing.content_type,
            sections=existing.chunk_count,
            code_sections=existing.code_chunk_count,
            size_bytes=existing.size_bytes,
            already_indexed=False,
            replaced=False,
            kept=True,
        )

    @staticmethod
    def _chunks(
        text: str, content_type: ContentType, given: tuple[Chunk, ...] | None
    ) -> tuple[Chunk, ...]:
        found = tuple(given_sections(given)) if given is not None else chunk(text, content_type)
        return found or (Chunk(title=FALLBACK_TITLE, content=text.strip()),)


def _result(label: str, outcome: IndexOutcome, note: str) -> IndexResult:
    """What the agent is told about a document the store took (or already held)."""
    return IndexResult(
        label=label,
        kind=outcome.source.kind,
        content_type=outcome.source.content_type,
        sections=outcome.source.chunk_count,
        code_sections=outcome.source.code_chunk_count,
        size_bytes=outcome.source.size_bytes,
        already_indexed=outcome.already_indexed,
        replaced=outcome.replaced,
        note=note,
    )
