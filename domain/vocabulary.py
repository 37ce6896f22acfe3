"""The words an indexed document adds to the vocabulary that fuzzy correction draws on.

Same rule as search's ``vocabulary_words`` (lower-cased runs of letters, digits, ``_`` and ``-``,
edge hyphens trimmed, ≥ 3 characters, no stopwords, plus the parts of compound identifiers
such as ``SESSION_LIFETIME_HOURS`` or ``passwordHash``) — a unit test keeps the two equal — but
de-duplicated before filtering, which makes it several times faster on large documents.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Set
from itertools import islice

from domain.search.stopwords import STOPWORDS
from domain.search.words import MAX_IDENTIFIER_LENGTH, MIN_WORD_LENGTH, identifier_parts

_TOKEN = re.compile(r"[\w-]+")
# Only tokens of ``MIN_WORD_LENGTH`` characters or more give a word or a part (trimming and
# splitting only shorten them): the rest are left in the text instead of being collected. The
# one exception is a token holding a capital dotted I, which ``lower`` makes two characters.
_LONG_TOKEN = re.compile(rf"[\w-]{{{MIN_WORD_LENGTH},}}")
_LOWERS_LONGER = "\u0130"
_NOT_TOKEN = re.compile(r"[^\w-]")
# Tokens are collected a slice at a time: a list of every token of a 2 MB output is ~25 MB.
_SLICE_CHARS = 64 * 1024
# An ASCII slice is split by bytes instead: every byte that is no token character (in ASCII,
# ``[\w-]`` is letters, digits, ``_`` and ``-``) becomes a space, then ``split`` — the same
# tokens as the pattern, in about half the time.
_TOKEN_BYTES = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
_SPACED = bytes(byte if byte in _TOKEN_BYTES else 0x20 for byte in range(256))
# Longer "words" are hashes, base64 blobs and minified code: nobody types them as a misspelling,
# and they would only bloat the vocabulary table.
MAX_VOCABULARY_WORD_LENGTH = MAX_IDENTIFIER_LENGTH
# A token opening or closing on a separator, in ASCII tokens one a line framed by line breaks.
# A document's distinct tokens are walked one loop turn each (``_add_words``) unless they are
# many (``_FEWEST``), mostly without capitals (at most one in ``_SAMPLE``) and ASCII: then only
# the odd ones are (``_odd_tokens``), and the plain ones are added at once (ADR 0334).
# Below ``_FEWEST``, the scans' fixed cost is more than the loop turns they spare.
_FEWEST = 1024
_SAMPLE = 32
# Tokens whose parts are split at once (``_add_separated_parts``).
_PART_BATCH = 4096
# What makes a token odd, and where the place found is in its line: a capital, or ``_`` or
# ``-`` after or before a line break (an edge of a token).
_ODD = (
    *((capital, 0) for capital in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    *((f"\n{edge}", 1) for edge in "_-"),
    *((f"{edge}\n", 0) for edge in "_-"),
)


def document_vocabulary(text: str, known: Iterable[str] = ()) -> frozenset[str]:
    """Distinct vocabulary words of ``text``, and the words ``known`` to be vocabulary words
    besides (stopwords left out): added here, a big log's words are not copied into a second
    set to add a few."""
    found: set[str] = set(known)
    tokens = _tokens(text, _SLICE_CHARS, short_ascii=True)
    odd = _odd_of_plain(tokens)
    if odd is None:
        _add_words(found, tokens)
    else:
        # The plain tokens are walked, not copied into a set of their own (a big table's
        # tokens are megabytes of hash table: ADR 0365).
        _add_plain_words(found, tokens, odd)
        _add_words(found, odd)
    del tokens, odd  # freed before the result's copy is made, not beside it
    found -= STOPWORDS  # in place: a big log's words are a set of ~14 k per MB
    return frozenset(found)


def _odd_of_plain(tokens: set[str]) -> set[str] | None:
    """The odd tokens (``_odd_tokens``) of a document made mostly of plain ones, or ``None``
    when every token must take ``_add_words``' loop (ADR 0334)."""
    if len(tokens) < _FEWEST or not _mostly_plain(tokens):
        return None
    framed = framed_tokens(tokens)
    return _odd_tokens(framed, len(tokens) // 16) if framed.isascii() else None


def framed_tokens(tokens: Iterable[str]) -> str:
    """``tokens`` one a line, a line break before and after them all (``_odd_tokens``' input)."""
    joined = "\n".join(tokens)
    return f"\n{joined}\n"


def _mostly_plain(tokens: set[str]) -> bool:
    """Whether at most one of the first ``_SAMPLE`` of ``tokens`` (the set's order: a sample of
    them) has a capital, as ``_odd_tokens`` needs to pay: a text of source code or prose has
    more, and is spared the join and the scans."""
    return sum(token.lower() != token for token in islice(tokens, _SAMPLE)) <= 1


def _odd_tokens(framed: str, most: int) -> set[str] | None:
    """The tokens of ``framed`` (ASCII tokens one a line, a line break before and after them
    all) with a capital or a separator at an edge, found by a ``find`` of each such character
    (or pair) and a turn at each place; ``None`` past ``most`` of them, where the turns would
    cost more than the loop ``_add_plain_words`` spares (ADR 0334)."""
    odd: set[str] = set()
    for needle, inside in _ODD:
        at = framed.find(needle)
        while at >= 0:
            at += inside
            end = framed.find("\n", at)
            odd.add(framed[framed.rfind("\n", 0, at) + 1 : end])
            if len(odd) > most:
                return None
            at = framed.find(needle, end)
    return odd


def _add_plain_words(found: set[str], tokens: Iterable[str], odd: Set[str] = frozenset()) -> None:
    """``_add_words(found, plain)`` for the plain ``tokens``, those not in ``odd`` (without
    capitals and without a separator at an edge), with no loop turn a token (ADR 0334): each is
    its own lower case and its own word, and its parts are its pieces between separators,
    found by one join and split of those holding one (a log's numbers and hex ids hold none:
    split again, each would be made and hashed twice). ``odd`` is left out by the one filter
    that keeps the words' lengths, not by a generator of its own in front of it (ADR 0376)."""
    if odd:
        words = [
            t
            for t in tokens
            if MIN_WORD_LENGTH <= len(t) <= MAX_VOCABULARY_WORD_LENGTH and t not in odd
        ]
    else:
        words = [t for t in tokens if MIN_WORD_LENGTH <= len(t) <= MAX_VOCABULARY_WORD_LENGTH]
    found.update(words)
    _add_separated_parts(found, [t for t in words if "_" in t or "-" in t])


def _add_words(found: set[str], tokens: Iterable[str]) -> None:
    """Add to ``found`` the words of ``tokens`` and their parts, a token at a time."""
    add = found.add
    # Tokens without capitals that have parts, split all at once at the end: their parts are
    # the pieces between ``_`` and ``-`` (``_separated_parts``), and a split of them joined by
    # ``_`` gives the same pieces as a split of each, for a fraction of the calls.
    separated: list[str] = []
    keep = separated.append
    for token in tokens:
        lowered = token.lower()
        if lowered != token:
            word = lowered.strip("-") if "-" in lowered else lowered
            if MIN_WORD_LENGTH <= len(word) <= MAX_VOCABULARY_WORD_LENGTH:
                add(word)
                if _may_be_compound(token):
                    found.update(p for p in identifier_parts(token) if len(p) >= MIN_WORD_LENGTH)
            continue
        # No capitals: the token itself, not its equal copy (the tokens are freed after this
        # loop, and a big log's words, ids and numbers, are mostly plain ones, each kept once
        # instead of twice at the peak). Parts only between separators (a plain word or number
        # has none), and only when one is inside it (``abc_`` is one piece, which adds no part).
        if "-" in token:
            word, parted = token.strip("-"), _has_inner_separator(token)
        elif "_" in token:
            word, parted = token, "_" in token.strip("_")  # ``_has_inner_separator``
        else:
            word, parted = token, False
        if MIN_WORD_LENGTH <= len(word) <= MAX_VOCABULARY_WORD_LENGTH:
            add(word)
            if parted:
                keep(token)
    _add_separated_parts(found, separated)


def _add_separated_parts(found: set[str], separated: list[str]) -> None:
    """Add to ``found`` the parts (≥ ``MIN_WORD_LENGTH``) of tokens without capitals, split at
    ``_`` and ``-`` by one join and split per ``_PART_BATCH`` tokens: a split of all of a big
    table's ids at once held every piece of them, numbers too, in one list (ADR 0365)."""
    for start in range(0, len(separated), _PART_BATCH):
        batch = separated[start : start + _PART_BATCH]
        pieces = "_".join(batch).replace("-", "_").split("_")
        found.update([p for p in pieces if len(p) >= MIN_WORD_LENGTH])


def _has_inner_separator(token: str) -> bool:
    """Whether ``_separated_parts(token)`` has parts: a ``_`` or ``-`` between two other
    characters, i.e. one left once the edges' separators are trimmed."""
    inner = token.strip("_-")
    return "_" in inner or "-" in inner


def _separated_parts(token: str) -> list[str]:
    """``identifier_parts`` of a token without capitals (``timeout_search672``, ``pod-name``):
    its pieces between ``_`` and ``-`` as they are, without the regular expressions."""
    parts = [piece for piece in token.replace("-", "_").split("_") if piece]
    return parts if len(parts) > 1 else []


def _may_be_compound(token: str) -> bool:
    """False when ``identifier_parts`` surely finds no parts (most tokens: a plain word in one
    case, or not ASCII), which spares the split of every other token."""
    if "_" in token or "-" in token:
        return True
    return token.isascii() and not (token.islower() or token.isupper())


def distinct_tokens(text: str, slice_chars: int = _SLICE_CHARS) -> set[str]:
    """``set(_TOKEN.findall(text))`` less the tokens too short to give a word (``_LONG_TOKEN``),
    without ever holding every token of a long text: each slice ends where no token can
    continue, so no token is split."""
    return _tokens(text, slice_chars, short_ascii=False)


def _tokens(text: str, slice_chars: int, *, short_ascii: bool) -> set[str]:
    """``distinct_tokens``; with ``short_ascii``, also the short tokens of ASCII slices, for a
    caller that drops them itself: dropped from the distinct tokens (~2,600 in 100 KB of log)
    rather than from every token of each slice (~17,000), they cost a third less."""
    tokens: set[str] = set()
    keep_short = _LOWERS_LONGER in text
    pattern = _TOKEN if keep_short else _LONG_TOKEN
    start = 0
    while start < len(text):
        boundary = _NOT_TOKEN.search(text, start + slice_chars)
        end = boundary.start() if boundary else len(text)
        piece = text[start:end]
        if piece.isascii():
            split = piece.encode("ascii").translate(_SPACED).decode("ascii").split()
            if keep_short or short_ascii:
                tokens.update(split)
            else:
                tokens.update([t for t in split if len(t) >= MIN_WORD_LENGTH])
        else:
            tokens.update(pattern.findall(piece))
        start = end + 1 if boundary else end
    return tokens
