"""The viewer's reading of a transcript: markers, diffs, subagent matching, one row per line."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from adapters.claude_sessions.claude_records import claude_record
from adapters.claude_sessions.jsonl_stream import JsonlRecordStream
from domain.sessions.snapshots import merge_snapshots
from domain.vault.diff import diff_of
from domain.vault.viewer import (
    EntryKind,
    SubagentHead,
    ViewerEntry,
    resolve_subagents,
    viewer_entries,
)
from domain.vault.viewer_rows import RowStyle, layout, opened_layout, wrap
from entrypoints.bench.showcase_session import AGENT_ID, showcase_session
from tests.support.transcripts import ClaudeTranscript

S = "0b5e9f6c-1a2d-4c3b-8e7f-112233445566"


def _entries(t: ClaudeTranscript) -> list[ViewerEntry]:
    return viewer_entries(
        merge_snapshots(JsonlRecordStream.of_bytes(t.text().encode(), claude_record))
    )


def test_edit_results_become_diffs_with_their_stat() -> None:
    diff = diff_of(
        {
            "filePath": "/src/app.py",
            "structuredPatch": [
                {
                    "oldStart": 3,
                    "oldLines": 2,
                    "newStart": 3,
                    "newLines": 3,
                    "lines": [" keep", "-old", "+new", "+newer"],
                }
            ],
        }
    )
    assert diff is not None
    assert diff.text.split("\n") == [
        "--- a/src/app.py",
        "+++ b/src/app.py",
        "@@ -3,2 +3,3 @@",
        " keep",
        "-old",
        "+new",
        "+newer",
    ]
    assert (diff.added, diff.removed, diff.stat) == (2, 1, "+2 −1")
    created = diff_of({"type": "create", "filePath": "/n.py", "content": "a\nb\n"})
    assert created is not None and created.text.endswith("@@ -0,0 +1,2 @@\n+a\n+b")
    for nothing in (None, "text", {"filePath": "/x"}, {"structuredPatch": []}):
        assert diff_of(nothing) is None


def test_showcase_entries() -> None:
    entries = _entries(showcase_session(S, "/p").main)
    kinds = [(e.kind, e.label.split(" ")[0]) for e in entries if e.is_marker]
    assert kinds == [
        (EntryKind.COLLAPSED, "Bash"),  # 36 lines: over the threshold
        (EntryKind.COLLAPSED, "Read"),  # a file dump, whatever its size
        (EntryKind.SUBAGENT, "subagent"),
        (EntryKind.DIFF, "Edit"),
        (EntryKind.DIFF, "Write"),
    ]
    subagent = next(e for e in entries if e.kind is EntryKind.SUBAGENT)
    assert subagent.hint == AGENT_ID
    assert "\n" not in subagent.label and subagent.label.startswith("subagent (Explore)")
    short = [e for e in entries if e.role == "tool" and not e.is_marker]
    assert [e.text for e in short][-1] == "43 passed in 0.91s"


def test_an_edit_without_a_recorded_patch_shows_its_plain_result() -> None:
    t = ClaudeTranscript(S, "/p")
    t.tool("Edit", {"file_path": "/p/a.py"}, "The file /p/a.py has been updated successfully.")
    (result,) = [e for e in _entries(t) if e.role == "tool"]
    assert (result.kind, result.text) == (
        EntryKind.MESSAGE,
        "The file /p/a.py has been updated successfully.",
    )


def test_a_result_of_2_kb_or_20_lines_collapses_only_beyond() -> None:
    t = ClaudeTranscript(S, "/p")
    t.bash("a", "\n".join(["x"] * 20))
    t.bash("b", "\n".join(["x"] * 21))
    t.bash("c", "y" * 2000)
    t.bash("d", "y" * 2001)
    results = [e.kind for e in _entries(t) if e.role == "tool"]
    assert results == [
        EntryKind.MESSAGE,
        EntryKind.COLLAPSED,
        EntryKind.MESSAGE,
        EntryKind.COLLAPSED,
    ]


def _marker(prompt: str = "", hint: str = "") -> ViewerEntry:
    return ViewerEntry(
        "assistant", 0, EntryKind.SUBAGENT, label="subagent", prompt=prompt, hint=hint
    )


def test_subagents_are_matched_by_id_then_prompt_then_start_order() -> None:
    entries = [_marker("find x", hint="b"), _marker("count y"), _marker("other")]
    heads = [
        SubagentHead("a", "count y", "2026-01-01T10:00:00Z"),
        SubagentHead("b", "find x", "2026-01-01T09:00:00Z"),
        SubagentHead("c", "something else", "2026-01-01T11:00:00Z"),
    ]
    assert [e.target for e in resolve_subagents(entries, heads)] == ["b", "a", "c"]


def test_order_is_used_only_when_the_numbers_match() -> None:
    entries = [_marker("p1"), _marker("p2")]
    later, earlier = SubagentHead("z", "", "2026-01-02"), SubagentHead("y", "", "2026-01-01")
    assert [e.target for e in resolve_subagents(entries, [later, earlier])] == ["y", "z"]
    lonely = resolve_subagents(entries, [later])
    assert [e.target for e in lonely] == ["", ""]
    assert all(e.label.endswith("(transcript not archived)") and not e.openable for e in lonely)


def test_rows_are_single_lines_within_the_width() -> None:
    entries = _entries(showcase_session(S, "/p").main)
    rows = layout(entries, 40).rows
    assert all("\n" not in r.text and len(r.text) <= 40 for r in rows)
    assert layout(entries, 40, hidden_roles=("tool", "system")).rows
    diff = next(e for e in entries if e.kind is EntryKind.DIFF)
    opened = opened_layout(diff, 40).rows
    assert {RowStyle.FILE, RowStyle.HUNK, RowStyle.ADDED, RowStyle.REMOVED} <= {
        r.style for r in opened
    }


@settings(max_examples=200, deadline=None)
@given(st.text(), st.integers(min_value=1, max_value=200))
def test_wrapping_any_text_gives_single_lines_within_the_width(text: str, width: int) -> None:
    lines = wrap(text, width)
    if text.strip():
        assert lines, "text gave no line: nothing to check"
    for line in lines:
        assert not any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F for c in line)
        assert "\u2028" not in line and "\u2029" not in line
        assert len(line) <= max(width, 8)


def test_escape_sequences_never_reach_the_terminal() -> None:
    assert wrap("\x1b[2J\x1b]0;owned\x07red\x9b31m", 80) == ["�[2J�]0;owned�red�31m"]


def test_an_edit_without_a_patch_gets_its_diff_from_the_two_strings() -> None:
    original = "import os\n\ndef main():\n    print('hi')\n    return 0\n"
    recorded = {
        "filePath": "/src/app.py",
        "oldString": "    print('hi')",
        "newString": "    print('hello')\n    log('said hello')",
        "originalFile": original,
    }
    diff = diff_of(recorded)
    assert diff is not None, "no diff built: nothing to check"
    assert diff.text.split("\n") == [
        "--- a/src/app.py",
        "+++ b/src/app.py",
        "@@ -4 +4,2 @@",
        "-    print('hi')",
        "+    print('hello')",
        "+    log('said hello')",
    ]
    assert diff.stat == "+2 −1"
    # Only the call's input recorded the strings: the diff counts from the edit's first line.
    call = {"file_path": "/src/app.py", "old_string": "a\nb", "new_string": "a\nc"}
    from_call = diff_of({"filePath": "/src/app.py"}, call)
    assert from_call is not None, "no diff built: nothing to check"
    assert from_call.text.split("\n")[2:] == ["@@ -1,2 +1,2 @@", " a", "-b", "+c"]
    edits = {
        "edits": [{"old_string": "x", "new_string": "y"}, {"old_string": "p", "new_string": "q"}]
    }
    both = diff_of(None, {"file_path": "/m.py", **edits})
    assert both is not None and (both.added, both.removed) == (2, 2)
    assert diff_of({"filePath": "/x", "oldString": "same", "newString": "same"}) is None


def test_the_viewer_shows_an_edit_recorded_without_a_patch_as_a_diff() -> None:
    t = ClaudeTranscript("d1d1d1d1-1a2d-4c3b-8e7f-112233445566", "/home/dev/app")
    t.prompt("rename the greeting")
    call = t.tool(
        "Edit",
        {"file_path": "/home/dev/app/a.py", "old_string": "hi", "new_string": "hello"},
        "The file /home/dev/app/a.py has been updated successfully.",
    )
    assert call
    diffs = [e for e in _entries(t) if e.kind is EntryKind.DIFF]
    assert len(diffs) == 1, "the edit is not a diff marker"
    assert diffs[0].text.endswith("-hi\n+hello") and "(+1 −1)" in diffs[0].label
