"""What the host's permission rules say about a command or code (for hooks)."""

from __future__ import annotations

from pathlib import Path

import attrs

from application.ports.policy_source import PolicySource
from application.use_cases.read_target import read_search, resolve_read_target
from domain.permissions.evaluation import (
    NO_RULE,
    Decision,
    Verdict,
    evaluate_code,
    evaluate_read,
)


@attrs.frozen
class CommandCheck:
    """A Bash command (``language="shell"``), or capy_execute code, optionally on a file."""

    code: str
    language: str = "shell"
    file_path: str | None = None


class CheckCommand:
    """Full evaluation — deny, then ask, then allow — of a command or code, plus the ``Read``
    rules of a file it is given. Unreadable rules raise ``PolicyError``; the caller decides how
    to fail closed. No rule speaking to it → ``Decision.NONE``."""

    def __init__(self, *, policy_source: PolicySource, project_root: Path) -> None:
        self._policy = policy_source
        self._root = project_root

    def execute(self, request: CommandCheck) -> Verdict:
        policy = self._policy.load()
        if policy.is_empty:
            return NO_RULE
        verdicts: list[Verdict] = []
        if request.file_path:
            search = read_search(policy, self._root)
            target = resolve_read_target(request.file_path, self._root, search)
            verdicts.append(evaluate_read(policy, target))
        code_verdict = evaluate_code(policy, request.language, request.code)
        verdicts.append(code_verdict)
        rank = {Decision.DENY: 3, Decision.ASK: 2, Decision.ALLOW: 1, Decision.NONE: 0}
        strongest = max(verdicts, key=lambda v: rank[v.decision])
        if strongest.decision is Decision.ALLOW and code_verdict.decision is not Decision.ALLOW:
            return NO_RULE  # a file rule alone never allows the command
        return strongest
