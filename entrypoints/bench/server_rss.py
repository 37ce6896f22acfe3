"""Resident memory of a real ``capy serve``: idle, around one 10 MB output, after many calls.

The many calls are a working day (``server_workday``): the store fills to a few thousand
chunks and every query of them reaches it (none is refused by the search throttle).

The server runs as an MCP host starts it (stdio, newline-delimited JSON-RPC) in a private home;
its resident set is read from ``/proc/PID/status`` (Linux only). The peak of one call is the
kernel's high-water mark, reset just before the call (``/proc/PID/clear_refs``), so start-up
does not count; "after" is read once the server has answered and settled.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import attrs

from entrypoints.bench.continuity import hook_environment
from entrypoints.bench.server_workday import SearchPacer, Workday

BIG_OUTPUT_MB = 10
CALLS = 2_000
SETTLE_S = 1.0
# "After the calls" is read twice: this many calls before the day ends and when it ends. The
# server releases memory every hundred calls, so a reading taken only at a round count would
# see it at its lowest; the row reports the higher reading.
EARLY_READING_CALLS = 37

# About 10 MB of log lines with a few needles, printed by the sandboxed program.
_BIG_PROGRAM = (
    "import sys\n"
    "w = sys.stdout.write\n"
    "for i in range({lines}):\n"
    "    w(f'2025-06-01T10:{{i % 60:02d}}:00 worker-{{i % 7}} request {{i}} handled in "
    "{{i % 97}} ms status=200 path=/api/v1/items/{{i}}\\n')\n"
    "    if i % 50000 == 0:\n"
    "        w(f'ERROR worker-3 connection refused to db-primary after {{i}} retries\\n')\n"
)
_LINE_BYTES = 92


@attrs.frozen
class ServerMemory:
    idle_mb: float
    big_output_mb: int
    big_peak_mb: float
    after_big_mb: float
    calls: int
    after_calls_mb: float
    searches: int = 0  # queries of the calls that reached the store
    refused: int = 0  # search calls the throttle refused
    store_sections: int = 0  # sections in the store after the calls
    calls_s: float = 0.0  # wall time of the calls

    def as_json(self) -> dict[str, object]:
        return attrs.asdict(self)


def _status(pid: int) -> dict[str, float]:
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, rest = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            values[name] = int(rest.split()[0]) / 1024
    return values


def _reset_peak(pid: int) -> None:
    Path(f"/proc/{pid}/clear_refs").write_text("5")


class _Client:
    """Just enough of an MCP client: one request at a time over the server's stdio."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        assert proc.stdin is not None and proc.stdout is not None
        self._in: IO[bytes] = proc.stdin
        self._out: IO[bytes] = proc.stdout
        self._next = 0

    def _send(self, message: dict[str, Any]) -> None:
        self._in.write(json.dumps(message).encode() + b"\n")
        self._in.flush()

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self._next += 1
        self._send({"jsonrpc": "2.0", "id": self._next, "method": method, "params": params})
        while True:
            line = self._out.readline()
            if not line:
                raise RuntimeError("capy serve closed its output")
            message: dict[str, Any] = json.loads(line)
            if message.get("id") == self._next:
                if "error" in message:
                    raise RuntimeError(f"{method} failed: {message['error']}")
                return message

    def notify(self, method: str) -> None:
        self._send({"jsonrpc": "2.0", "method": method})

    def call(self, tool: str, arguments: dict[str, Any]) -> str:
        reply = self.request("tools/call", {"name": tool, "arguments": arguments})
        return "".join(c.get("text", "") for c in reply["result"].get("content", []))


def run_server_memory(
    capy: str,
    calls: int = CALLS,
    big_mb: int = BIG_OUTPUT_MB,
    progress: Callable[[int, int], None] = lambda done, total: None,
) -> ServerMemory:
    if not sys.platform.startswith("linux"):
        raise RuntimeError("server memory is read from /proc: Linux only")
    # The semantic layer's model is measured in its own row (``server_model_rss``); here it
    # stays off whether or not the extra is installed, as the working day indexes durable text.
    with serving(capy, "capy-server-rss-", CAPY_SEMANTIC="off") as (client, pid):
        return _measure(client, pid, calls, big_mb, progress)


