"""``capy serve`` hides capy's keys from ``/proc/<pid>/environ`` (ADR 0018 addendum)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import entrypoints
from entrypoints import secret_handoff
from entrypoints.process_privacy import forbid_inspection
from entrypoints.secret_handoff import (
    HANDOFF_FD,
    is_handed_over,
    is_serve,
    receive_secrets,
    reexec_without_secrets,
)

LINUX = sys.platform.startswith("linux")
SRC = str(Path(entrypoints.__file__).resolve().parent.parent)


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["serve"],
        ["--db", "/tmp/k.db"],
        ["--db", "/tmp/k.db", "serve"],
        ["--db=/tmp/k.db", "serve"],
        ["--project-dir", "p", "serve"],
        ["--project-dir=p", "--db", "serve", "serve"],  # a database file named "serve"
        ["serve", "--help"],
        ["--db"],  # cut short (cyclopts explains): what is left is bare `capy`
    ],
)
def test_the_server_is_recognised_after_the_global_options(args: list[str]) -> None:
    assert is_serve(args)


@pytest.mark.parametrize(
    "args",
    [
        ["hook", "pretooluse"],
        ["index", "notes.md"],
        ["--db", "serve", "search", "x"],
        ["--project-dir=p", "doctor"],
        ["--help"],
        ["--version"],
        ["--verbose", "serve"],
        ["servers"],
    ],
)
def test_other_commands_are_not_the_server(args: list[str]) -> None:
    assert not is_serve(args)


@pytest.mark.parametrize(
    ("name", "hidden"),
    [
        ("CAPY_DB_KEY", True),
        ("CAPY_VAULT_KEY", True),
        ("capy_db_key", True),
        ("CAPY_DB_NEW_KEY", True),
        ("CAPY_API_TOKEN", True),
        ("CAPY_DEBUG", False),
        ("CAPY_HANDOFF_FD", False),
        ("DB_KEY", False),
        ("AWS_SECRET_ACCESS_KEY", False),
    ],
)
def test_which_variables_are_handed_over(name: str, hidden: bool) -> None:
    assert is_handed_over(name) is hidden


def _pipe_with(payload: bytes) -> int:
    read_end, write_end = os.pipe()
    os.write(write_end, payload)
    os.close(write_end)
    return read_end


def test_the_receiver_takes_the_keys_and_closes_the_pipe() -> None:
    fd = _pipe_with(json.dumps({"CAPY_DB_KEY": "k1", "CAPY_VAULT_KEY": "k2"}).encode())
    environ = {HANDOFF_FD: str(fd), "PATH": "/bin"}
    receive_secrets(environ)
    assert environ == {"PATH": "/bin", "CAPY_DB_KEY": "k1", "CAPY_VAULT_KEY": "k2"}
    with pytest.raises(OSError):
        os.fstat(fd)


def test_without_a_handoff_the_receiver_does_nothing() -> None:
    environ = {"PATH": "/bin"}
    receive_secrets(environ)
    assert environ == {"PATH": "/bin"}


@pytest.mark.parametrize("value", ["0", "1", "2", "-1", "x"])
def test_a_handoff_that_is_not_a_pipe_of_ours_stops_capy_without_touching_stdio(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        receive_secrets({HANDOFF_FD: value})
    assert stopped.value.code == 1
    assert f"unset {HANDOFF_FD}" in capsys.readouterr().err


@pytest.mark.parametrize(
    "payload", [b"not json", b'["x"]', b'{"PATH": "/evil"}', b'{"CAPY_DB_KEY": 7}']
)
def test_a_handoff_with_unexpected_content_is_refused(payload: bytes) -> None:
    fd = _pipe_with(payload)
    environ = {HANDOFF_FD: str(fd)}
    with pytest.raises(SystemExit):
        receive_secrets(environ)
    assert environ == {}
    with pytest.raises(OSError):
        os.fstat(fd)


def test_a_failed_exec_leaves_capy_running_as_it_is_with_one_warning(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CAPY_DB_KEY", "k1")

    def refuse(*_: object) -> None:
        raise PermissionError("exec refused")

    opened: list[tuple[int, int]] = []
    real_pipe = os.pipe

    def pipe() -> tuple[int, int]:
        opened.append(real_pipe())
        return opened[-1]

    monkeypatch.setattr(secret_handoff.os, "execve", refuse)
    monkeypatch.setattr(secret_handoff.os, "pipe", pipe)
    reexec_without_secrets(["python", "-c", "pass"])
    assert os.environ["CAPY_DB_KEY"] == "k1" and HANDOFF_FD not in os.environ
    err = capsys.readouterr().err
    assert err.count("warning") == 1 and "exec refused" in err and "k1" not in err
    for fd in opened[0]:
        with pytest.raises(OSError):
            os.fstat(fd)


def test_nothing_to_hide_means_no_exec(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(secret_handoff.os, "execve", pytest.fail)
    monkeypatch.setenv("CAPY_DEBUG", "1")
    reexec_without_secrets(["python", "-c", "pass"])


RE_EXECUTED = f"""
import os, sys
sys.path.insert(0, {SRC!r})
from entrypoints.secret_handoff import hide_secrets
hide_secrets()
with open("/proc/self/environ", "rb") as f:
    initial = f.read()
