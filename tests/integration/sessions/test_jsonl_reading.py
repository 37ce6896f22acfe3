"""Reading real JSONL files: bounded lines, bad lines counted, a file still being written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adapters.claude_sessions.claude_code_session_files import ClaudeCodeSessionFiles
from application.ports.session_files import MAX_LINE_BYTES
from tests.support.transcripts import ClaudeTranscript


@pytest.fixture
def files(tmp_path: Path) -> ClaudeCodeSessionFiles:
    return ClaudeCodeSessionFiles(tmp_path / "projects")


def test_records_keep_physical_line_numbers_past_bad_lines(
    tmp_path: Path, files: ClaudeCodeSessionFiles
) -> None:
    t = ClaudeTranscript("s1", "/home/dev/app")
    t.prompt("first")
    t.raw('{"type": "user", "message": ')  # cut off mid-object
    t.raw("")
    t.raw("[1, 2, 3]")  # JSON, but not an object
    t.raw("not json at all")
    t.say("an answer")
    path = t.write(tmp_path / "s1.jsonl")

    stream = files.records(path)
    records = list(stream)

    assert [r.line_index for r in records] == [0, 5, 6]
    assert [r.type for r in records] == ["user", "assistant", "assistant"]
    raw = path.read_bytes()
    second = records[1]
    assert json.loads(raw[second.offset : second.offset + second.length])["uuid"] == second.uuid
    assert stream.stats.malformed == 3
    assert stream.stats.blank == 1
    assert stream.stats.lines == 7
    assert stream.stats.records == 3


def test_a_line_over_16_mib_is_skipped_and_counted(
    tmp_path: Path, files: ClaudeCodeSessionFiles
) -> None:
    t = ClaudeTranscript("s2", "/home/dev/app")
    t.prompt("before the huge tool result")
    t.user([{"type": "tool_result", "tool_use_id": "t", "content": "x" * (MAX_LINE_BYTES + 10)}])
    t.say("after it")
    path = t.write(tmp_path / "s2.jsonl")

    stream = files.records(path)
    records = list(stream)

    assert [r.line_index for r in records] == [0, 2, 3]
    assert stream.stats.oversized == 1
    assert records[-1].blocks[-1].text == "after it"


def test_a_line_just_under_the_limit_is_read(tmp_path: Path, files: ClaudeCodeSessionFiles) -> None:
    t = ClaudeTranscript("s3", "/home/dev/app")
    envelope = len(json.dumps({"type": "user", "message": {"role": "user", "content": ""}}))
    t.record(
        {
            "type": "user",
            "message": {"role": "user", "content": "y" * (MAX_LINE_BYTES - envelope - 5)},
        }
    )
    path = t.write(tmp_path / "s3.jsonl")

    stream = files.records(path)
    records = list(stream)

    assert len(records) == 1 and stream.stats.oversized == 0


def test_a_file_being_appended_is_read_up_to_its_last_complete_line(
    tmp_path: Path, files: ClaudeCodeSessionFiles
) -> None:
    t = ClaudeTranscript("s4", "/home/dev/app")
    t.prompt("what is the retry policy?")
    t.say("three attempts with backoff")
    path = t.write(tmp_path / "s4.jsonl")
    pending = json.dumps({"type": "user", "message": {"role": "user", "content": "next one"}})
    with path.open("a", encoding="utf-8") as handle:
        handle.write(pending[: len(pending) // 2])

    stream = files.records(path)
    assert len(list(stream)) == 3
    assert stream.stats.unfinished_bytes == len(pending) // 2
    assert stream.stats.malformed == 0

    with path.open("a", encoding="utf-8") as handle:
        handle.write(pending[len(pending) // 2 :] + "\n")
    again = files.records(path)
    assert [r.text for r in again][-1] == "next one"
    assert again.stats.unfinished_bytes == 0


def test_a_complete_last_line_without_a_line_break_is_read(
    tmp_path: Path, files: ClaudeCodeSessionFiles
) -> None:
    path = tmp_path / "s5.jsonl"
    path.write_text(
        '{"type":"user","message":{"role":"user","content":"a"}}\r\n'
        '{"type":"user","message":{"role":"user","content":"b"}}'
    )
    stream = files.records(path)
    assert [r.text for r in stream] == ["a", "b"]
    assert stream.stats.unfinished_bytes == 0


def test_complete_lines_bytes_leave_out_the_line_being_written(
    tmp_path: Path, files: ClaudeCodeSessionFiles
) -> None:
    path = tmp_path / "s6.jsonl"
    path.write_bytes(b'{"a":1}\n{"b":')
    assert files.read_bytes(path) == b'{"a":1}\n{"b":'
    assert files.read_bytes(path, complete_lines=True) == b'{"a":1}\n'
    [summary] = files.records_in(b'{"type":"summary","summary":"Fix CI","leafUuid":"u"}\n')
    assert (summary.text, summary.logical_parent_uuid) == ("Fix CI", "u")


def test_symlinks_are_refused(tmp_path: Path, files: ClaudeCodeSessionFiles) -> None:
    target = tmp_path / "secret.jsonl"
    target.write_text('{"type":"user"}\n')
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    with pytest.raises(OSError):
        list(files.records(link))
    with pytest.raises(OSError):
        files.read_bytes(link)


def test_blocks_decode_every_content_shape(tmp_path: Path, files: ClaudeCodeSessionFiles) -> None:
    t = ClaudeTranscript("s7", "/home/dev/app")
    t.assistant(
        {"type": "text", "text": "Running the tests."},
        {"type": "tool_use", "id": "toolu_1", "name": "Bash", "input": {"command": "pytest -q"}},
    )
    t.user(
        [
            {
                "type": "tool_result",
                "tool_use_id": "toolu_1",
                "is_error": True,
                "content": [{"type": "text", "text": "1 failed"}, {"type": "image", "source": {}}],
            }
        ]
    )
    t.away_summary("Fixed the flaky retry test.")
    path = t.write(tmp_path / "s7.jsonl")

    first, second, result, summary = list(files.records(path))

    assert first.message_id == second.message_id and first.message_id.startswith("msg_")
    assert second.blocks[0].name == "Bash" and second.blocks[0].input["command"] == "pytest -q"
    assert result.blocks[0].text == "1 failed" and result.blocks[0].is_error
    assert (summary.type, summary.subtype, summary.text) == (
        "system",
        "away_summary",
        "Fixed the flaky retry test.",
    )
    assert summary.fields["level"] == "info"
