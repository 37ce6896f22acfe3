"""SessionStart context, and forgetting advice on compaction and at session end."""

from __future__ import annotations

from pathlib import Path

from adapters.json_guidance_state import JsonGuidanceState
from adapters.markdown_instruction_files import MarkdownInstructionFiles
from adapters.memory.in_memory_guidance_state import InMemoryGuidanceState
from application.use_cases.forget_guidance import ForgetGuidance
from application.use_cases.inject_session_context import InjectSessionContext
from domain.hooks.decision import NO_OPINION, AddContext
from domain.hooks.events import HookEvent, event_from_name
from domain.hooks.guidance import ROUTING_BLOCK
from domain.hooks.tool_call import HookInput


def test_session_start_injects_the_routing_block(tmp_path: Path) -> None:
    use_case = InjectSessionContext(
        MarkdownInstructionFiles(str(tmp_path)), InMemoryGuidanceState()
    )
    decision = use_case.execute(HookInput(HookEvent.SESSION_START), ("CLAUDE.md",))
    assert decision == AddContext(ROUTING_BLOCK)


def test_session_start_says_nothing_when_claude_md_imports_the_routing(tmp_path: Path) -> None:
    (tmp_path / ".capy").mkdir()
    (tmp_path / ".capy" / "AGENTS.md").write_text(f"# capy\n\n{ROUTING_BLOCK}\n")
    (tmp_path / "CLAUDE.md").write_text("# Project\n\n@.capy/AGENTS.md\n")
    use_case = InjectSessionContext(
        MarkdownInstructionFiles(str(tmp_path)), InMemoryGuidanceState()
    )
    assert use_case.execute(HookInput(HookEvent.SESSION_START), ("CLAUDE.md",)) is NO_OPINION
    # a host that does not read CLAUDE.md still gets it
    assert isinstance(
        use_case.execute(HookInput(HookEvent.SESSION_START), ("AGENTS.md",)), AddContext
    )


def test_compaction_and_session_end_forget_advice(tmp_path: Path) -> None:
    state = JsonGuidanceState(str(tmp_path))
    assert state.first_time("s1", "read")
    assert not state.first_time("s1", "read")
    ForgetGuidance(state).execute(HookInput(HookEvent.PRE_COMPACT, session_id="s1"))
    assert state.first_time("s1", "read")
    ForgetGuidance(state).execute(HookInput(HookEvent.SESSION_END, session_id="s1"))
    assert not (tmp_path / "guidance-s1.json").exists()


def test_guidance_state_never_escapes_its_directory(tmp_path: Path) -> None:
    state = JsonGuidanceState(str(tmp_path / "state" / "guidance"))
    assert state.first_time("../../evil", "read")
    written = list((tmp_path / "state" / "guidance").iterdir())
    assert len(written) == 1 and written[0].name.startswith("guidance-")
    assert not (tmp_path / "evil").exists()
    assert (tmp_path / "state" / "guidance").stat().st_mode & 0o077 == 0  # private to its owner


def test_guidance_lives_in_capy_s_state_directory() -> None:
    from adapters.json_guidance_state import guidance_directory

    assert guidance_directory({"XDG_STATE_HOME": "/s", "HOME": "/h"}) == "/s/capy/guidance"
    assert guidance_directory({"XDG_STATE_HOME": "rel", "HOME": "/h"}) == (
        "/h/.local/state/capy/guidance"
    )


def test_guidance_state_errors_mean_not_seen(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    state = JsonGuidanceState(str(blocker))
    assert state.first_time("s1", "read")
    assert state.first_time("s1", "read")  # cannot remember: shown again, nothing breaks
    (tmp_path / "guidance-s2.json").write_text("{broken")
    assert JsonGuidanceState(str(tmp_path)).first_time("s2", "read")


def test_event_spellings() -> None:
    assert event_from_name("PreToolUse") is HookEvent.PRE_TOOL_USE
    assert event_from_name("pretooluse") is HookEvent.PRE_TOOL_USE
    assert event_from_name("BeforeTool") is HookEvent.PRE_TOOL_USE
    assert event_from_name("beforeShellExecution") is HookEvent.PRE_TOOL_USE
    assert event_from_name("session-start") is HookEvent.SESSION_START
    assert event_from_name("PreCompress") is HookEvent.PRE_COMPACT
    assert event_from_name("Stop") is None


def test_forgetting_also_sweeps_week_old_state_files(tmp_path: Path) -> None:
    import os
    import time

    state = JsonGuidanceState(str(tmp_path))
    assert state.first_time("old", "read") and state.first_time("recent", "read")
    old = tmp_path / "guidance-old.json"
    week_ago = time.time() - 8 * 24 * 3600
    os.utime(old, (week_ago, week_ago))
    state.forget("current")
    assert not old.exists()
    assert (tmp_path / "guidance-recent.json").exists()
