"""Whole-process start times of the installed ``capy`` command, next to ``python -c pass``.

Every figure is the wall time of one process as a shell runs it (interpreter start, imports,
the command's work, exit), in a private home so nothing of the user's is read or written. The
commands run in interleaved rounds — one of each per round — so load from other processes
falls on every column alike, and each is reported as a median and as a ratio to the bare
interpreter of the same rounds. ``capy search`` runs on a base of ``search_chunks`` chunks
indexed first through ``capy index`` (the real path).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path

import attrs

from entrypoints.bench.continuity import hook_environment
from entrypoints.bench.perf_corpus import perf_corpus, perf_queries

SEARCH_CHUNKS = 10_000

_LS = {
    "session_id": "bench",
    "tool_name": "Bash",
    "tool_input": {"command": "ls -la"},
}


@attrs.frozen
class StartTime:
    command: str
    median_ms: float
    ratio: float


@attrs.frozen
class StartReport:
    bare_ms: float
    rounds: int
    search_chunks: int
    times: tuple[StartTime, ...]

    def as_json(self) -> dict[str, object]:
        return {
            "bare_ms": round(self.bare_ms, 1),
            "rounds": self.rounds,
            "search_chunks": self.search_chunks,
            "commands": {
                t.command: {"median_ms": round(t.median_ms, 1), "ratio": round(t.ratio, 2)}
                for t in self.times
            },
        }


def _timed(argv: list[str], env: Mapping[str, str], cwd: Path, stdin: str = "") -> float:
    began = time.perf_counter()
    done = subprocess.run(
        argv, input=stdin, capture_output=True, text=True, env=dict(env), cwd=cwd, check=False
    )
    elapsed = (time.perf_counter() - began) * 1000
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv[:3])} failed ({done.returncode}): {done.stderr}")
    return elapsed


def _fill(capy: str, env: Mapping[str, str], project: Path, chunks: int) -> str:
    """Index ``chunks`` chunks of the perf corpus into the project's base; a query for it.

    The base is filled with the semantic layer off: ``capy index`` would otherwise embed all
    ``chunks`` before it returns (~10 chunks/s), and what is timed here is the start of the
    commands, which is the same with or without vectors in the base.
    """
    corpus = perf_corpus(chunks)
    folder = project / "logs"
    folder.mkdir()
    paths = []
    for document in corpus.documents:
        path = folder / f"{document.label.replace(':', '-')}.log"
        path.write_text(document.text, encoding="utf-8")
        paths.append(str(path))
    subprocess.run(
        [capy, "index", "--content-type", "plaintext", *paths],
        capture_output=True,
        env={**env, "CAPY_SEMANTIC": "0"},
        cwd=project,
        check=True,
    )
    return perf_queries(corpus, 1)[0]


def run_cli_start(
    capy: str,
    rounds: int = 11,
    search_chunks: int = SEARCH_CHUNKS,
    progress: Callable[[int, int], None] = lambda done, total: None,
) -> StartReport:
    with tempfile.TemporaryDirectory(prefix="capy-cli-start-") as directory:
        root = Path(directory)
        project = root / "project"
        (project / ".git").mkdir(parents=True)
        env = hook_environment(root, project)
        query = _fill(capy, env, project, search_chunks)
        commands: dict[str, tuple[list[str], str]] = {
            "python -c pass": ([sys.executable, "-c", "pass"], ""),
            "capy --version": ([capy, "--version"], ""),
            "capy --help": ([capy, "--help"], ""),
            "capy vault list": ([capy, "vault", "list"], ""),
            f"capy search ({search_chunks:,} chunks)": ([capy, "search", query], ""),
            "capy hook pretooluse (ls -la)": ([capy, "hook", "pretooluse"], json.dumps(_LS)),
        }
        for argv, stdin in commands.values():  # warm the disk cache and the first-run files
            _timed(argv, env, project, stdin)
        samples: dict[str, list[float]] = {name: [] for name in commands}
        total = rounds * len(commands)
        for index in range(total):
            name = list(commands)[index % len(commands)]
            argv, stdin = commands[name]
            samples[name].append(_timed(argv, env, project, stdin))
            progress(index + 1, total)
    bare = statistics.median(samples.pop("python -c pass"))
    times = tuple(
        StartTime(name, statistics.median(values), statistics.median(values) / bare)
        for name, values in samples.items()
    )
    return StartReport(bare, rounds, search_chunks, times)


def start_lines(report: StartReport) -> list[str]:
    lines = [
        f"whole-process start, median of {report.rounds} interleaved rounds "
        f"(python -c pass: {report.bare_ms:.1f} ms)"
    ]
    lines += [f"  {t.command:<36} {t.median_ms:7.1f} ms  {t.ratio:5.1f}×" for t in report.times]
    return lines
