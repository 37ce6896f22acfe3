"""The vault benchmark: import speed and memory, compression, re-import, search latency.

Every import runs in a child process with a fresh ``HOME`` (its own vault and key), so its
peak resident memory is measured alone (``wait4``): one child imports the first part of
the generated history, another the whole history, a third imports the whole history again
into the same vault (nothing changed). Search latency is measured in this process on the
full vault, through the same use case as ``capy vault search``, with words drawn from the
archived messages.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console

from application.use_cases.vault.search_vault import VaultSearchRequest
from domain.vault.search import SessionFilter
from entrypoints.containers.runtime import RuntimeOptions
from entrypoints.containers.vault import VaultContainer

MB = 1_000_000


def bench_env(home: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    """This environment without capy's and Claude's variables, with ``home`` as HOME."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CAPY_", "CLAUDE_"))}
    env |= {
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
    }
    return env | (extra or {})


def run_child(
    home: Path, module: str, args: list[str], extra_env: dict[str, str] | None = None
) -> dict[str, Any]:
    """Run ``python -m module args`` with ``home`` as HOME; its last stdout line (JSON) plus
    its peak resident memory (``peak_rss_mb``, measured by ``wait4``)."""
    command = [sys.executable, "-m", module, *args]
    env = bench_env(home, extra_env)
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    with process.stdout:
        output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise RuntimeError(f"the measured run of {module} failed (exit {process.returncode})")
    result: dict[str, Any] = json.loads(output.strip().splitlines()[-1])
    peak = usage.ru_maxrss / (1024 * 1024) if sys.platform == "darwin" else usage.ru_maxrss / 1024
    result["peak_rss_mb"] = round(peak, 1)
    if "bytes" in result and result.get("seconds"):
        result["mb_per_s"] = round(result["bytes"] / MB / result["seconds"], 1)
    result["seconds"] = round(result["seconds"], 2)
    return result


def child_import(
    home: Path, roots: list[Path], extra_env: dict[str, str] | None = None
) -> dict[str, Any]:
    return run_child(home, "entrypoints.bench.vault_import_run", [str(r) for r in roots], extra_env)


def vault_files(home: Path) -> int:
    folder = home / ".local" / "share" / "capy"
    return sum(p.stat().st_size for p in folder.glob("vault.db*") if p.is_file())


def _queries(container: VaultContainer, count: int, rng: random.Random) -> list[str]:
    store = container.adapters.vault_store()
    sessions = store.sessions(SessionFilter(limit=0))
    codec = container.adapters.codec()
    words: list[str] = []
    for session in rng.sample(sessions, min(len(sessions), 40)):
        text = codec.decode(store.main_blob(session.uuid))[:200_000].decode("utf-8", "replace")
        words += [w for w in text.split() if w.isalpha() and 4 <= len(w) <= 14]
    return [" ".join(rng.sample(words, rng.choice((1, 1, 2)))) for _ in range(count)]


def _search(home: Path, queries: int, rng: random.Random) -> dict[str, Any]:
    container = VaultContainer(options=RuntimeOptions(env=bench_env(home), cwd=home))
    try:
        wanted = _queries(container, queries, rng)
        search = container.use_cases.search()
        search.execute(
            VaultSearchRequest(wanted[0])
        )  # warm the page cache, as a user's second search
        samples, hits = [], 0
        for text in wanted:
            began = time.perf_counter()
            hits += len(search.execute(VaultSearchRequest(text)))
            samples.append(time.perf_counter() - began)
        stats = container.use_cases.statistics().execute()
    finally:
        container.shutdown_resources()
    ordered = sorted(samples)
    return {
        "queries": len(wanted),
        "p50_ms": round(statistics.median(ordered) * 1000, 2),
        "p95_ms": round(ordered[round(0.95 * (len(ordered) - 1))] * 1000, 2),
        "hits_per_query": round(hits / len(wanted), 1),
        "sessions": stats.sessions,
        "size_bytes": stats.size_bytes,
        "stored_bytes": stats.stored_bytes,
        "compression_ratio": round(stats.compression_ratio, 2),
    }


def run_vault_bench(history: Path, workdir: Path, queries: int, console: Console) -> dict[str, Any]:
    parts = sorted(p for p in history.glob("part-*") if (p / "projects").is_dir())
    if not parts:
        raise FileNotFoundError(f"no generated history under {history}")
    report: dict[str, Any] = {"history": str(history), "parts": [p.name for p in parts]}
    first, whole = workdir / "first", workdir / "whole"
    with console.status(f"importing {parts[0].name} into a fresh vault"):
        report["import_first_part"] = child_import(first, parts[:1])
    with console.status("importing the whole history into a fresh vault"):
        report["import_whole"] = child_import(whole, parts)
    report["vault_file_bytes"] = vault_files(whole)
    with console.status("importing the whole history again (nothing changed)"):
        report["reimport_unchanged"] = child_import(whole, parts)
    with console.status(f"searching {queries} times"):
        report["search"] = _search(whole, queries, random.Random(11))
    raw = report["import_whole"]["bytes"]
    report["vault_vs_raw"] = round(report["vault_file_bytes"] / raw, 3) if raw else None
    return report
