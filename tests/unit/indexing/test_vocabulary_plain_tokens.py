"""The document vocabulary's plain tokens added at once (ADR 0334) give the words and parts the
loop over every token gave: the same vocabulary, so the same store."""

from __future__ import annotations

from collections.abc import Iterable

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.search.stopwords import STOPWORDS
from domain.search.words import MIN_WORD_LENGTH
from domain.vocabulary import (
    _FEWEST,
    _SLICE_CHARS,
    MAX_VOCABULARY_WORD_LENGTH,
    _add_plain_words,
    _add_separated_parts,
    _add_words,
    _odd_tokens,
    _tokens,
    document_vocabulary,
    framed_tokens,
)


def _old_document_vocabulary(text: str) -> frozenset[str]:
    """``document_vocabulary`` as it was: a loop turn a distinct token."""
    found: set[str] = set()
    _add_words(found, _tokens(text, _SLICE_CHARS, short_ascii=True))
    return frozenset(found - STOPWORDS)


# Tokens as a log spells them: plain words and ids, separators inside and at the edges (``--flag``,
# ``__init__``, ``abc-``), capitals anywhere, too short and too long ones (over 64 characters).
_TOKEN = st.one_of(
    st.text(alphabet="abz09_-", min_size=1, max_size=8),
    st.text(alphabet="aB_-", min_size=1, max_size=6),
    st.text(alphabet="ab_-", min_size=62, max_size=67),
    st.builds(
        lambda edge, middle, tail: edge + middle + tail,
        st.sampled_from(["", "_", "-", "--", "__", "-_"]),
        st.text(alphabet="abQ1_-", min_size=0, max_size=70),
        st.sampled_from(["", "_", "-", "_-", "--"]),
    ),
)


@settings(max_examples=1500)
@given(st.sets(_TOKEN, max_size=40))
def test_plain_tokens_at_once_and_odd_ones_looped_give_the_loop_s_words(tokens: set[str]) -> None:
    framed = framed_tokens(tokens)
    odd = _odd_tokens(framed, len(tokens))
    assert odd is not None
    assert odd <= tokens
    at_once: set[str] = set()
    _add_plain_words(at_once, tokens - odd)
    _add_words(at_once, odd)
    looped: set[str] = set()
    _add_words(looped, tokens)
    assert at_once == looped


@given(st.sets(_TOKEN, min_size=3, max_size=20))
def test_past_most_odd_tokens_the_scan_gives_up(tokens: set[str]) -> None:
    framed = framed_tokens(tokens)
    odd = _odd_tokens(framed, len(tokens))
    assert odd is not None
    if odd:
        assert _odd_tokens(framed, len(odd) - 1) is None


@settings(max_examples=200, deadline=None)
@given(st.lists(_TOKEN, max_size=60), st.sampled_from([" ", "\n", " = ", ", "]))
def test_a_log_of_many_plain_tokens_gives_the_old_vocabulary(extra: list[str], joint: str) -> None:
    """Enough plain tokens that the scans run (``_FEWEST``), with the generated ones among them."""
    plain = [f"worker_{n:x}-queue" if n % 3 else f"job{n}" for n in range(_FEWEST + 100)]
    text = joint.join(plain[: _FEWEST // 2] + extra + plain[_FEWEST // 2 :])
    assert document_vocabulary(text) == _old_document_vocabulary(text)


def test_the_scans_run_on_a_log_of_plain_tokens() -> None:
    text = " ".join(f"worker_{n:x}-queue __init__ --flag HTTP" for n in range(_FEWEST))
    tokens = _tokens(text, _SLICE_CHARS, short_ascii=True)
    assert _odd_tokens(framed_tokens(tokens), len(tokens) // 16) == {
        "__init__",
        "--flag",
        "HTTP",
    }
    assert document_vocabulary(text) == _old_document_vocabulary(text)


@settings(max_examples=300)
@given(st.lists(_TOKEN, max_size=30), st.integers(min_value=1, max_value=7))
def test_parts_split_a_batch_at_a_time_are_the_parts_of_one_split(
    tokens: list[str], batch: int
) -> None:
    """ADR 0365: a big table's ids are split a batch at a time, not all at once — same parts."""
    import domain.vocabulary as vocabulary

    separated = [t.lower() for t in tokens if "_" in t or "-" in t]
    whole: set[str] = set()
    pieces = "_".join(separated).replace("-", "_").split("_")
    whole.update(p for p in pieces if len(p) >= 3)
    batched: set[str] = set()
    saved = vocabulary._PART_BATCH
    vocabulary._PART_BATCH = batch
    try:
        vocabulary._add_separated_parts(batched, separated)
    finally:
        vocabulary._PART_BATCH = saved
    assert batched == whole


def _old_add_plain_words(found: set[str], plain: Iterable[str]) -> None:
    """``_add_plain_words`` before ADR 0376: the odd tokens left out by a generator in front."""
    words = [t for t in plain if MIN_WORD_LENGTH <= len(t) <= MAX_VOCABULARY_WORD_LENGTH]
    found.update(words)
    _add_separated_parts(found, [t for t in words if "_" in t or "-" in t])


@settings(max_examples=1500)
@given(st.sets(_TOKEN, max_size=40), st.data())
def test_odd_tokens_left_out_by_the_length_filter_give_the_generator_s_words(
    tokens: set[str], data: st.DataObject
) -> None:
    """ADR 0376: the same words, added in the same order (so the same set, iterated alike)."""
    odd = data.draw(st.sets(st.sampled_from(sorted(tokens)))) if tokens else set()
    known = data.draw(st.sets(_TOKEN, max_size=5))
    merged, generated = set(known), set(known)
    _add_plain_words(merged, tokens, odd)
    _old_add_plain_words(generated, (t for t in tokens if t not in odd) if odd else tokens)
    assert merged == generated
    assert list(merged) == list(generated)
