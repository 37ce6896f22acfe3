"""``capy bench continuity-library``: replay the scripted session library through ``capy hook``.

Each session runs in its own temporary home and project; sessions marked ``server`` run with a
``capy serve`` of that project alive the whole time (reading the journals as they grow), the
others with none. The restore judged is the context of the session's last SessionStart, without
the routing block before it. Hook processes are timed, and a bare ``python -c pass`` is run
after every third capturing call (interleaved), so their medians compare like with like.
"""

from __future__ import annotations

import contextlib
import json
import os
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import attrs

from entrypoints.bench.continuity import (
    CAPTURING,
    bare_interpreter_ms,
    context_of,
    hook_environment,
    play,
)
from entrypoints.bench.continuity_library import AGE, LIBRARY, LibrarySession
from entrypoints.bench.continuity_session import Step

RECORD = "capy's record of"
BARE_EVERY = 3


@attrs.frozen
class SessionResult:
    name: str
    situation: str
    hook_calls: int
    server: bool
    facts: tuple[tuple[str, bool], ...]
    restore: str
    restore_bytes: int
    context_bytes: int

    @property
    def all_back(self) -> bool:
        return all(ok for _, ok in self.facts)


@attrs.frozen
class LibraryReport:
    sessions: tuple[SessionResult, ...]
    capture_ms: float
    start_ms: float
    bare_ms: float
    samples: int


def run_library(
    capy: str,
    sessions: tuple[LibrarySession, ...] = LIBRARY,
    progress: Callable[[int, int], None] = lambda done, total: None,
) -> LibraryReport:
    scripts = [(session, session.steps("/PROJECT")) for session in sessions]
    total = sum(len(steps) for _, steps in scripts)
    done = 0
    capture: list[float] = []
    starts: list[float] = []
    bare: list[float] = []
    results: list[SessionResult] = []
    for session, _ in scripts:
        with tempfile.TemporaryDirectory(prefix="capy-library-") as directory:
            root = Path(directory)
            project = root / "project"
            (project / ".git").mkdir(parents=True)
            env = hook_environment(root, project)
            restored = ""
            steps = session.steps(str(project))
            with _server(capy, project, env, session.server):
                for step in steps:
                    done += 1
                    progress(done, total)
                    if step.event == AGE:
                        _age(env, float(step.payload["days"]))
                        continue
                    stdout, elapsed = play(capy, step, env)
                    if step.event == "sessionstart":
                        restored = context_of(stdout)
                        starts.append(elapsed)
                    elif step.event in CAPTURING:
                        capture.append(elapsed)
                        if len(capture) % BARE_EVERY == 0:
                            bare.append(bare_interpreter_ms())
            results.append(_judge(session, steps, restored))
    if not bare:
        bare.append(bare_interpreter_ms())
    return LibraryReport(
        sessions=tuple(results),
        capture_ms=statistics.median(capture),
        start_ms=statistics.median(starts),
        bare_ms=statistics.median(bare),
        samples=len(capture),
    )


def _judge(session: LibrarySession, steps: list[Step], context: str) -> SessionResult:
    facts = context[context.index(RECORD) :] if RECORD in context else ""
    held = [(fact, fact in facts) for fact in session.facts]
    held += [(f"not: {fact.strip()}", fact not in facts) for fact in session.absent]
    return SessionResult(
        name=session.name,
        situation=session.situation,
        hook_calls=sum(1 for step in steps if step.event != AGE),
        server=session.server,
        facts=tuple(held),
        restore=facts,
        restore_bytes=len(facts.encode("utf-8")),
        context_bytes=len(context.encode("utf-8")),
    )


@contextlib.contextmanager
def _server(capy: str, project: Path, env: Mapping[str, str], wanted: bool) -> Iterator[None]:
    """``capy serve`` of the project alive while the block runs (when ``wanted``)."""
    if not wanted:
        yield
        return
    server = subprocess.Popen(
        [capy, "serve"],
        cwd=project,
        env=dict(env),
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        yield
    finally:
        if server.stdin is not None:
            server.stdin.close()  # end of input: the server stops, reading the journals once more
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _age(env: Mapping[str, str], days: float) -> None:
    """Make the session's journal ``days`` older: its events' times and the file's."""
    directory = Path(env["XDG_STATE_HOME"]) / "capy" / "sessions"
    shift = days * 24 * 3600
    for path in directory.glob("*.jsonl"):
        lines = []
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith('{"t"'):
                record = json.loads(line)
                record["t"] = round(record["t"] - shift, 3)
                line = json.dumps(record, ensure_ascii=False)
            lines.append(line)
        path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
        then = time.time() - shift
        os.utime(path, (then, then))
