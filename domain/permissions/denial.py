"""Turning a deny verdict into an error that tells the agent what happened and what to do."""

from __future__ import annotations

from domain.errors import PolicyDenied
from domain.permissions.evaluation import Verdict


def denial_error(verdict: Verdict) -> PolicyDenied:
    rule = verdict.rule
    if rule is None and verdict.tool == "Read":
        return PolicyDenied(
            f"Blocked: {verdict.reason}",
            hint="a Read deny rule is configured; read the file by a path that is not a hard "
            "link, or ask the user",
        )
    if rule is None:
        return PolicyDenied(
            f"Blocked by capy's permission check: {verdict.reason}",
            hint=(
                "a Bash deny rule is configured, so capy only runs commands it can read in "
                "full: write the command out literally (no program name from a variable, no "
                "script piped in from another program's output), pass process starts in code "
                "as string literals (e.g. subprocess.run(['git', 'status'])), keep the command "
                "short — or ask the user"
            ),
        )
    where = f" in {rule.origin}" if rule.origin else ""
    context = f" ({verdict.reason})" if verdict.reason else ""
    if rule.tool == "Read":
        return PolicyDenied(
            f"Blocked: reading {verdict.subject!r}{context} is denied by the rule "
            f"{rule.text}{where}",
            hint="this file is off limits to the agent; ask the user if it is really needed",
        )
    return PolicyDenied(
        f"Blocked: {verdict.subject!r}{context} matches the deny rule {rule.text}{where}",
        hint=(
            "the user's permission rules forbid this command; do not try to run it another "
            "way — ask the user, or do without it"
        ),
    )
