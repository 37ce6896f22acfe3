"""Turning what a user typed into search terms and phrases; nothing here can fail."""

from __future__ import annotations

import unicodedata

import attrs

from domain.precompiled import precompiled
from domain.search.named_stopwords import named_stopwords
from domain.search.stopwords import STOPWORDS

# Straight and typographic double quotes delimit phrases.
_QUOTES = precompiled(r"[\"\u201c\u201d\u201e\u00ab\u00bb]")
_PHRASE = precompiled(
    r"[\"\u201c\u201e\u00ab]([^\"\u201c\u201d\u201e\u00ab\u00bb]*)[\"\u201d\u00bb]"
)
# Punctuation that frames a term in prose rather than belonging to it.
_EDGE = "\"'`.,;:!?()[]{}<>*^~|=&$%@"
_WORD_CHAR = precompiled(r"[^\W_]")
# A possessive: "which gcc version's headers", "the API’s certificate" ask about the version and
# the API, which output never writes with an ``'s``. The owner is a word (letters, digits, and
# ``.``/``-``/``_`` inside it: ``node.js's``); code with a quote elsewhere (``re.sub('s``) and
# a lone letter's ``'s`` are left alone. A contraction reads as its stopword (``it's``,
# ``let's``, ``what's``), which the query then drops like the word itself.
_POSSESSIVE = precompiled(r"([^\W_](?:[\w.-]*[^\W_])?)['\u2019]s")
# "recall at 5", "precision at 10": a measure at a cut-off, which output writes ``recall@5``
# (and ``R@5``, see ``synonyms``); the query keeps its words and gains that term.
_AT_CUTOFF = precompiled(r"(?<![\w@.-])([a-z][a-z0-9]{1,15}) at (\d{1,4})(?![\w.@])")


@attrs.frozen
class ParsedQuery:
    """The query as search sees it: ``terms`` (lower case, unique, in order) and ``phrases``.

    ``all_terms`` keeps the stopwords too, for the rare query made only of them.
    """

    raw: str
    terms: tuple[str, ...]
    phrases: tuple[str, ...] = ()

    @property
    def is_empty(self) -> bool:
        return not self.terms and not self.phrases

    @property
    def groups(self) -> tuple[str, ...]:
        """Every unit a result should contain: phrases first, then terms."""
        return self.phrases + self.terms


def clean(text: str) -> str:
    """Drop control and unassigned characters (NUL would end an FTS5 string early)."""
    return "".join(
        ch if unicodedata.category(ch)[0] != "C" else " "
        for ch in unicodedata.normalize("NFC", text)
    )


def trimmed(token: str) -> str:
    """``token`` without the punctuation that frames it in prose (a leading dot kept)."""
    body = token.rstrip(_EDGE)
    lead = body.lstrip(_EDGE)
    if lead and len(lead) < len(body) and body[len(body) - len(lead) - 1] == ".":
        return "." + lead  # ``.env``, ``.gitignore``: a leading dot is part of the name
    return lead


def owner(term: str) -> str:
    """``term`` without its possessive ``'s`` (``version's`` → ``version``); else as it is."""
    possessive = _POSSESSIVE.fullmatch(term)
    return possessive.group(1) if possessive is not None and len(possessive.group(1)) > 1 else term


def _unique(items: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def has_word_char(term: str) -> bool:
    """True when the porter tokenizer would find at least one token in ``term``."""
    return _WORD_CHAR.search(term) is not None


def parse_query(text: str) -> ParsedQuery:
    """Phrases from balanced double quotes; the rest split on whitespace, trimmed, de-duplicated.

    Stopwords are dropped unless nothing else would remain; terms without a letter or digit
    (``->``, ``|``) are dropped because neither index can match them as words.
    """
    cleaned = clean(text)
    phrases: list[str] = []
    for match in _PHRASE.finditer(cleaned):
        phrase = " ".join(match.group(1).lower().split())
        if has_word_char(phrase):
            phrases.append(phrase)
    rest = _QUOTES.sub(" ", _PHRASE.sub(" ", cleaned))
    candidates = [owner(trimmed(token.lower())) for token in rest.split()]
    candidates = [t for t in candidates if t and has_word_char(t)]
    # A one-word "phrase" is just a term.
    single = [p for p in phrases if " " not in p]
    phrases = [p for p in phrases if " " in p]
    terms = _unique(single + candidates)
    named = named_stopwords(candidates)
    meaningful = tuple(t for t in terms if t not in STOPWORDS or t in named)
    if meaningful or phrases:
        terms = meaningful
    cutoffs = _AT_CUTOFF.findall(" ".join(rest.lower().split()))
    terms = _unique([*terms, *(f"{word}@{n}" for word, n in cutoffs if word not in STOPWORDS)])
    return ParsedQuery(raw=text, terms=terms, phrases=_unique(phrases))
