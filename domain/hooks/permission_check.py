"""The user's permission rules applied to a tool call before capy's own routing.

Bash is checked as a script (every simple command, nested shells and inline interpreter code
included). capy's own tools are checked for what they would run: shell code as a script, other
languages by the shell commands they start (``subprocess.run([...])``, backticks, …), batch
commands one by one, and ``capy_execute_file`` paths against ``Read`` rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from domain.hooks.decision import Ask, Deny
from domain.hooks.routing import capy_tool_name, shell_command_text
from domain.hooks.tool_call import ToolCall
from domain.permissions.evaluation import (
    Decision as RuleDecision,
)
from domain.permissions.evaluation import (
    Verdict,
    evaluate_code,
    evaluate_read,
    evaluate_shell,
)
from domain.permissions.rules import PermissionPolicy

TYPE_CHECKING = False  # typing is not imported at run time (ADR 0102)
if TYPE_CHECKING:
    from typing import Any

    from domain.permissions.path_rules import ReadTarget

_SHELL_LANGUAGES = frozenset({"shell", "bash", "sh", "zsh"})

ReadTargetOf = Callable[[str], "ReadTarget"]


def check_permissions(
    policy: PermissionPolicy, tool: ToolCall, read_target: ReadTargetOf
) -> Deny | Ask | None:
    """``Deny``/``Ask`` when a rule speaks against the call, else None."""
    if policy.is_empty:
        return None
    verdicts = list(_verdicts(policy, tool, read_target))
    for wanted in (RuleDecision.DENY, RuleDecision.ASK):
        for verdict in verdicts:
            if verdict.decision is wanted:
                return _answer(verdict)
    return None


def unchecked_call(policy: PermissionPolicy, tool: ToolCall, why: str) -> Deny | Ask | None:
    """What a call the check could not finish gets: a refusal when a deny rule could apply to
    it, a question when only an ask rule could, else no opinion."""
    from domain.permissions.evaluation import unreadable
    from domain.permissions.rules import RuleKind

    verdict = unreadable(policy, "", why)
    reads_a_file = tool.name != "Bash" and capy_tool_name(tool.name) == "capy_execute_file"
    if reads_a_file and policy.for_tool("Read", RuleKind.DENY):
        verdict = Verdict(RuleDecision.DENY, None, "", why)
    if verdict.decision is RuleDecision.NONE:
        return None
    return _answer(verdict)


def _verdicts(
    policy: PermissionPolicy, tool: ToolCall, read_target: ReadTargetOf
) -> Iterable[Verdict]:
    if tool.name == "Bash":
        command = shell_command_text(tool.arguments)
        if command:
            yield evaluate_shell(policy, command)
        return
    capy_tool = capy_tool_name(tool.name)
    if capy_tool is None:
        return
    arguments = tool.arguments
    if capy_tool == "capy_execute_file":
        path = tool.text("path") or tool.text("file_path")
        if path:
            yield evaluate_read(policy, read_target(path))
    if capy_tool in {"capy_execute", "capy_execute_file"}:
        code = tool.text("code")
        if code:
            yield _code_verdict(policy, tool.text("language"), code)
    if capy_tool == "capy_batch_execute":
        for command in _batch_commands(arguments):
            yield evaluate_shell(policy, command)


def _code_verdict(policy: PermissionPolicy, language: str, code: str) -> Verdict:
    language = language.strip().lower()
    if language in _SHELL_LANGUAGES:
        return evaluate_shell(policy, code)
    return evaluate_code(policy, language, code)


def _batch_commands(arguments: Mapping[str, Any]) -> list[str]:
    raw = arguments.get("commands")
    if isinstance(raw, str):
        import json

        try:
            raw = json.loads(raw)
        except ValueError:
            return [raw]
    if not isinstance(raw, list):
        return []
    commands: list[str] = []
    for item in raw:
        if isinstance(item, str):
            commands.append(item)
        elif isinstance(item, dict) and isinstance(item.get("command"), str):
            commands.append(item["command"])
    return commands


def _answer(verdict: Verdict) -> Deny | Ask:
    rule = verdict.rule
    if rule is None:
        return _unchecked(verdict)
    where = f" in {rule.origin}" if rule is not None and rule.origin else ""
    named = f"the permission rule {rule.text}{where}" if rule is not None else "a permission rule"
    detail = f" ({verdict.reason})" if verdict.reason else ""
    subject = f" `{verdict.subject}`" if verdict.subject else ""
    if verdict.decision is RuleDecision.DENY:
        return Deny(
            f"capy: blocked by {named}: it matches{subject}{detail}. Do not retry this through "
            "another tool; ask the user if it is needed."
        )
    return Ask(f"capy: {named} asks for confirmation of{subject}{detail}.")


def _unchecked(verdict: Verdict) -> Deny | Ask:
    """A call capy could not check in full, where a rule could apply: fail closed."""
    subject = f" `{verdict.subject}`" if verdict.subject else ""
    what = verdict.reason
    if subject and subject not in verdict.reason:
        what += subject
    if verdict.decision is RuleDecision.DENY:
        return Deny(
            f"capy: blocked — {what}. Your permission settings have deny rules, so capy refuses "
            "what it cannot check in full: write the command out literally (no program name "
            "from a variable, no script piped in from another program), or split it into "
            "smaller calls."
        )
    return Ask(f"capy: {what}; an ask rule could apply, so please confirm.")
