"""Sweep throughput and memory on generated histories, each size in a fresh process.

Peak RSS is a process's high-water mark, so each history is swept in a fresh Python process
(``python -m entrypoints.bench.sweep_perf``); the child reports, as JSON, its resident size
before the sweep (capy imported, store open) and its peak during it. A flat peak across sizes
shows the sweep streams: memory follows the largest session, not the history.
"""

from __future__ import annotations

import contextlib
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from entrypoints.bench.bench_store import StoreChoice, bench_container
from entrypoints.bench.session_history import describe, generate_history


def _rss_mb() -> float:
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    return pages * resource.getpagesize() / (1024 * 1024)


def _reset_peak_rss() -> None:
    """Start the peak-RSS count afresh (Linux ≥ 4.0; elsewhere the peak covers start-up)."""
    with contextlib.suppress(OSError):
        Path("/proc/self/clear_refs").write_text("5")


def _peak_rss_mb() -> float:
    """The process's peak resident size since the last reset.

    Read from ``VmHWM``: ``ru_maxrss`` would carry over the parent's size at the fork that
    started this process."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def sweep_in_this_process(config_dir: str, project: str, workdir: str) -> dict[str, Any]:
    """Sweep the history three times: a dry run (reading every session, writing nothing: the
    reading side's memory alone), then indexing it, then again with nothing changed."""
    from application.use_cases.sweep_request import SweepRequest
    from entrypoints.mcp_server.memory import pin_mmap_threshold

    pin_mmap_threshold()  # as ``capy serve`` does: large buffers go back to the system when freed

    with bench_container(
        StoreChoice.SQLCIPHER,
        Path(workdir),
        project_dir=Path(project),
        extra_env={"CLAUDE_CONFIG_DIR": config_dir, "CODEX_HOME": str(Path(workdir) / "codex")},
    ) as container:
        container.adapters.knowledge_store()  # opened before the baseline is taken
        sweep = container.use_cases.sweep_sessions()
        baseline = _rss_mb()
        root = Path(project)
        _reset_peak_rss()
        began = time.perf_counter()
        sweep.execute(SweepRequest(project_root=root, dry_run=True))
        read_seconds = time.perf_counter() - began
        read_peak = _peak_rss_mb()
        _reset_peak_rss()
        began = time.perf_counter()
        first = sweep.execute(SweepRequest(project_root=root, dry_run=False))
        first_seconds = time.perf_counter() - began
        peak = _peak_rss_mb()
        began = time.perf_counter()
        second = sweep.execute(SweepRequest(project_root=root, dry_run=False))
        second_seconds = time.perf_counter() - began
        chunks = container.adapters.knowledge_store().stats().chunk_count
    return {
        "first_seconds": round(first_seconds, 3),
        "indexed_sessions": first.indexed,
        "skipped_sessions": len(first.rows) - first.indexed,
        "chunks": chunks,
        "second_seconds": round(second_seconds, 4),
        "second_unchanged": sum(1 for r in second.rows if r.status.value == "unchanged"),
        "rss_before_mb": round(baseline, 1),
        "peak_rss_mb": round(peak, 1),
        "read_only_seconds": round(read_seconds, 3),
        "read_only_peak_rss_mb": round(read_peak, 1),
    }


def measure_size(megabytes: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="capy-sweep-bench-") as tmp:
        work = Path(tmp)
        history = generate_history(work / "history", megabytes * 1_000_000)
        child = subprocess.run(
            [
                sys.executable,
                "-m",
                __name__,
                str(history.root),
                str(history.project),
                str(work / "capy"),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if child.returncode != 0:
            raise RuntimeError(f"the sweep benchmark's child failed: {child.stderr.strip()}")
        run = json.loads(child.stdout)
    seconds = run["first_seconds"]
    return {
        "target_mb": megabytes,
        "history": describe(history),
        **run,
        "mb_per_s": round(history.bytes / 1e6 / seconds, 2),
        "sessions_per_s": round(history.sessions / seconds, 2),
        "peak_over_baseline_mb": round(run["peak_rss_mb"] - run["rss_before_mb"], 1),
    }


if __name__ == "__main__":
    print(json.dumps(sweep_in_this_process(*sys.argv[1:4])))
