"""Plan mode, skills and slash commands, MCP tools, instruction files, a role, pasted data:
captured by reference and restored within the snapshot's bound."""

from __future__ import annotations

from domain.continuity.event import DATA, INSTRUCTIONS, PLAN, ROLE, SKILL
from domain.continuity.prompt_facts import prompt_events
from domain.continuity.snapshot import COMPACTED, SNAPSHOT_BYTES, render_snapshot
from domain.continuity.state import fold
from domain.continuity.tool_facts import tool_events
from domain.hooks.tool_call import ToolCall, ToolOutcome

ROOT = "/home/dev/app"


def _tool(name: str, arguments: dict, response: object = None, at: float = 1.0) -> list:
    outcome = ToolOutcome(response if response is not None else {})
    return tool_events(ToolCall(name, arguments), outcome, ROOT, at)


def _failed(name: str, arguments: dict, at: float = 1.0) -> list:
    outcome = ToolOutcome(None, "User rejected the plan", failed=True)
    return tool_events(ToolCall(name, arguments), outcome, ROOT, at)


def test_plan_mode_entered_then_the_plan_approved_by_its_heading_and_file() -> None:
    entered = _tool("EnterPlanMode", {})
    plan = "# Move sessions to JWT\n\n1. Add the signer\n2. Migrate the middleware"
    approved = _tool("ExitPlanMode", {"plan": plan}, {"filePath": "/h/.claude/plans/jwt.md"}, 2.0)
    assert [(e.category, e.action) for e in entered + approved] == [
        (PLAN, "entered"),
        (PLAN, "approved"),
    ]
    state = fold(entered + approved)
    assert state.plan == "approved: Move sessions to JWT (in /h/.claude/plans/jwt.md)"
    rejected = _failed("ExitPlanMode", {"plan": plan}, 3.0)
    assert fold(entered + approved + rejected).plan.startswith("not approved: Move sessions")


def test_skills_and_custom_slash_commands_are_kept_but_not_the_hosts_own_commands() -> None:
    [skill] = _tool("Skill", {"skill": "pdf", "args": "report.pdf"})
    assert (skill.category, skill.text) == (SKILL, "pdf report.pdf")
    [command] = prompt_events("/review src/auth.py for injection", 1.0)
    assert (command.category, command.text) == (SKILL, "/review src/auth.py for injection")
    assert prompt_events("/compact keep the errors", 1.0) == []
    assert prompt_events("/model opus", 1.0) == []


def test_instruction_files_are_kept_by_path_never_by_text() -> None:
    events = _tool("Read", {"file_path": f"{ROOT}/services/api/CLAUDE.md"})
    events += prompt_events("Please follow the rules in docs/STYLE.md from here.", 2.0)
    named = [e for e in events if e.category == INSTRUCTIONS]
    assert [e.text for e in named] == ["services/api/CLAUDE.md", "docs/STYLE.md"]
    assert fold(events).instructions == ["services/api/CLAUDE.md", "docs/STYLE.md"]


def test_a_role_the_user_sets_is_kept_and_small_talk_is_not_a_role() -> None:
    events = prompt_events("You are a strict security reviewer. Look at login.py.", 1.0)
    assert [e.text for e in events if e.category == ROLE] == ["You are a strict security reviewer."]
    for said in ("You are right, carry on.", "Are you a bot?", "Act as if nothing happened"):
        assert not [e for e in prompt_events(said, 1.0) if e.category == ROLE]


def test_pasted_data_is_kept_by_size_and_first_line() -> None:
    pasted = "Here is the stack trace:\n" + "  at Foo.bar (foo.js:1:1)\n" * 80
    [data] = [e for e in prompt_events(pasted, 1.0) if e.category == DATA]
    kept = pasted.strip()
    assert data.text.startswith(f"{len(kept):,} bytes, 81 lines, first line: Here is the stack")
    assert "Foo.bar" not in data.text
    [request] = [e for e in prompt_events(pasted, 1.0) if e.category == "prompt"]
    assert request.text == "Here is the stack trace: (with pasted data)"


def test_every_new_category_comes_back_within_the_bound() -> None:
    events = _tool("EnterPlanMode", {}, at=1.0)
    events += _tool("ExitPlanMode", {"plan": "# Cache the price lookups"}, at=2.0)
    events += _tool("Skill", {"skill": "frontend-design"}, at=3.0)
    events += _tool("mcp__github__create_issue", {"title": "x"}, at=4.0)
    events += _tool("mcp__github__list_pulls", {}, at=5.0)
    events += _tool("mcp__sentry__get_event", {}, at=6.0)
    events += _tool("Read", {"file_path": f"{ROOT}/AGENTS.md"}, at=7.0)
    events += prompt_events("Act as a senior Go reviewer.", 8.0)
    events += prompt_events("Logs:\n" + "GET /api 500\n" * 200, 9.0)
    events += prompt_events("/review pricing.go", 10.0)
    text = render_snapshot(fold(events), "s", COMPACTED)
    assert len(text.encode()) <= SNAPSHOT_BYTES
    for fact in (
        "Plan mode: approved: Cache the price lookups",
        "Skills and commands: /review pricing.go; frontend-design",
        "MCP tools: sentry (get_event); github (list_pulls, create_issue)",
        "Instruction files: AGENTS.md",
        "Role the user set: Act as a senior Go reviewer.",
        "Pasted data: 2,605 bytes, 201 lines, first line: Logs:",
    ):
        assert fact in text, fact


def test_a_request_made_in_plan_mode_says_the_session_is_planning() -> None:
    planning = prompt_events("Plan the cache layer first.", 1.0, mode="plan")
    assert fold(planning).plan == "in plan mode (the latest request was made in it)"
    plan = "# Cache the price lookups"
    approved = _tool("ExitPlanMode", {"plan": plan}, at=2.0)
    assert fold(planning + approved).plan == "approved: Cache the price lookups"
    working = prompt_events("Go ahead with step one.", 3.0, mode="acceptEdits")
    assert fold(planning + approved + working).plan == "approved: Cache the price lookups"
    again = prompt_events("Now plan the invalidation.", 4.0, mode="plan")
    assert fold(planning + approved + working + again).plan == (
        "in plan mode (the latest request was made in it); before: approved: Cache the price "
        "lookups"
    )
    assert fold(prompt_events("Plan nothing, just fix it.", 1.0)).plan == ""
