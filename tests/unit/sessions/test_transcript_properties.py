"""Transcript building keeps every text once, and its chunks cover every pair within the limit."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.chunking.limits import MAX_CHUNK_BYTES
from domain.sessions.session_document import session_parts
from domain.sessions.transcript import build_transcript, render_pair
from domain.sessions.turns import PairKind, Subagent, TurnPair
from domain.sessions.windows import chunk_transcript_windows, windows

_counter = itertools.count()
_words = st.text(alphabet=st.sampled_from("abcdefgh xyzé€😀\n"), min_size=0, max_size=60)


@st.composite
def _text(draw: st.DrawFn, big: bool = False) -> str:
    """A text with a unique marker, so each can be found exactly once."""
    body = draw(_words)
    if big and draw(st.booleans()):
        body += " filler" * draw(st.integers(0, 1500))
    return f"<{next(_counter)}>{body}" if body or draw(st.booleans()) else ""


_subagents = st.sampled_from([None, None, Subagent("Explore", "find callers"), Subagent("", "")])


@st.composite
def _pair(draw: st.DrawFn) -> TurnPair:
    kind = draw(st.sampled_from(list(PairKind)))
    if kind is not PairKind.TURN:
        return TurnPair(assistant=draw(_text()) or f"<{next(_counter)}>", kind=kind)
    notes = tuple(
        f"[Bash: <{next(_counter)}>{draw(_words)}]" for _ in range(draw(st.integers(0, 2)))
    )
    pair = TurnPair(
        human=draw(_text(big=True)),
        assistant=draw(_text(big=True)),
        notes=notes,
        tools=("Bash",) if notes else (),
        subagent=draw(_subagents),
    )
    return (
        pair
        if pair.human or pair.assistant or pair.notes
        else TurnPair(human=f"<{next(_counter)}>")
    )


_pairs = st.lists(_pair(), min_size=1, max_size=14).map(
    lambda ps: [p for p in ps if p.subagent is None] + [p for p in ps if p.subagent is not None]
)


def _texts(pair: TurnPair) -> list[str]:
    return [t for t in (pair.human, pair.assistant, *pair.notes) if t]


@settings(max_examples=150, deadline=None)
@given(_pairs)
def test_every_kept_text_appears_once_and_spans_slice_exactly(pairs: list[TurnPair]) -> None:
    transcript = build_transcript(pairs)
    data = transcript.text.encode("utf-8")

    for pair in pairs:
        for text in _texts(pair):
            assert transcript.text.count(text) == 1
    assert transcript.spans[0][0] == 0 and transcript.spans[-1][1] == len(data)
    for (_, end), (start, _) in itertools.pairwise(transcript.spans):
        assert end == start
    for pair, (start, end) in zip(pairs, transcript.spans, strict=True):
        assert render_pair(pair) in data[start:end].decode("utf-8")


@settings(max_examples=150, deadline=None)
@given(_pairs)
def test_windows_cover_every_pair_and_no_chunk_passes_the_limit(pairs: list[TurnPair]) -> None:
    transcript = build_transcript(pairs)
    chunks = chunk_transcript_windows(transcript, "Session 2026-08-20T09:14:03Z")

    spans = windows(len(pairs))
    covered = {i for first, last in spans for i in range(first, last + 1)}
    assert covered == set(range(len(pairs)))
    assert all(len(chunk.content.encode("utf-8")) <= MAX_CHUNK_BYTES for chunk in chunks)
    # A line longer than a chunk is cut across chunks: compare without whitespace.
    everything = "".join("".join(chunk.content.split()) for chunk in chunks)
    for pair in pairs:
        for text in _texts(pair):
            assert "".join(text.split()) in everything


@settings(max_examples=60, deadline=None)
@given(_pairs, st.integers(2_000, 20_000))
def test_parts_stay_under_the_source_limit_and_number_turns_on(
    pairs: list[TurnPair], limit: int
) -> None:
    parts = session_parts(
        pairs,
        heading="Session x",
        start="2026-08-20T09:14:03Z",
        session_id="s",
        max_source_bytes=limit,
        redact=lambda t: t,
    )
    assert sum(len(p.transcript.pairs) for p in parts) == len(pairs)
    for part in parts:
        if len(part.transcript.pairs) > 1:
            assert part.transcript.size <= limit
    assert [p.label.part for p in parts] == list(range(1, len(parts) + 1))


def test_windows_are_four_pairs_overlapping_by_one() -> None:
    assert windows(1) == [(0, 0)]
    assert windows(4) == [(0, 3)]
    assert windows(5) == [(0, 3), (3, 4)]
    assert windows(10) == [(0, 3), (3, 6), (6, 9)]
    assert windows(11) == [(0, 3), (3, 6), (6, 9), (9, 10)]
