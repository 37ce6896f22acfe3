"""Resident memory of a real ``capy serve`` with the semantic layer's model loaded, next to the
same server with the layer off.

Two servers are run in turn, as an MCP host starts them (``server_rss``): one with the layer
switched off (``CAPY_SEMANTIC=off``: nothing of the extra is imported, as when it is not
installed — the import audit holds that for the server's start), one with it on. Each indexes
the same document and searches questions in other words than its text; with the layer on, the
background job embeds the document and a search loads the model. RSS is read from
``/proc/PID/status`` (Linux only) once the server has answered and settled.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

import attrs

from entrypoints.bench.server_rss import SETTLE_S, _Client, _status, serving, start_session

# A document the background job embeds in a few seconds of one core: 20 short sections.
_LINE = "worker {i} handled request {j} and wrote line {j} to the journal."
_DOCUMENT = (
    "\n\n".join(
        f"## Worker {i}\n\n" + " ".join(_LINE.format(i=i, j=j) for j in range(8)) for i in range(20)
    )
    + "\n\n## Pods\n\nReason: OOMKilled\nExit Code: 137\n"
)
_QUESTION = "the container ran out of memory"
WAIT_S = 300.0  # at most this long for the background job to embed the document
_NOT_YET = "not searched by meaning yet"


@attrs.frozen
class ModelMemory:
    layer_off_idle_mb: float
    layer_off_after_search_mb: float
    idle_mb: float  # the layer installed and on, the model not loaded yet
    model_loaded_mb: float  # after the document was embedded and a search asked the layer
    peak_mb: float  # the high-water mark from idle to the loaded model
    embed_wait_s: float

    def as_json(self) -> dict[str, object]:
        return attrs.asdict(self)


def run_server_model_memory(
    capy: str, progress: Callable[[int, int], None] = lambda done, total: None
) -> ModelMemory:
    if not sys.platform.startswith("linux"):
        raise RuntimeError("server memory is read from /proc: Linux only")
    off_idle, off_after, _, _ = _serve(capy, "off")
    progress(1, 2)
    idle, loaded, peak, waited = _serve(capy, "on")
    progress(2, 2)
    return ModelMemory(
        layer_off_idle_mb=round(off_idle, 1),
        layer_off_after_search_mb=round(off_after, 1),
        idle_mb=round(idle, 1),
        model_loaded_mb=round(loaded, 1),
        peak_mb=round(peak, 1),
        embed_wait_s=round(waited, 1),
    )


def _serve(capy: str, switch: str) -> tuple[float, float, float, float]:
    """(idle, after the searches, peak, seconds waited for the embedding) of one server."""
    with serving(capy, "capy-server-model-", CAPY_SEMANTIC=switch) as (client, pid):
        return _measure(client, pid, embedding=switch == "on")


def _measure(client: _Client, pid: int, *, embedding: bool) -> tuple[float, float, float, float]:
    start_session(client)
    time.sleep(SETTLE_S)
    idle = _status(pid)["VmRSS"]
    Path(f"/proc/{pid}/clear_refs").write_text("5")  # the peak from here on
    client.call("capy_index", {"content": _DOCUMENT, "source": "docs/workers.md"})
    began = time.monotonic()
    reply = client.call("capy_search", {"queries": [_QUESTION]})
    while embedding and _NOT_YET in reply and time.monotonic() - began < WAIT_S:
        time.sleep(2.0)
        reply = client.call("capy_search", {"queries": [_QUESTION]})
    waited = time.monotonic() - began
    if embedding and _NOT_YET in reply:
        raise RuntimeError(f"the server did not embed a 21-section document in {WAIT_S:.0f} s")
    client.call("capy_search", {"queries": ["nightly job vanished from the dashboard"]})
    time.sleep(SETTLE_S)
    status = _status(pid)
    return idle, status["VmRSS"], status["VmHWM"], waited
