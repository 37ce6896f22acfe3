"""Timeouts, process trees, output caps, background programs, environment, temp dirs."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from adapters.sandbox.subprocess_sandbox import SubprocessSandbox
from domain.execution.language import Language
from domain.execution.run import SandboxRequest
from domain.settings import ExecutorSettings
from tests.integration.sandbox.conftest import require, toolchain_env


def _shell(box: SubprocessSandbox, code: str, **kw: object) -> object:
    return box.run(SandboxRequest(Language.SHELL, code, **kw))  # type: ignore[arg-type]


def _gone(pid: int, within_s: float = 5.0) -> bool:
    """True once ``pid`` no longer exists or is a zombie awaiting its reaper."""
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except (FileNotFoundError, ProcessLookupError):
            return True
        if "\nState:\tZ" in status:
            return True
        time.sleep(0.05)
    return False


def test_sub_second_timeout_is_honoured(sandbox: SubprocessSandbox) -> None:
    outcome = sandbox.run(
        SandboxRequest(Language.SHELL, "echo start; sleep 30; echo end", timeout_ms=500)
    )
    assert outcome.timed_out and outcome.timeout_ms == 500
    assert outcome.stdout.text == "start\n"
    assert outcome.exit_code is None


def test_timeout_kills_the_whole_tree(sandbox: SubprocessSandbox) -> None:
    outcome = sandbox.run(
        SandboxRequest(
            Language.SHELL, "sleep 300 & echo $!; bash -c 'sleep 301' & wait", timeout_ms=700
        )
    )
    assert outcome.timed_out
    grandchild = int(outcome.stdout.text.split()[0])
    assert _gone(grandchild)


def test_leftover_background_jobs_die_when_the_program_ends(sandbox: SubprocessSandbox) -> None:
    outcome = sandbox.run(SandboxRequest(Language.SHELL, "sleep 300 >/dev/null 2>&1 & echo $!"))
    assert outcome.exit_code == 0
    assert _gone(int(outcome.stdout.text.strip()))


def test_python_grandchild_dies_on_timeout(sandbox: SubprocessSandbox) -> None:
    code = (
        "import subprocess, time\n"
        "p = subprocess.Popen(['sleep', '300'])\n"
        "print(p.pid, flush=True)\n"
        "time.sleep(300)\n"
    )
    outcome = sandbox.run(SandboxRequest(Language.PYTHON, code, timeout_ms=3000))
    assert outcome.timed_out
    assert _gone(int(outcome.stdout.text.strip()))


def test_output_cap_kills_the_group(project: Path) -> None:
    box = SubprocessSandbox(project, ExecutorSettings(), toolchain_env(), hard_cap_bytes=2_000_000)
    outcome = box.run(SandboxRequest(Language.SHELL, "yes capy", timeout_ms=30_000))
    assert outcome.killed_by_cap and not outcome.timed_out
    assert "hard cap" in outcome.stderr.text
    assert outcome.stdout.total_bytes >= 2_000_000
    assert outcome.stdout.kept_bytes <= ExecutorSettings().max_output_bytes


def test_large_output_is_truncated_with_real_byte_counts(sandbox: SubprocessSandbox) -> None:
    outcome = sandbox.run(SandboxRequest(Language.SHELL, "seq 1 200000"))
    stdout = outcome.stdout
    assert stdout.truncated and stdout.total_bytes == len(
        "".join(f"{i}\n" for i in range(1, 200001))
    )
    assert stdout.text.startswith("1\n2\n3\n")
    assert stdout.text.rstrip().endswith("199999\n200000")
    assert "KB cut" in stdout.text


def test_background_program_survives_then_dies_at_shutdown(project: Path) -> None:
    box = SubprocessSandbox(project, ExecutorSettings(), toolchain_env())
    outcome = box.run(
        SandboxRequest(
            Language.SHELL,
            "echo started; sleep 300 & echo $!; wait",
            timeout_ms=500,
            background=True,
        )
    )
    assert outcome.backgrounded and outcome.pid is not None
    lines = outcome.stdout.text.split()
    assert lines[0] == "started"
    child = int(lines[1])
    assert not _gone(outcome.pid, within_s=0.2)
    assert outcome.pid in box.background_pids()
    box.shutdown()
    assert _gone(outcome.pid) and _gone(child)
    assert box.background_pids() == ()


def test_background_program_that_finishes_is_forgotten(sandbox: SubprocessSandbox) -> None:
    outcome = sandbox.run(
        SandboxRequest(
            Language.SHELL,
            "echo a; sleep 1; head -c 3000000 /dev/zero",
            timeout_ms=300,
            background=True,
        )
    )
    assert outcome.backgrounded
    deadline = time.monotonic() + 10
    while sandbox.background_pids() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert sandbox.background_pids() == ()


def test_no_capy_key_reaches_sandboxed_code(project: Path) -> None:
    env = dict(os.environ)
    env.update(
        CAPY_DB_KEY="db-secret-1",
        CAPY_VAULT_KEY="vault-secret-2",
        CAPY_API_TOKEN="token-secret-3",
        LD_PRELOAD="/nonexistent.so",
        NODE_OPTIONS="--require /nonexistent.js",
        NODE_PATH="/opt/node",
        MY_TOOL_SETTING="kept",
    )
    env["BASH_FUNC_evil%%"] = "() { echo evil; }"
    settings = ExecutorSettings(env_passthrough=("NODE_PATH", "CAPY_DB_KEY", "CAPY_VAULT_KEY"))
    box = SubprocessSandbox(project, settings, env)
    shell = box.run(SandboxRequest(Language.SHELL, "env"))
    python = box.run(
        SandboxRequest(Language.PYTHON, "import os\nfor k, v in os.environ.items(): print(k, v)")
    )
    for outcome in (shell, python):
        text = outcome.stdout.text
        for secret in ("db-secret-1", "vault-secret-2", "token-secret-3"):
            assert secret not in text
        assert "CAPY_" not in text
        assert "LD_PRELOAD" not in text and "NODE_OPTIONS" not in text and "BASH_FUNC" not in text
        assert "/opt/node" in text  # passed through on request
        assert "MY_TOOL_SETTING" in text
        assert "NO_COLOR" in text and "PYTHONUNBUFFERED" in text


def test_runs_in_project_root_with_private_tmpdir(
    sandbox: SubprocessSandbox, project: Path
) -> None:
    outcome = sandbox.run(SandboxRequest(Language.SHELL, 'pwd; echo "$TMPDIR"'))
    cwd, tmpdir = outcome.stdout.text.split()
    assert Path(cwd).resolve() == project.resolve()
    assert Path(tmpdir).name.startswith("capy-exec-")
    sandbox.shutdown()  # waits for the run directories still queued for removal
    assert not Path(tmpdir).exists()


def test_exit_codes_and_stderr(sandbox: SubprocessSandbox) -> None:
    outcome = sandbox.run(SandboxRequest(Language.SHELL, "echo out; echo err >&2; exit 3"))
    assert (outcome.exit_code, outcome.stdout.text, outcome.stderr.text) == (3, "out\n", "err\n")


def test_missing_runtime_names_what_to_install(project: Path) -> None:
    box = SubprocessSandbox(project, ExecutorSettings(), {"PATH": "/nonexistent"})
    from domain.errors import InvalidInput

    with pytest.raises(InvalidInput) as err:
        box.run(SandboxRequest(Language.PYTHON, "print(1)"))
    assert "python3" in err.value.message and "install" in err.value.hint


def test_elixir_mix_path_is_absolute(sandbox: SubprocessSandbox, project: Path) -> None:
    require(sandbox, Language.ELIXIR)
    (project / "mix.exs").write_text("")
    outcome = sandbox.run(SandboxRequest(Language.ELIXIR, "IO.puts(:ok)", timeout_ms=60_000))
    assert outcome.stdout.text.strip() == "ok"
