"""Index a document into the knowledge base."""

from __future__ import annotations

from application.ports.knowledge_store import KnowledgeStore
from application.use_cases.index_request import IndexRequest, IndexResult
from domain.chunk import Chunk
from domain.chunking import MAX_CHUNK_BYTES, chunk, detect_content_type, is_json
from domain.chunking.oversized import pack_blocks
from domain.chunking.transcript import split_turns
from domain.content_type import ContentType
from domain.errors import InvalidInput, SourceTooLarge
from domain.long_text import sha256_hex, utf8_length
from domain.redaction import redact_secrets
from domain.search.stopwords import STOPWORDS
from domain.search.words import MIN_WORD_LENGTH
from domain.settings import Settings
from domain.source import SourceDocument
from domain.valid_text import valid_text
from domain.vocabulary import document_vocabulary

FALLBACK_TITLE = "Content"


class IndexContent:
    """Redact, chunk, hash and store one document under a label.

    Rules:
    - empty or blank content and blank labels are refused;
    - content over ``store.max_source_bytes`` (UTF-8 bytes) is refused whole, never truncated;
    - secrets are redacted before anything is hashed or stored;
    - the same label with the same (redacted) content is only touched, with a new kind applied;
      the same label with other content replaces it (or is kept, with ``replace=False``);
    - a document that yields no chunks is stored as one ``Content`` chunk.
    """

    def __init__(self, store: KnowledgeStore, settings: Settings) -> None:
        self._store = store
        self._max_bytes = settings.store.max_source_bytes

    def execute(self, request: IndexRequest) -> IndexResult:
        label = valid_text(request.label).strip()
        if not label:
            raise InvalidInput("a source needs a label", "give it a short name, e.g. a file name")
        if not request.content.strip():
            raise InvalidInput(
                f'nothing to index for "{label}": the content is empty',
                "pass non-empty text or a file that has content",
            )
        content = valid_text(request.content)
        redacted = redact_secrets(content)
        size = max(utf8_length(content), utf8_length(redacted))
        if size > self._max_bytes:
            raise SourceTooLarge(
                f'"{label}" is {size:,} bytes, over the {self._max_bytes:,} byte limit',
                "index a smaller part, or raise store.max_source_bytes in .capy.toml",
            )

        content_type, note = self._content_type(redacted, request)
        chunks = self._chunks(redacted, content_type, request.chunks)
        document = SourceDocument(
            label=label,
            kind=request.kind,
            content_type=content_type,
            content_hash=sha256_hex(redacted),
            size_bytes=utf8_length(redacted),
            chunks=chunks,
            # The words chunks' codes stand for are known words too (facts are never shown).
            vocabulary=document_vocabulary(redacted, known=_fact_words(chunks)),
        )
        if not request.replace:
            existing = self._store.source_by_label(label)
            if existing is not None and existing.content_hash != document.content_hash:
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
        outcome = self._store.index(document)
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

    @staticmethod
    def _content_type(text: str, request: IndexRequest) -> tuple[ContentType, str]:
        wanted = request.content_type
        if wanted is None:
            return detect_content_type(text), ""
        if request.chunks is not None:
            return wanted, ""
        if wanted is ContentType.JSON and not is_json(text):
            return ContentType.PLAINTEXT, "not valid JSON, indexed as plaintext"
        if wanted is ContentType.TRANSCRIPT and not split_turns(text):
            return ContentType.PLAINTEXT, "no 'Human:' turns found, indexed as plaintext"
        return wanted, ""

    @staticmethod
    def _chunks(
        text: str, content_type: ContentType, given: tuple[Chunk, ...] | None
    ) -> tuple[Chunk, ...]:
        if given is not None:
            chunks: list[Chunk] = []
            for supplied in given:
                title = redact_secrets(valid_text(supplied.title)) or FALLBACK_TITLE
                body = redact_secrets(valid_text(supplied.content))
                if not body.strip():
                    continue
                pieces = pack_blocks([body], title, max_bytes=MAX_CHUNK_BYTES)
                chunks.extend(
                    Chunk(p.title, p.content, has_code=supplied.has_code, facts=supplied.facts)
                    for p in pieces
                )
            found = tuple(chunks)
        else:
            found = chunk(text, content_type)
        return found or (Chunk(title=FALLBACK_TITLE, content=text.strip()),)


def _fact_words(chunks: tuple[Chunk, ...]) -> frozenset[str]:
    """The words chunks' facts add to the vocabulary (plain lower-case words already)."""
    return frozenset(
        word
        for piece in chunks
        if piece.facts
        for word in piece.facts.split()
        if len(word) >= MIN_WORD_LENGTH and word not in STOPWORDS
    )
