"""A document's Python side as a stream: redacted, typed, hashed, then its chunks in batches,
then its vocabulary. The same steps ``IndexContent`` takes for a document held whole."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import attrs

from application.ports.document_preparer import PreparedHead
from domain.chunk import Chunk
from domain.chunking import MAX_CHUNK_BYTES, chunk_stream, detect_content_type, is_json
from domain.chunking.oversized import pack_blocks
from domain.chunking.transcript import split_turns
from domain.content_type import ContentType
from domain.long_text import sha256_hex, utf8_length
from domain.redaction import redact_secrets
from domain.search.stopwords import STOPWORDS
from domain.search.words import MIN_WORD_LENGTH
from domain.valid_text import valid_text
from domain.vocabulary import document_vocabulary

FALLBACK_TITLE = "Content"
# Chunks handed on together: ~1 MiB of content is ~280 log windows, few enough round trips
# that a batch's cost is the rows', small enough that the store starts early.
BATCH_CHARS = 1 << 20
# The first batch is smaller, and each next one an eighth larger up to ``BATCH_CHARS``: the
# store waits for the first before it inserts anything, and then inserts each batch while the
# next one is cut; a batch growing no faster than the store inserts keeps it from waiting for
# the next (ADR 0274).
FIRST_BATCH_CHARS = 1 << 16


def content_type_of(
    text: str, wanted: ContentType | None, chunks_given: bool = False
) -> tuple[ContentType, str]:
    """The type ``text`` is chunked as, and a note when the one asked for does not fit it."""
    if wanted is None:
        return detect_content_type(text), ""
    if chunks_given:
        return wanted, ""
    if wanted is ContentType.JSON and not is_json(text):
        return ContentType.PLAINTEXT, "not valid JSON, indexed as plaintext"
    if wanted is ContentType.TRANSCRIPT and not split_turns(text):
        return ContentType.PLAINTEXT, "no 'Human:' turns found, indexed as plaintext"
    return wanted, ""


def fact_words(chunks: Iterable[Chunk]) -> frozenset[str]:
    """The words chunks' facts add to the vocabulary (plain lower-case words already)."""
    return frozenset(
        word
        for piece in chunks
        if piece.facts
        for word in piece.facts.split()
        if len(word) >= MIN_WORD_LENGTH and word not in STOPWORDS
    )


def with_section_facts(chunks: Iterable[Chunk], words: str) -> Iterator[Chunk]:
    """``chunks``, each also found by ``words`` (put before its own facts)."""
    for piece in chunks:
        yield attrs.evolve(piece, facts=f"{words} {piece.facts}".strip())


def given_sections(given: Iterable[Chunk]) -> list[Chunk]:
    """Sections a caller supplied, as they are stored: title and body redacted, a blank body
    left out, a body over ``MAX_CHUNK_BYTES`` cut to fit; each keeps its code flag and facts."""
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
    return chunks


class InProcessPreparation:
    """``PreparedDocument`` computed in this process, a batch at a time as the store asks."""

    def __init__(
        self,
        content: str,
        wanted: ContentType | None,
        *,
        redacted: bool = False,
        section_facts: str = "",
    ) -> None:
        """``redacted``: ``content`` is already what redaction makes of it (a worker is given
        a text its server redacts, ADR 0174); otherwise it is redacted here. ``section_facts``:
        words every chunk is also found by; the chunks are then stored as sections a caller
        supplied are (``given_sections``), as ``IndexContent`` stores them (ADR 0233)."""
        self._text = content if redacted else redact_secrets(content)
        self._section_facts = section_facts
        content_type, note = content_type_of(self._text, wanted, bool(section_facts))
        self._head = PreparedHead(
            content_type=content_type,
            note=note,
            content_hash=sha256_hex(self._text),
            size_bytes=utf8_length(self._text),
        )
        self._facts: set[str] = set()
        self._text_words: set[str] = set()
        self._words_read = 0  # characters of the text whose words are in ``_text_words``
        self._done = False

    @property
    def head(self) -> PreparedHead:
        return self._head

    def batches(self) -> Iterator[tuple[Chunk, ...]]:
        batch: list[Chunk] = []
        size = 0
        limit = FIRST_BATCH_CHARS
        for piece in self._chunks():
            batch.append(piece)
            size += len(piece.content)
            if size >= limit:
                yield self._handed(batch)
                batch, size = [], 0
                limit = min(limit + limit // 8, BATCH_CHARS)
                self._done = True  # at least one chunk: no fallback
        if batch:
            yield self._handed(batch)
        elif not self._done:  # a document that yields no chunks is stored as one
            yield self._handed([Chunk(title=FALLBACK_TITLE, content=self._text.strip())])
        self._done = True

    def _chunks(self) -> Iterator[Chunk]:
        chunks = chunk_stream(self._text, self._head.content_type)
        if not self._section_facts:
            yield from chunks
            return
        for piece in with_section_facts(chunks, self._section_facts):
            yield from given_sections((piece,))

    def _handed(self, batch: list[Chunk]) -> tuple[Chunk, ...]:
        self._facts |= fact_words(batch)
        return tuple(batch)

    def read_text_words(self, chars: int) -> None:
        """The vocabulary words of the next ``chars`` or so of the text (to the end of a line),
        now: a worker reads a batch's worth while the store inserts that batch, instead of all
        of them at once (the store would wait) or after the last batch. A word never holds a
        line break, so the words of a text cut at line breaks are the text's, piece by piece;
        the chunks' fact words join them in ``vocabulary`` (``document_vocabulary`` is the
        union of both, stopwords left out, and ``fact_words`` has none)."""
        start = self._words_read
        if start >= len(self._text):
            return
        end = self._text.find("\n", start + max(chars, 1))
        end = len(self._text) if end < 0 else end + 1
        self._text_words |= document_vocabulary(self._text[start:end])
        self._words_read = end

    def vocabulary(self) -> Iterator[frozenset[str]]:
        """``words``, as the one part of the vocabulary (``PreparedDocument``)."""
        yield self.words()

    def words(self) -> frozenset[str]:
        # The words chunks' codes stand for are known words too (facts are never shown).
        if self._words_read:
            self.read_text_words(len(self._text))
            return frozenset(self._text_words | self._facts)
        return document_vocabulary(self._text, known=frozenset(self._facts))

    def close(self) -> None:
        self._text = ""


class InProcessPreparer:
    """``DocumentPreparer`` in this process: small documents, tests, and the fallback."""

    def prepare(
        self, content: str, wanted: ContentType | None, section_facts: str = ""
    ) -> InProcessPreparation:
        return InProcessPreparation(content, wanted, section_facts=section_facts)
