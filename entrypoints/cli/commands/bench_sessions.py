"""``capy bench continuity``, ``continuity-library``, ``hook`` and ``sweep``: measuring the
hooks and the session sweep through the installed ``capy`` command."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import attrs
from cyclopts import Parameter

from domain.errors import InvalidInput
from entrypoints.cli.commands.bench import _installed_capy, _sizes, _with_progress, _write, bench
from entrypoints.cli.console import stdout_console


@bench.command
def continuity(
    *,
    rounds: Annotated[
        int, Parameter(help="Times the capturing hook calls are repeated for the timing.")
    ] = 5,
    json_out: Annotated[
        Path | None, Parameter(name="--json", help="Also write the measurements to this file.")
    ] = None,
) -> int:
    """Play a scripted session (~35 hook calls, a compaction, a resume) through `capy hook`.

    Runs in a temporary home with no server. Shows the restored snapshot, which of the
    session's facts it holds, its size, whether two restores gave the same bytes, what startup
    and clear restore, and the median time of a capturing hook next to a bare interpreter of the
    same environment (interleaved runs).
    """
    from entrypoints.bench.continuity import run_continuity
    from entrypoints.bench.continuity_table import print_continuity

    if rounds < 1:
        raise InvalidInput("--rounds must be at least 1", "pass e.g. --rounds 5")
    capy = _installed_capy()
    report = _with_progress("hook calls", lambda step: run_continuity(capy, rounds, step))
    print_continuity(report)
    if json_out is not None:
        _write(json_out, attrs.asdict(report))
    return 0


@bench.command(name="continuity-library")
def continuity_library(
    *,
    only: Annotated[
        str, Parameter(help="Replay only the sessions whose name contains this text.")
    ] = "",
    json_out: Annotated[
        Path | None, Parameter(name="--json", help="Also write the measurements to this file.")
    ] = None,
) -> int:
    """Replay the scripted session library (14 sessions, ~5,200 hook calls) through `capy hook`.

    Each session has the facts that must come back written down beforehand: a compaction with
    and without PreCompact, two in a row, a resume days later, /clear, failures reported as
    success, plan mode, a skill, MCP tools, pasted data, 5,000 low-priority events, … Some run
    with a `capy serve` alive, the others with none. Prints which facts came back, the restore's
    size, and the median hook time next to a bare interpreter (interleaved runs).
    """
    from entrypoints.bench.continuity_library import LIBRARY
    from entrypoints.bench.continuity_library_run import run_library
    from entrypoints.bench.continuity_table import print_library

    chosen = tuple(session for session in LIBRARY if only.lower() in session.name.lower())
    if not chosen:
        names = ", ".join(session.name for session in LIBRARY)
        raise InvalidInput(f"no session's name contains {only!r}", f"pick one of: {names}")
    capy = _installed_capy()
    report = _with_progress("hook calls", lambda step: run_library(capy, chosen, step))
    print_library(report)
    if json_out is not None:
        _write(json_out, attrs.asdict(report))
    return 0 if all(session.all_back for session in report.sessions) else 1


@bench.command
def hook(
    *,
    rounds: Annotated[int, Parameter(help="Interleaved runs of every case.")] = 11,
    json_out: Annotated[
        Path | None, Parameter(name="--json", help="Also write the measurements to this file.")
    ] = None,
) -> int:
    """Time the whole `capy hook pretooluse` process on ordinary and hostile Bash commands.

    Cases: `ls -la`, 50 KB of heredocs, 50 KB of dense commands and a 10 MB command, each with
    no rules and with Bash deny rules, in a temporary home; medians of interleaved runs next to
    a bare `python -c pass`, with the answer the hook gave (deny, no opinion, advice).
    """
    from entrypoints.bench.hook_time import print_hook_time, run_hook_time

    if rounds < 1:
        raise InvalidInput("--rounds must be at least 1", "pass e.g. --rounds 11")
    capy = _installed_capy()
    report = _with_progress("hook runs", lambda step: run_hook_time(capy, rounds, step))
    print_hook_time(report)
    if json_out is not None:
        _write(json_out, attrs.asdict(report))
    return 0


SESSION_CORPUS = (
    Path(__file__).resolve().parents[3] / "tests" / "fixtures" / "session_bench" / "sessions.json"
)


@bench.command
def sweep(
    *,
    sizes: Annotated[
        str, Parameter(help="Comma-separated history sizes in MB to generate and sweep.")
    ] = "50,200",
    corpus: Annotated[
        Path, Parameter(help="Session questions corpus (JSON) for the search-quality part.")
    ] = SESSION_CORPUS,
    quality: Annotated[
        bool, Parameter(help="Also measure search quality over swept sessions.")
    ] = True,
    json_out: Annotated[
        Path | None, Parameter(name="--json", help="Also write the measurements to this file.")
    ] = None,
) -> int:
    """Session sweep throughput, memory and search quality on generated histories.

    Each size is a generated history of Claude Code sessions (streamed snapshots, tool results,
    reminders, subagents) swept twice into a fresh encrypted store in a fresh process: MB of
    JSONL and sessions per second, resident memory before and at its peak (it should not grow
    with the history), and the second, nothing-changed sweep. The quality part sweeps the
    corpus's sessions among distractors and searches its questions (R@1, R@3, MRR).
    """
    from rich.console import Console

    from entrypoints.bench.report import environment
    from entrypoints.bench.sweep_perf import measure_size
    from entrypoints.bench.sweep_quality import load_corpus, run_quality
    from entrypoints.bench.sweep_table import print_sweep_bench

    megabytes = _sizes(sizes)
    questions = load_corpus(corpus) if quality else None
    console = Console(stderr=True)
    report: dict[str, object] = {"metadata": environment(), "sizes": []}
    measured: list[dict[str, object]] = []
    with console.status("sweeping") as status:
        for size in megabytes:
            status.update(f"generating and sweeping a {size} MB history")
            measured.append(measure_size(size))
        report["sizes"] = measured
        if questions is not None:
            status.update("searching swept sessions")
            report["quality"] = run_quality(questions)
    print_sweep_bench(report, stdout_console())
    if json_out is not None:
        _write(json_out, report)
    return 0
