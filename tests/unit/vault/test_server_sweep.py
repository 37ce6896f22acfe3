"""The server's start-up vault sweep: on by default, the right command, the key never in the env."""

from __future__ import annotations

import json
import os
import subprocess
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from adapters.config.vault_location import sweep_choice
from domain.errors import ConfigError
from domain.settings import VaultSweepScope
from entrypoints.mcp_server.background import TaskBudget
from entrypoints.mcp_server.vault_sweep import VaultSweep, sweep_command
from entrypoints.secret_handoff import HANDOFF_FD


class _Child:
    def __init__(self) -> None:
        self.terminated = False

    def wait(self, timeout: float | None = None) -> int:
        return 0

    def poll(self) -> int | None:
        return 0


class _Spawns:
    def __init__(self) -> None:
        self.calls: list[tuple[list[str], dict[str, str], bytes]] = []

    def __call__(
        self, command: Sequence[str], env: Mapping[str, str], pass_fds: tuple[int, ...]
    ) -> Any:
        handed = b""
        if pass_fds:
            handed = os.read(int(env[HANDOFF_FD]), 65536)
        self.calls.append((list(command), dict(env), handed))
        return _Child()


def _budget(seconds: float = 60.0, stopping: bool = False) -> TaskBudget:
    event = threading.Event()
    if stopping:
        event.set()
    return TaskBudget(seconds, event, busy=lambda: False)


def _run(sweep: VaultSweep) -> None:
    sweep.run(_budget())


def test_the_choice_comes_from_the_environment_before_the_config() -> None:
    assert sweep_choice({}, VaultSweepScope.OFF) is VaultSweepScope.OFF
    assert sweep_choice({}, VaultSweepScope.ALL) is VaultSweepScope.ALL
    assert sweep_choice({"CAPY_VAULT_SWEEP": "1"}, VaultSweepScope.OFF) is VaultSweepScope.PROJECT
    assert sweep_choice({"CAPY_VAULT_SWEEP": "all"}, VaultSweepScope.OFF) is VaultSweepScope.ALL
    assert sweep_choice({"CAPY_VAULT_SWEEP": "0"}, VaultSweepScope.ALL) is VaultSweepScope.OFF
    with pytest.raises(ConfigError):
        sweep_choice({"CAPY_VAULT_SWEEP": "sometimes"}, VaultSweepScope.OFF)


def test_archiving_is_on_unless_turned_off() -> None:
    assert sweep_choice({}, None) is VaultSweepScope.PROJECT
    assert sweep_choice({"CAPY_VAULT_KEY": "k"}, None) is VaultSweepScope.PROJECT
    assert sweep_choice({"CAPY_VAULT_SWEEP_ALL": "1"}, None) is VaultSweepScope.ALL
    assert sweep_choice({"CAPY_VAULT_SWEEP_ALL": "0"}, None) is VaultSweepScope.PROJECT
    assert sweep_choice({"CAPY_VAULT_SWEEP_ALL": "1"}, VaultSweepScope.PROJECT) is (
        VaultSweepScope.ALL
    )
    # an explicit "off" wins over the seed's "every project" switch
    assert sweep_choice({"CAPY_VAULT_SWEEP_ALL": "1"}, VaultSweepScope.OFF) is VaultSweepScope.OFF
    both = {"CAPY_VAULT_SWEEP_ALL": "1", "CAPY_VAULT_SWEEP": "0"}
    assert sweep_choice(both, None) is VaultSweepScope.OFF
    with pytest.raises(ConfigError):
        sweep_choice({"CAPY_VAULT_SWEEP_ALL": "maybe"}, None)


def test_off_starts_nothing() -> None:
    spawns = _Spawns()
    sweep = VaultSweep(VaultSweepScope.OFF, Path("/p"), {}, spawn=spawns)
    assert not sweep.enabled
    sweep.run(_budget())
    assert spawns.calls == []


def test_the_project_scope_imports_this_project_in_a_quiet_low_priority_child() -> None:
    spawns = _Spawns()
    _run(VaultSweep(VaultSweepScope.PROJECT, Path("/work/app"), {"PATH": "/bin"}, spawn=spawns))
    ((command, env, handed),) = spawns.calls
    assert command[-9:] == [
        "--project-dir",
        "/work/app",
        "vault",
        "import",
        "--quiet",
        "--low-priority",
        "--time-limit",
        "30",
        "--current-project",
    ]
    assert env == {"PATH": "/bin"}
    assert handed == b""


def test_all_projects_and_the_key_goes_through_a_pipe_not_the_environment() -> None:
    spawns = _Spawns()
    env = {"PATH": "/bin", "CAPY_VAULT_KEY": "vault-secret", "CAPY_DB_KEY": "db-secret"}
    _run(VaultSweep(VaultSweepScope.ALL, Path("/work/app"), env, spawn=spawns))
    ((command, child_env, handed),) = spawns.calls
    assert "--current-project" not in command and "--project-dir" not in command
    assert "vault-secret" not in json.dumps(child_env)
    assert "db-secret" not in json.dumps(child_env)
    assert json.loads(handed) == {"CAPY_VAULT_KEY": "vault-secret"}


def test_a_server_already_stopping_starts_nothing() -> None:
    spawns = _Spawns()
    sweep = VaultSweep(VaultSweepScope.ALL, Path("/p"), {}, spawn=spawns)
    sweep.run(_budget(stopping=True))
    assert spawns.calls == []


def test_a_child_that_overstays_is_stopped() -> None:
    class Endless(_Child):
        def __init__(self) -> None:
            super().__init__()
            self.running = True

        def poll(self) -> int | None:
            return None if self.running else -15

        def wait(self, timeout: float | None = None) -> int:
            if self.running:
                raise subprocess.TimeoutExpired("capy", timeout or 0)
            return -15

        def terminate(self) -> None:
            self.running = False

    child = Endless()
    warnings: list[str] = []
    sweep = VaultSweep(
        VaultSweepScope.ALL,
        Path("/p"),
        {},
        spawn=lambda command, env, fds: child,
        warn=warnings.append,
        time_limit=0.0,
    )
    sweep.run(_budget(seconds=0.05))
    assert not child.running
    assert sweep.seconds == 30.0


def test_the_command_runs_this_capy() -> None:
    command = sweep_command(VaultSweepScope.ALL, Path("/p"), 12.5)
    assert command[1:3] == ["-m", "entrypoints.main"]
    assert command[-2:] == ["--time-limit", "12.5"]
