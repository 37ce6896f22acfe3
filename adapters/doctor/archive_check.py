"""Is every session archived before the host deletes it? What ``capy setup`` and
``capy doctor`` say about the vault's automatic archiving (ADR 0058)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from adapters.claude_sessions.cleanup_period import cleanup_period_days
from adapters.config.vault_location import SWEEP_VAR, sweep_choice
from application.ports.health_check import HealthCheck
from domain.doctor.check import CheckResult, failed, passed, warned
from domain.errors import ConfigError
from domain.settings import VaultSweepScope

_SCOPES = {
    VaultSweepScope.PROJECT: "this project's sessions",
    VaultSweepScope.ALL: "every project's sessions",
}


def describe_archiving(
    env: Mapping[str, str],
    configured: VaultSweepScope | None,
    vault: Path,
    home: Path,
    project_root: Path,
) -> tuple[bool, str]:
    """(on, one sentence): what is archived, where, and how long Claude Code keeps it."""
    days = cleanup_period_days(env, home, project_root)
    kept = f"Claude Code deletes transcripts after {days} days (cleanupPeriodDays)"
    scope = sweep_choice(env, configured)
    if scope is VaultSweepScope.OFF:
        why = f"{SWEEP_VAR}=0" if SWEEP_VAR in env else "[vault] sweep = false"
        return False, f"archiving is off ({why}); {kept}"
    return True, (
        f"on: {_SCOPES[scope]} are archived into {vault} when a session ends and when the "
        f"server starts; {kept}"
    )


class SessionArchiveCheck(HealthCheck):
    name = "Session archive"

    def __init__(
        self,
        env: Mapping[str, str],
        configured: Callable[[], VaultSweepScope | None],
        vault: Callable[[], Path],
        home: Path,
        project_root: Path,
    ) -> None:
        self._env = env
        self._configured = configured
        self._vault = vault
        self._home = home
        self._root = project_root

    def run(self) -> CheckResult:
        try:
            on, detail = describe_archiving(
                self._env, self._configured(), self._vault(), self._home, self._root
            )
        except ConfigError as error:
            return failed(self.name, error.message, error.hint)
        if on:
            return passed(self.name, detail)
        return warned(
            self.name,
            detail,
            "sessions older than that are lost unless archived: turn archiving back on, or run "
            "`capy vault import` regularly",
        )
