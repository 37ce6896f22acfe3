"""``capy bench continuity``: play a scripted session through the real ``capy hook`` commands.

Everything runs in a temporary home (no server, no real ``~/.claude``): the hooks record the
session, PreCompact takes the snapshot, SessionStart restores it after the compaction and on
resume. The report says which facts the restored text holds, its size, whether two calls gave
the same bytes, and the time of each capturing hook process next to a bare interpreter of the
same environment (medians of interleaved runs).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs

from entrypoints.bench import continuity_session as script
from entrypoints.bench.continuity_session import Step

CAPTURING = frozenset({"posttooluse", "posttoolusefailure", "userpromptsubmit"})


@attrs.frozen
class ContinuityReport:
    after_compaction: str
    on_resume: str
    stable: bool
    facts: tuple[tuple[str, bool], ...]
    on_startup: str
    on_clear: str
    capture_ms: float
    prompt_ms: float
    bare_ms: float
    samples: int

    @property
    def snapshot_bytes(self) -> int:
        return len(self.after_compaction.encode("utf-8"))


def hook_environment(root: Path, project: Path) -> dict[str, str]:
    """A private home for the hooks: nothing of the user's is read or written."""
    home = root / "home"
    home.mkdir(exist_ok=True)
    keep = ("PATH", "LANG", "LC_ALL", "SYSTEMROOT", "TMPDIR")
    env = {name: os.environ[name] for name in keep if name in os.environ}
    env.update(
        HOME=str(home),
        XDG_STATE_HOME=str(home / ".local" / "state"),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_DATA_HOME=str(home / ".local" / "share"),
        CLAUDE_PROJECT_DIR=str(project),
    )
    return env


def play(capy: str, step: Step, env: Mapping[str, str]) -> tuple[str, float]:
    """Run one hook as the host does; its stdout and wall time in milliseconds.

    The payload is serialised before the clock starts: a host has its JSON ready when it
    starts the hook, and encoding a 10 MB command is the bench's work, not the hook's."""
    payload = json.dumps(step.payload).encode()
    started = time.perf_counter()
    done = subprocess.run(
        [capy, "hook", step.event],
        input=payload,
        capture_output=True,
        env=dict(env),
        cwd=step.payload.get("cwd"),
        timeout=30,
        check=False,
    )
    elapsed = (time.perf_counter() - started) * 1000
    if done.returncode != 0 or done.stderr:
        raise RuntimeError(f"capy hook {step.event} failed: {done.returncode} {done.stderr!r}")
    return done.stdout.decode(), elapsed


def context_of(stdout: str) -> str:
    """The text a SessionStart answer adds to the context ("" for none)."""
    if not stdout.strip():
        return ""
    answer: dict[str, Any] = json.loads(stdout)
    return str(answer.get("hookSpecificOutput", {}).get("additionalContext", ""))


def facts_held(text: str) -> tuple[tuple[str, bool], ...]:
    """Which of the facts the scripted session should restore the text holds."""
    wanted = [
        ("goal", script.GOAL),
        ("open task", script.OPEN_TASK),
        ("last decision", script.LAST_DECISION),
        ("unresolved error", script.UNRESOLVED_ERROR),
        *((f"edited {path}", path) for path in script.EDITED_FILES[:2]),
    ]
    return tuple((name, needle in text) for name, needle in wanted)


def run_continuity(
    capy: str, rounds: int = 5, progress: Callable[[int, int], None] = lambda done, total: None
) -> ContinuityReport:
    with tempfile.TemporaryDirectory(prefix="capy-continuity-") as directory:
        root = Path(directory)
        project = root / "notes-app"
        (project / ".git").mkdir(parents=True)
        env = hook_environment(root, project)
        before = script.before_compaction(str(project))
        after = script.after_compaction(str(project))
        total = len(before) + len(after) + 5 + rounds * sum(s.event in CAPTURING for s in before)
        done = 0

        def run(step: Step) -> tuple[str, float]:
            nonlocal done
            done += 1
            progress(done, total)
            return play(capy, step, env)

        for step in before:
            run(step)
        compacted = context_of(run(script.session_start(str(project), "compact"))[0])
        again = context_of(run(script.session_start(str(project), "compact"))[0])
        for step in after:
            run(step)
        resumed = context_of(run(script.session_start(str(project), "resume"))[0])
        startup = context_of(run(script.session_start(str(project), "startup", "new-1"))[0])
        cleared = context_of(run(script.session_start(str(project), "clear", "new-2"))[0])

        capture: list[float] = []
        prompts: list[float] = []
        bare: list[float] = []
        for index in range(rounds):
            for step in before:
                if step.event not in CAPTURING:
                    continue
                payload = {**step.payload, "session_id": f"timing-{index}"}
                payload.pop("transcript_path", None)
                elapsed = run(Step(step.event, payload))[1]
                (prompts if step.event == "userpromptsubmit" else capture).append(elapsed)
                bare.append(bare_interpreter_ms())
    return ContinuityReport(
        after_compaction=_facts_only(compacted),
        on_resume=_facts_only(resumed),
        stable=compacted == again,
        facts=facts_held(_facts_only(compacted)),
        on_startup=startup,
        on_clear=cleared,
        capture_ms=statistics.median(capture),
        prompt_ms=statistics.median(prompts),
        bare_ms=statistics.median(bare),
        samples=len(capture),
    )


def _facts_only(context: str) -> str:
    """The session facts of a SessionStart context, without the routing block before them."""
    marker = "capy's record of"
    return context[context.index(marker) :] if marker in context else ""


def bare_interpreter_ms() -> float:
    """One ``python -c pass`` of this environment, in milliseconds (the hooks' yardstick)."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return (time.perf_counter() - started) * 1000
