"""The phrase scan's shortcuts change nothing: it gives every text what the plain scan it
replaced gives (kept here as the oracle), whatever the case, script, punctuation or length of
the line, and a text its substring gate turns away is one that scan gives 0."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.search.said_phrases import (
    _FINDS_READ,
    _MIN_STEM,
    _REACH,
    _WORD,
    TELLING,
    SaidPhrases,
    said_phrases,
)
from domain.search.word_stems import stem_prefix

# Telling words, other stopwords, words with and without a stem, a stem too short to count,
# non-ASCII words (one whose lower case is longer than itself).
_VOCABULARY = [
    *("not", "no", "nor", "without", "only", "out", "off", "up", "down"),
    *("in", "of", "to", "the", "such", "why", "is", "did", "a"),
    *("file", "files", "staging", "compile", "memory", "fees", "date", "ran", "db", "go"),
    *("straße", "STRASSE", "ошибка", "İstanbul", "ﬁle", "naïve"),
]
_SEPARATORS = [" ", "  ", "_", ", ", ": ", "-", "\n", "", "/", " — "]
_FILLER = "x" * 170  # longer than the reach around a match: the line is cut there


def _spelling(word: str) -> st.SearchStrategy[str]:
    """The word as a line may write it: in capitals, by its stem, with another suffix, inside
    a longer word, cut short."""
    stem = stem_prefix(word.lower())
    return st.sampled_from(
        [word, word.upper(), word.capitalize(), stem, stem + "ed", "x" + word, word[:-1]]
    )


_TELLING = st.sampled_from(_VOCABULARY[:9])
_CONTENT = st.sampled_from(_VOCABULARY[18:])
# Some words, a telling one, some words, a word that is no stopword; or that the other way round.
_QUESTION = st.tuples(
    st.lists(st.sampled_from(_VOCABULARY), max_size=3),
    _TELLING,
    st.lists(st.sampled_from(_VOCABULARY), max_size=2),
    _CONTENT,
    st.booleans(),
).map(lambda p: [*p[0], p[1], *p[2], p[3]][:: -1 if p[4] else 1])


@st.composite
def _asked_and_said(draw: st.DrawFn) -> tuple[str, str]:
    """A question, and a text: words (the question's or others, as a line may write them)
    around, mostly, a run of the question's consecutive words."""
    words = draw(_QUESTION)
    piece = st.one_of(
        st.sampled_from(words).flatmap(_spelling),
        st.sampled_from(_VOCABULARY).flatmap(_spelling),
        st.just(_FILLER),
        st.text(max_size=3),
    )
    pieces = st.lists(st.tuples(piece, st.sampled_from(_SEPARATORS)), max_size=5)
    said = ""
    if draw(st.integers(0, 3)):
        start = draw(st.integers(0, len(words) - 1))
        run = words[start : draw(st.integers(start + 1, len(words)))]
        said = "".join(draw(_spelling(w)) + draw(st.sampled_from(_SEPARATORS)) for w in run)
    around = "".join(p + separator for p, separator in draw(pieces))
    after = "".join(p + separator for p, separator in draw(pieces))
    return " ".join(words), around + said + after


def _plain_said_share(phrases: SaidPhrases, lowered: str) -> float:
    """The scan as it was before its shortcuts: every text scanned, every match's line read,
    every pair of a question's word and a line's word compared."""
    best = 0
    for count, match in enumerate(phrases.pattern.finditer(lowered)):
        if count == _FINDS_READ:
            break
        start, end = match.span()
        if "\n" in lowered[start:end]:
            continue
        line_start = max(lowered.rfind("\n", 0, start) + 1, start - _REACH)
        line_end = lowered.find("\n", end)
        if line_end < 0 or line_end > end + _REACH:
            line_end = min(len(lowered), end + _REACH)
        best = max(best, _plain_longest(phrases, _WORD.findall(lowered, line_start, line_end)))
    return best / len(phrases.words)


def _plain_longest(phrases: SaidPhrases, tokens: list[str]) -> int:
    words, small = phrases.words, phrases.small
    best = 0
    for i in range(len(words)):
        for j in range(len(tokens)):
            if i and j and _plain_same(phrases, i - 1, tokens[j - 1]):
                continue
            length = telling = others = 0
            while (
                i + length < len(words)
                and j + length < len(tokens)
                and _plain_same(phrases, i + length, tokens[j + length])
            ):
                telling += words[i + length] in TELLING
                others += not small[i + length]
                length += 1
            if telling and others and length > best:
                best = length
    return best


def _plain_same(phrases: SaidPhrases, at: int, token: str) -> bool:
    if token == phrases.words[at]:
        return True
    stem = phrases.stems[at]
    return not phrases.small[at] and len(stem) >= _MIN_STEM and token.startswith(stem)


@settings(max_examples=1000, deadline=None)
@given(_asked_and_said())
def test_the_scan_gives_what_the_plain_scan_gives(asked: tuple[str, str]) -> None:
    question, text = asked
    phrases = said_phrases(question)
    if phrases is None:
        return
    lowered = text.lower()
    plain = _plain_said_share(phrases, lowered)
    assert phrases.said_share(lowered) == plain
    if not any(all(piece in lowered for piece in pieces) for pieces in phrases.needs):
        assert plain == 0.0


@settings(max_examples=300, deadline=None)
@given(_QUESTION, st.lists(st.sampled_from(_SEPARATORS), min_size=7, max_size=7))
def test_a_line_saying_the_whole_question_gets_what_the_plain_scan_gives(
    words: list[str], separators: list[str]
) -> None:
    question = " ".join(words)
    phrases = said_phrases(question)
    if phrases is None:
        return
    line = "".join(w + s for w, s in zip(words, [*separators, " "], strict=False))
    lowered = line.lower()
    assert phrases.said_share(lowered) == _plain_said_share(phrases, lowered)


def test_the_gate_needs_every_word_from_a_telling_word_to_the_nearest_other_word() -> None:
    phrases = said_phrases("why no such file")
    assert phrases is not None
    assert phrases.needs == (("no", "such", "file"),)
    # "no" and "file" are there, "such" is not: no line says "no such file".
    assert phrases.said_share("no file here, no sich file") == 0.0
    assert phrases.said_share("cat: a: no such file") == 3 / 4


@settings(max_examples=500, deadline=None)
@given(_QUESTION, st.data())
def test_a_line_s_longest_run_is_the_plain_comparison_s(
    words: list[str], data: st.DataObject
) -> None:
    phrases = said_phrases(" ".join(words))
    if phrases is None:
        return
    spelt = st.sampled_from([*words, *_VOCABULARY]).flatmap(_spelling)
    tokens = [t.lower() for t in data.draw(st.lists(spelt, max_size=16))]
    assert phrases._longest(tokens) == _plain_longest(phrases, tokens)