@contextmanager
def serving(
    capy: str, prefix: str, config: str = "", **extra_env: str
) -> Iterator[tuple[_Client, int]]:
    """A real ``capy serve`` as an MCP host starts it, in a throw-away home and project (whose
    ``.capy.toml`` holds ``config``, when given): its client and pid; the host leaving (stdin
    closed) shuts it down."""
    with tempfile.TemporaryDirectory(prefix=prefix) as directory:
        root = Path(directory)
        project = root / "project"
        (project / ".git").mkdir(parents=True)
        if config:
            (project / ".capy.toml").write_text(config)
        env = {**hook_environment(root, project), **extra_env}
        proc = subprocess.Popen(
            [capy, "serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            cwd=project,
        )
        try:
            yield _Client(proc), proc.pid
        finally:
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.close()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            proc.stdout.close()


def start_session(client: _Client) -> None:
    """The MCP handshake and one warm call, then time for the start-up work (the vault sweep,
    the first cleanup) to finish."""
    client.request(
        "initialize",
        {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "capy-bench", "version": "1"},
        },
    )
    client.notify("notifications/initialized")
    client.call("capy_execute", {"language": "shell", "code": "echo warm"})
    time.sleep(3.0)


def _settled(pid: int) -> float:
    time.sleep(SETTLE_S)
    return _status(pid)["VmRSS"]


def _measure(
    client: _Client, pid: int, calls: int, big_mb: int, progress: Callable[[int, int], None]
) -> ServerMemory:
    start_session(client)
    idle = _settled(pid)
    _reset_peak(pid)
    lines = big_mb * 1024 * 1024 // _LINE_BYTES
    client.call(
        "capy_execute",
        {
            "language": "python",
            "code": _BIG_PROGRAM.format(lines=lines),
            "intent": "connection refused errors",
        },
    )
    peak = _status(pid)["VmHWM"]
    after_big = _settled(pid)
    early = max(calls - EARLY_READING_CALLS, 0)
    day = (Workday(), SearchPacer())
    started = time.perf_counter()
    searches, refused = _workday(client, day, range(early), calls, progress)
    calls_s = time.perf_counter() - started
    early_reading = _settled(pid) if early else 0.0
    started = time.perf_counter()
    more_searches, more_refused = _workday(client, day, range(early, calls), calls, progress)
    calls_s += time.perf_counter() - started
    searches += more_searches
    refused += more_refused
    after_calls = max(early_reading, _settled(pid))
    return ServerMemory(
        idle_mb=round(idle, 1),
        big_output_mb=big_mb,
        big_peak_mb=round(peak, 1),
        after_big_mb=round(after_big, 1),
        calls=calls,
        after_calls_mb=round(after_calls, 1),
        searches=searches,
        refused=refused,
        store_sections=store_sections(client.call("capy_stats", {})),
        calls_s=round(calls_s, 1),
    )


def _workday(
    client: _Client,
    day: tuple[Workday, SearchPacer],
    numbers: range,
    calls: int,
    progress: Callable[[int, int], None],
) -> tuple[int, int]:
    """The calls ``numbers`` of a working day: the queries that reached the store, the searches
    refused."""
    day_calls, pacer = day
    searches = refused = 0
    for done in numbers:
        call = day_calls.call(done, pacer.may_search(time.monotonic()))
        if call.tool == "capy_search":
            pacer.searched(time.monotonic())
        reply = client.call(call.tool, call.arguments)
        if call.tool == "capy_search" and reply.startswith("Refused"):
            refused += 1
        else:
            searches += call.queries
        progress(done + 1, calls)
    return searches, refused


def store_sections(stats: str) -> int:
    """The sections ``capy_stats`` says the knowledge base holds."""
    found = re.search(r"([\d,]+) sections?;", stats)
    return int(found.group(1).replace(",", "")) if found else 0
