"""What the host's own tools tell about a session: plan mode, skills, MCP servers' tools, and
the instruction files (CLAUDE.md, AGENTS.md …) the agent read — each kept by reference."""

from __future__ import annotations

from collections.abc import Mapping

from domain.continuity.event import INSTRUCTIONS, MCP, PLAN, SKILL, SessionEvent
from domain.continuity.wording import fact_text

TYPE_CHECKING = False  # typing is not imported at run time (ADR 0102)
if TYPE_CHECKING:
    from typing import Any

PLAN_ENTER_TOOLS = frozenset({"EnterPlanMode"})
PLAN_EXIT_TOOLS = frozenset({"ExitPlanMode", "exit_plan_mode"})
SKILL_TOOLS = frozenset({"Skill", "SlashCommand"})
# The files a host loads as standing instructions for the agent.
INSTRUCTION_FILES = frozenset(
    {
        "CLAUDE.md", "CLAUDE.local.md", "AGENTS.md", "AGENTS.override.md", "GEMINI.md",
        ".cursorrules", "copilot-instructions.md", ".windsurfrules", "CONVENTIONS.md",
    }
)  # fmt: skip
PLAN_CHARS = 160


def host_events(
    name: str, arguments: Mapping[str, Any], response: Any, failed: bool, at: float
) -> list[SessionEvent]:
    """The plan-mode, skill and MCP facts of a finished tool call ([] for other tools)."""
    if name in PLAN_ENTER_TOOLS and not failed:
        return [SessionEvent(PLAN, "entered", "plan", "plan mode entered", at)]
    if name in PLAN_EXIT_TOOLS:
        return [_plan(arguments, response, failed, at)]
    if name in SKILL_TOOLS:
        skill = _text(arguments, "skill") or _text(arguments, "command") or _text(arguments, "name")
        if not skill:
            return []
        words = fact_text(f"{skill} {_text(arguments, 'args')}".strip(), 120)
        key = f"skill:{skill.split()[0].lower()}"
        return [SessionEvent(SKILL, "failed" if failed else "used", key, words, at)]
    if name.startswith("mcp__"):
        server, _, tool = name[len("mcp__") :].partition("__")
        if server and tool:
            text = fact_text(f"{server}: {tool}", 120)
            action = "failed" if failed else "called"
            return [SessionEvent(MCP, action, f"mcp:{server}/{tool}", text, at)]
    return []


def instruction_file_events(paths: list[str], at: float) -> list[SessionEvent]:
    """An instruction file the agent read is kept by its path, never its text."""
    return [
        SessionEvent(INSTRUCTIONS, "read", path, path, at)
        for path in paths
        if path.rsplit("/", 1)[-1] in INSTRUCTION_FILES
    ]


def _plan(arguments: Mapping[str, Any], response: Any, failed: bool, at: float) -> SessionEvent:
    plan = _text(arguments, "plan")
    heading = next((line.strip("# *").strip() for line in plan.splitlines() if line.strip()), "")
    where = ""
    if isinstance(response, Mapping):
        where = _text(response, "filePath") or _text(response, "planFilePath")
    described = fact_text(heading, PLAN_CHARS) if heading else "a plan"
    if where:
        described += f" (in {fact_text(where, 120)})"
    if failed:
        return SessionEvent(PLAN, "not approved", "plan", described, at)
    return SessionEvent(PLAN, "approved", "plan", described, at)


def _text(arguments: Mapping[str, Any], key: str) -> str:
    value = arguments.get(key)
    return value if isinstance(value, str) else ""
