"""Turning a deny verdict into an error that tells the agent what happened and what to do."""

from __future__ import annotations

from domain.errors import PolicyDenied
from domain.permissions.evaluation import Verdict


def denial_error(verdict: Verdict) -> PolicyDenied:
    rule = verdict.rule
    if rule is None:
        return PolicyDenied(
            f"Blocked by capy's permission check: {verdict.reason}",
            hint=(
                "a Bash deny rule is configured, so capy only runs process starts it can read: "
                "pass the command as a string literal (e.g. subprocess.run(['git', 'status'])) "
                "or run it with language 'shell'"
            ),
        )
    where = f" in {rule.origin}" if rule.origin else ""
    context = f" ({verdict.reason})" if verdict.reason else ""
    if rule.tool == "Read":
        return PolicyDenied(
            f"Blocked: reading {verdict.subject!r} is denied by the rule {rule.text}{where}",
            hint="this file is off limits to the agent; ask the user if it is really needed",
        )
    return PolicyDenied(
        f"Blocked: {verdict.subject!r}{context} matches the deny rule {rule.text}{where}",
        hint=(
            "the user's permission rules forbid this command; do not try to run it another "
            "way — ask the user, or do without it"
        ),
    )
