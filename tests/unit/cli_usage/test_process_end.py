"""A finished ``capy search`` or ``capy vault list`` ends without the interpreter's teardown,
but after the exit handlers and with its output flushed — and the normal way whenever the
teardown could still matter (ADR 0240)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[3]

# An object whose finaliser writes "teardown" when the interpreter frees it at exit.
_PROGRAM = """
import atexit, os, sys, threading, time
from entrypoints.cli.process_end import end_process

class Witness:
    def __del__(self):
        os.write(1, b" teardown")

witness = Witness()
atexit.register(lambda: print(" handler", end=""))
print("answer", end="")
{setup}
try:
    end_process(3)
except SystemExit:
    print(" exit", end="")  # the normal way out: SystemExit, then the interpreter's teardown
    raise
"""


def _run(setup: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _PROGRAM.format(setup=setup)],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_it_runs_the_exit_handlers_flushes_and_skips_the_teardown() -> None:
    done = _run()
    assert (done.stdout, done.stderr, done.returncode) == ("answer handler", "", 3)


@pytest.mark.parametrize(
    "setup",
    [
        "sys.setprofile(lambda *args: None)",  # python -m cProfile writes after the program
        "sys.settrace(lambda *args: None)",  # so do coverage and debuggers
        "threading.Thread(target=time.sleep, args=(0.2,)).start()",  # waited for at exit
    ],
    ids=["profiler", "tracer", "thread"],
)
def test_it_ends_the_normal_way_when_the_teardown_still_matters(setup: str) -> None:
    done = _run(setup)
    assert done.stdout.startswith("answer exit handler")
    assert done.returncode == 3
