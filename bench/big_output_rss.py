"""The server's resident memory around one 10 MB output, with the default
``store.max_source_bytes`` and with a project raising it so that the whole output is indexed
(a document that long is cut in the worker process, ADR 0233).

    python bench/big_output_rss.py CAPY [--code DIR] [--runs N] [--cap BYTES ...] [--shape S ...]

For each cap (0: capy's default), ``server_rss``'s measure: a real ``capy serve`` over stdio,
idle after start-up, the peak over the call (the kernel's high-water mark, reset before it)
and the resident set once it settled after it, in MB over idle. Two calls, each in its own
server: ``capy_execute`` of the program ``server_rss`` runs (its output indexed with the
program's words, ``SummariseOutput``) and, with a raised cap, ``capy_index`` of the same lines
written to a file (the default cap refuses it).
``--shape`` picks what the program prints and how it is asked (repeat it for several; ``log``
by default): ``log``, the log lines with an intent; ``table``, a column-aligned table of pods
with an intent (its reply shows the matching rows under the header); ``nointent``, the log
lines with no intent (the reply is the output's compact view). ``capy_index`` runs for ``log``
only. Each row gives the reply's sha256, to compare two checkouts' replies byte for byte.
``--code DIR`` is the server's ``PYTHONPATH``: the checkout whose code runs (compare two by
alternating them, old, new, new, old); this script's own checkout drives it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from entrypoints.bench.server_rss import (
    _BIG_PROGRAM,
    _LINE_BYTES,
    BIG_OUTPUT_MB,
    _reset_peak,
    _settled,
    _status,
    serving,
    start_session,
)

RAISED_CAP = 16 * 1024 * 1024
_LINE = (
    "2025-06-01T10:{minute:02d}:00 worker-{worker} request {i} handled in {ms} ms status=200 "
    "path=/api/v1/items/{i}\n"
)


# About 10 MB of pods, a few of them crashing, under a header naming the columns.
_TABLE_PROGRAM = (
    "import sys\n"
    "w = sys.stdout.write\n"
    'w(f\'{{"NAME":<34}}{{"READY":<8}}{{"STATUS":<20}}{{"RESTARTS":<10}}AGE\\n\')\n'
    "for i in range({lines}):\n"
    "    status = 'CrashLoopBackOff' if i % 50000 == 7 else 'Running'\n"
    '    w(f\'{{"api-" + str(i) + "-7d9f8":<34}}{{"1/1":<8}}{{status:<20}}{{i % 9:<10}}'
    "{{i % 40}}d\\n')\n"
)
_TABLE_LINE_BYTES = 76
_INTENTS = {"log": "connection refused errors", "table": "pods in CrashLoopBackOff"}
SHAPES = ("log", "table", "nointent")


def _write_log(path: Path, lines: int) -> None:
    with path.open("w") as out:
        for i in range(lines):
            out.write(_LINE.format(minute=i % 60, worker=i % 7, i=i, ms=i % 97))
            if i % 50000 == 0:
                out.write(f"ERROR worker-3 connection refused to db-primary after {i} retries\n")


def _execute_arguments(shape: str, big_mb: int) -> dict[str, str]:
    """``capy_execute``'s arguments for a program printing about ``big_mb`` MB of ``shape``."""
    if shape == "table":
        code = _TABLE_PROGRAM.format(lines=big_mb * 1024 * 1024 // _TABLE_LINE_BYTES)
    else:
        code = _BIG_PROGRAM.format(lines=big_mb * 1024 * 1024 // _LINE_BYTES)
    arguments = {"language": "python", "code": code}
    if shape in _INTENTS:
        arguments["intent"] = _INTENTS[shape]
    return arguments


def measure(
    capy: str,
    cap: int,
    call: str,
    code: str = "",
    *,
    big_mb: int = BIG_OUTPUT_MB,
    shape: str = "log",
) -> dict[str, object]:
    config = f"[store]\nmax_source_bytes = {cap}\n" if cap else ""
    env = {"CAPY_SEMANTIC": "off"}
    if code:
        env["PYTHONPATH"] = code
    lines = big_mb * 1024 * 1024 // _LINE_BYTES
    with serving(capy, "capy-big-output-", config, **env) as (client, pid):
        start_session(client)
        if call == "index":
            project = Path(f"/proc/{pid}/cwd").resolve()
            _write_log(project / "big.log", lines)
        idle = _settled(pid)
        _reset_peak(pid)
        started = time.perf_counter()
        if call == "index":
            reply = client.call("capy_index", {"path": "big.log"})
        else:
            reply = client.call("capy_execute", _execute_arguments(shape, big_mb))
        seconds = time.perf_counter() - started
        peak = _status(pid)["VmHWM"]
        after = _settled(pid)
    return {
        "call": call,
        "shape": shape,
        "cap": cap or "default",
        "idle_mb": round(idle, 1),
        "peak_over_idle_mb": round(peak - idle, 1),
        "after_over_idle_mb": round(after - idle, 1),
        "seconds": round(seconds, 2),
        "reply_bytes": len(reply.encode()),
        "reply_sha256": hashlib.sha256(reply.encode()).hexdigest()[:16],
        "reply_end": reply[-90:],
    }


def main(arguments: list[str]) -> None:
    parser = argparse.ArgumentParser(
        description="The capy server's resident memory around one 10 MB output (MB over idle).",
        epilog="Compare two checkouts by alternating --code: old, new, new, old.",
    )
    parser.add_argument("capy", help="the capy command to serve with (a venv's bin/capy)")
    parser.add_argument("--code", default="", help="the checkout the server runs (its PYTHONPATH)")
    parser.add_argument("--runs", type=int, default=1, help="how many times to measure each row")
    parser.add_argument(
        "--cap",
        type=int,
        action="append",
        help="store.max_source_bytes to serve with, 0 for capy's default (repeatable; "
        f"default: 0 and {RAISED_CAP})",
    )
    parser.add_argument(
        "--shape",
        choices=SHAPES,
        action="append",
        help="what the program prints and how it is asked (repeatable; default: log)",
    )
    options = parser.parse_args(arguments)
    # The server starts in a directory of its own: a path to capy is made absolute first.
    capy = str(Path(options.capy).resolve()) if "/" in options.capy else options.capy
    for _ in range(options.runs):
        for cap in options.cap or [0, RAISED_CAP]:
            for shape in options.shape or ["log"]:
                calls = ("execute", "index") if cap and shape == "log" else ("execute",)
                for call in calls:
                    row = {
                        "code": options.code,
                        **measure(capy, cap, call, options.code, shape=shape),
                    }
                    print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
