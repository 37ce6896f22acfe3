"""Judging which of capy's hook events a host is configured to run."""

from __future__ import annotations

from domain.doctor.check import CheckResult, failed, passed, warned

# The events ``capy setup`` registers for Claude Code: only those whose hook does something.
CLAUDE_EVENTS = (
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "UserPromptSubmit",
    "PreCompact",
    "SessionStart",
    "SessionEnd",
)


def judge_claude_hooks(found: frozenset[str], files: tuple[str, ...]) -> CheckResult:
    name = "Hooks (Claude Code)"
    where = ", ".join(files) if files else ".claude/settings.json"
    if not found:
        return failed(name, f"no capy hooks in {where}", "run `capy setup`")
    missing = [event for event in CLAUDE_EVENTS if event not in found]
    if missing:
        return warned(
            name,
            f"{len(CLAUDE_EVENTS) - len(missing)}/{len(CLAUDE_EVENTS)} events in {where}; "
            f"missing {', '.join(missing)}",
            "run `capy setup` to add them",
        )
    return passed(name, f"all {len(CLAUDE_EVENTS)} events in {where}")
