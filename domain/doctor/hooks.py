"""Judging which of capy's hook events a host is configured to run."""

from __future__ import annotations

import attrs

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


# The events ``capy setup --platform codex`` registers in ``.codex/hooks.json``.
CODEX_EVENTS = ("PreToolUse", "PostToolUse", "UserPromptSubmit", "SessionStart")


def judge_claude_hooks(found: frozenset[str], files: tuple[str, ...]) -> CheckResult:
    where = ", ".join(files) if files else ".claude/settings.json"
    return _judge("Hooks (Claude Code)", CLAUDE_EVENTS, found, where, "run `capy setup`")


def judge_codex_hooks(found: frozenset[str]) -> CheckResult:
    """Codex asks the person to trust new hooks (its /hooks command) before it runs them."""
    result = _judge(
        "Hooks (Codex)",
        CODEX_EVENTS,
        found,
        ".codex/hooks.json",
        "run `capy setup --platform codex`",
    )
    if not found:
        return warned(
            result.name,
            "capy's MCP server is registered but its hooks are not",
            "run `capy setup --platform codex`; then trust the hooks in Codex (/hooks)",
        )
    return attrs.evolve(result, detail=result.detail + " (Codex asks you to trust them: /hooks)")


def _judge(
    name: str, events: tuple[str, ...], found: frozenset[str], where: str, fix: str
) -> CheckResult:
    if not found:
        return failed(name, f"no capy hooks in {where}", fix)
    missing = [event for event in events if event not in found]
    if missing:
        return warned(
            name,
            f"{len(events) - len(missing)}/{len(events)} events in {where}; "
            f"missing {', '.join(missing)}",
            f"{fix} to add them",
        )
    return passed(name, f"all {len(events)} events in {where} ({', '.join(events)})")