os.environ["CAPY_DB_KEY"] = os.environ["CAPY_DB_KEY"]  # set again in-process: still hidden
with open("/proc/self/environ", "rb") as f:
    after_set = f.read()
def target(fd):
    try:
        return os.readlink(f"/proc/self/fd/{{fd}}")
    except OSError:  # the descriptor listdir itself used
        return ""
pipes = [n for n in os.listdir("/proc/self/fd") if int(n) > 2 and target(n).startswith("pipe:")]
print(initial.count(b"HIDDEN-VALUE"), after_set.count(b"HIDDEN-VALUE"),
      os.environ.get("CAPY_DB_KEY"), HANDOFF in os.environ, len(pipes), os.getpid())
""".replace("HANDOFF", repr(HANDOFF_FD))


@pytest.mark.skipif(not LINUX, reason="reads /proc")
def test_the_re_executed_process_has_the_key_but_not_in_its_proc_environ(tmp_path: Path) -> None:
    out = tmp_path / "out"
    with out.open("w") as stdout:
        subprocess.run(
            [sys.executable, "-c", RE_EXECUTED],
            env={"PATH": os.environ.get("PATH", "/bin"), "CAPY_DB_KEY": "HIDDEN-VALUE"},
            stdin=subprocess.DEVNULL,
            stdout=stdout,
            timeout=30,
            check=True,
        )
    initial, after_set, key, handoff_left, pipes, _pid = out.read_text().split()
    assert (initial, after_set, key) == ("0", "0", "HIDDEN-VALUE")
    assert handoff_left == "False" and pipes == "0"  # the pipe is gone, nothing to inherit


def test_the_server_turns_itself_non_dumpable_and_its_children_are_not() -> None:
    if not LINUX:
        assert forbid_inspection() is False
        return
    program = f"""
import ctypes, subprocess, sys
sys.path.insert(0, {SRC!r})
from entrypoints.process_privacy import forbid_inspection
assert forbid_inspection()
get = "import ctypes; print(ctypes.CDLL(None).prctl(3, 0, 0, 0, 0))"
child = subprocess.run([sys.executable, "-c", get], capture_output=True, text=True, check=True)
print(ctypes.CDLL(None).prctl(3, 0, 0, 0, 0), child.stdout.strip())
"""
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=30, check=True
    )
    assert done.stdout.split() == ["0", "1"]


NOBODY_PYTHON = "/usr/bin/python3"


@pytest.mark.skipif(
    not (LINUX and os.getuid() == 0 and shutil.which("setpriv") and Path(NOBODY_PYTHON).exists()),
    reason="needs Linux, root, setpriv and a system python to act as another user",
)
def test_a_non_dumpable_server_hides_its_proc_files_from_the_same_user() -> None:
    program = f"""
import os, subprocess, sys
sys.path.insert(0, {SRC!r})
from entrypoints.process_privacy import forbid_inspection
forbid_inspection()
peek = "import os; open(f'/proc/{{os.getppid()}}/environ', 'rb').read(); print('read')"
child = subprocess.run([sys.executable, "-c", peek], capture_output=True, text=True)
print(child.stdout.strip() or child.stderr.strip().splitlines()[-1])
"""
    done = subprocess.run(
        [
            "setpriv",
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            NOBODY_PYTHON,
            "-c",
            program,
        ],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    if "ModuleNotFoundError" in done.stderr or "Permission denied: '/" in done.stderr:
        pytest.skip("capy's sources are not readable by another user here")
    assert "PermissionError" in done.stdout, done.stdout + done.stderr
