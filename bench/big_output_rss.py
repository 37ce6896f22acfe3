"""The server's resident memory around one 10 MB output, with the default
``store.max_source_bytes`` and with a project raising it so that the whole output is indexed
(a document that long is cut in the worker process, ADR 0233).

    python bench/big_output_rss.py CAPY [--code DIR] [--runs N] [--cap BYTES ...]

For each cap (0: capy's default), ``server_rss``'s measure: a real ``capy serve`` over stdio,
idle after start-up, the peak over the call (the kernel's high-water mark, reset before it)
and the resident set once it settled after it, in MB over idle. Two calls, each in its own
server: ``capy_execute`` of the program ``server_rss`` runs (its output indexed with the
program's words, ``SummariseOutput``) and, with a raised cap, ``capy_index`` of the same lines
written to a file (the default cap refuses it).
``--code DIR`` is the server's ``PYTHONPATH``: the checkout whose code runs (compare two by
alternating them, old, new, new, old); this script's own checkout drives it.
"""

from __future__ import annotations

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


def _write_log(path: Path, lines: int) -> None:
    with path.open("w") as out:
        for i in range(lines):
            out.write(_LINE.format(minute=i % 60, worker=i % 7, i=i, ms=i % 97))
            if i % 50000 == 0:
                out.write(f"ERROR worker-3 connection refused to db-primary after {i} retries\n")


def measure(
    capy: str, cap: int, call: str, code: str = "", big_mb: int = BIG_OUTPUT_MB
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
            code = _BIG_PROGRAM.format(lines=lines)
            arguments = {"language": "python", "code": code, "intent": "connection refused errors"}
            reply = client.call("capy_execute", arguments)
        seconds = time.perf_counter() - started
        peak = _status(pid)["VmHWM"]
        after = _settled(pid)
    return {
        "call": call,
        "cap": cap or "default",
        "idle_mb": round(idle, 1),
        "peak_over_idle_mb": round(peak - idle, 1),
        "after_over_idle_mb": round(after - idle, 1),
        "seconds": round(seconds, 2),
        "reply_end": reply[-90:],
    }


def main(arguments: list[str]) -> None:
    capy = arguments.pop(0)
    runs, caps, code = 1, [], ""
    while arguments:
        argument = arguments.pop(0)
        if argument == "--runs":
            runs = int(arguments.pop(0))
        elif argument == "--code":
            code = arguments.pop(0)
        elif argument == "--cap":
            caps.append(int(arguments.pop(0)))
    for _ in range(runs):
        for cap in caps or [0, RAISED_CAP]:
            for call in ("execute", "index") if cap else ("execute",):
                row = {"code": code, **measure(capy, cap, call, code)}
                print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
