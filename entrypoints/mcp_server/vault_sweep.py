"""Archiving sessions into the vault when the MCP server starts.

On by default for the project the server serves; ``"all"`` (``[vault] sweep``,
``CAPY_VAULT_SWEEP`` or ``CAPY_VAULT_SWEEP_ALL``) archives every project's, and
``[vault] sweep = false`` or ``CAPY_VAULT_SWEEP=0`` turns it off (ADR 0058). It is one of the
server's start-up tasks (``background``): it runs after the store is open and the session
sweep is done. The work itself runs in a separate ``capy vault import`` process at low CPU
priority, so the server answers tool calls as fast as without it and its memory stays flat
(ADR 0036). The child stops
by itself after ``TIME_LIMIT`` seconds (after the session it is on) and is killed if it
overstays or the server stops; an interrupted import leaves whole sessions only.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from adapters.config.vault_location import sweep_choice
from domain.errors import ConfigError
from domain.settings import VaultSweepScope
from entrypoints.mcp_server.background import TaskBudget
from entrypoints.vault_import_launch import import_command, launch

TIME_LIMIT = 30.0
GRACE = 30.0
POLL_SECONDS = 0.2
Spawn = Callable[[Sequence[str], Mapping[str, str], tuple[int, ...]], "subprocess.Popen[bytes]"]


def sweep_command(scope: VaultSweepScope, project_root: Path, time_limit: float) -> list[str]:
    """``capy vault import`` for the scope, as this interpreter runs capy."""
    if scope is VaultSweepScope.PROJECT:
        return import_command(
            "--time-limit", f"{time_limit:g}", "--current-project", project_dir=project_root
        )
    return import_command("--time-limit", f"{time_limit:g}")


def _spawn(
    command: Sequence[str], env: Mapping[str, str], pass_fds: tuple[int, ...]
) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        list(command),
        env=dict(env),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,  # the server's stdout is the MCP channel
        stderr=None,  # the child's one-line report goes where the server's own lines go
        pass_fds=pass_fds,
        close_fds=True,
    )


class VaultSweep:
    """A start-up task: ``run(budget)`` archives, ``stop()`` kills a child still running."""

    def __init__(
        self,
        scope: VaultSweepScope,
        project_root: Path,
        env: Mapping[str, str],
        *,
        spawn: Spawn = _spawn,
        warn: Callable[[str], None] = lambda message: None,
        time_limit: float = TIME_LIMIT,
    ) -> None:
        self.scope = scope
        self._root = project_root
        self._env = dict(env)
        self._spawn = spawn
        self._warn = warn
        self._time_limit = time_limit
        self.child: subprocess.Popen[bytes] | None = None

    @property
    def enabled(self) -> bool:
        return self.scope is not VaultSweepScope.OFF

    @property
    def seconds(self) -> float:
        """The task's budget: the child's own limit plus time to finish its last session."""
        return self._time_limit + GRACE

    def run(self, budget: TaskBudget) -> None:
        if not self.enabled or budget.expired():
            return
        began = time.monotonic()
        try:
            self.child = self._launch()
        except OSError as error:
            self._warn(f"the vault sweep could not start: {error}")
            return
        while self.child.poll() is None:
            if budget.expired():
                if time.monotonic() - began >= self.seconds:
                    self._warn(
                        "the vault sweep ran too long and was stopped; run `capy vault import`"
                    )
                self.stop()
                return
            try:
                self.child.wait(timeout=POLL_SECONDS)
            except subprocess.TimeoutExpired:
                continue

    def _launch(self) -> subprocess.Popen[bytes]:
        command = sweep_command(self.scope, self._root, self._time_limit)
        return launch(command, self._env, self._spawn)

    def stop(self) -> None:
        child = self.child
        if child is not None and child.poll() is None:
            child.terminate()
            try:
                child.wait(timeout=2)
            except subprocess.TimeoutExpired:
                child.kill()


def build_vault_sweep(core: Any) -> VaultSweep:
    """The sweep the configuration asks for (on by default; ``[vault] sweep``,
    ``CAPY_VAULT_SWEEP``, ``CAPY_VAULT_SWEEP_ALL``); a bad value is reported and leaves the
    sweep off."""
    env = core.options().env
    try:
        scope = sweep_choice(env, core.settings().vault.sweep)
    except ConfigError as error:
        _say(f"warning: {error}")
        scope = VaultSweepScope.OFF
    except Exception:  # a config file the server reports on its own
        scope = VaultSweepScope.OFF
    root = core.project_root().path if scope is VaultSweepScope.PROJECT else Path.cwd()
    return VaultSweep(scope, root, env, warn=_say)


def _say(message: str) -> None:
    try:
        print(f"capy: {message}", file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass
