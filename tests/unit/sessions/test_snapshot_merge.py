"""Streamed assistant snapshots fold into one message, nothing lost, nothing repeated."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from adapters.memory.in_memory_session_files import InMemorySessionFiles
from domain.sessions.records import ContentBlock, SessionRecord
from domain.sessions.snapshots import merge_snapshots
from tests.support.transcripts import ClaudeTranscript


def _records(t: ClaudeTranscript) -> list[SessionRecord]:
    return list(InMemorySessionFiles().records_in(t.text().encode()))


def test_one_line_per_block_becomes_one_message() -> None:
    t = ClaudeTranscript("s", "/p")
    t.prompt("run the tests")
    t.assistant(
        {"type": "thinking", "thinking": "pytest first", "signature": "x"},
        {"type": "text", "text": "Running them."},
        {"type": "tool_use", "id": "toolu_a", "name": "Bash", "input": {"command": "pytest"}},
        {"type": "tool_use", "id": "toolu_b", "name": "Read", "input": {"file_path": "/p/a.py"}},
    )
    merged = merge_snapshots(_records(t))

    assert [r.type for r in merged] == ["user", "assistant"]
    message = merged[1]
    assert message.line_index == 1
    assert [b.type for b in message.blocks] == ["thinking", "text", "tool_use", "tool_use"]
    assert [b.id for b in message.blocks if b.id] == ["toolu_a", "toolu_b"]


def test_snapshots_that_repeat_earlier_blocks_do_not_repeat_them() -> None:
    t = ClaudeTranscript("s", "/p")
    t.assistant(
        {"type": "text", "text": "one"}, {"type": "text", "text": "two"}, repeat_earlier=True
    )
    [message] = merge_snapshots(_records(t))
    assert [b.text for b in message.blocks] == ["one", "two"]


def test_messages_without_an_id_are_kept_apart() -> None:
    a = SessionRecord(line_index=0, type="assistant", blocks=(ContentBlock("text", "x"),))
    b = SessionRecord(line_index=1, type="assistant", blocks=(ContentBlock("text", "x"),))
    assert merge_snapshots([a, b]) == [a, b]


_block = st.builds(
    ContentBlock,
    type=st.sampled_from(["text", "tool_use", "thinking"]),
    text=st.sampled_from(["", "a", "b", "c"]),
    id=st.sampled_from(["", "t1", "t2"]),
)
_record = st.tuples(
    st.sampled_from(["user", "assistant", "system"]),
    st.sampled_from(["m1", "m2", "m3", ""]),
    st.lists(_block, max_size=3),
)


@given(st.lists(_record, max_size=30))
def test_merging_adds_each_later_block_once_and_keeps_the_first_line_in_place(
    raw: list[tuple[str, str, list[ContentBlock]]],
) -> None:
    records = [
        SessionRecord(line_index=i, type=kind, message_id=mid, blocks=tuple(blocks))
        for i, (kind, mid, blocks) in enumerate(raw)
    ]
    merged = merge_snapshots(records)

    others = [r for r in records if r.type != "assistant"]
    assert [r for r in merged if r.type != "assistant"] == others
    for message in (r for r in merged if r.type == "assistant"):
        group = [
            r for r in records if r.type == "assistant" and r.snapshot_key == message.snapshot_key
        ]
        first = [b.identity for b in group[0].blocks]  # a line's own blocks stay as written
        later = [b.identity for r in group[1:] for b in r.blocks if b.identity not in first]
        expected = first + list(dict.fromkeys(later))
        assert [b.identity for b in message.blocks] == expected
        assert message.line_index == group[0].line_index
    keys = [r.snapshot_key for r in merged if r.type == "assistant"]
    assert len(keys) == len(set(keys))
