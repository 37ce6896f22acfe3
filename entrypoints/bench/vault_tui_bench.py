"""The terminal interface on a vault of many sessions: time to the first list, search latency.

A history of ``sessions`` small sessions (real text, Claude Code's layout; one of them the
showcase session the screenshots show) is imported into a fresh vault; then a child process
opens the interface headless. Measured: from starting that process (interpreter, imports,
opening the vault, listing every session, drawing the table) to the list on screen; and, while
typing queries at a person's pace, from the last key to the results on screen, and the search
itself for every prefix typed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console

from entrypoints.bench.showcase_session import showcase_session
from entrypoints.bench.transcript_files import ClaudeHome
from entrypoints.bench.vault_bench import bench_env, child_import
from entrypoints.bench.vault_history import HistoryWriter

SHOWCASE = "0b5e9f6c-1a2d-4c3b-8e7f-112233445566"
SESSION_BYTES = 20_000


def _history(root: Path, sessions: int, seed: int) -> None:
    HistoryWriter(seed).sessions(root, sessions - 1, SESSION_BYTES, projects=40)
    home = ClaudeHome(root)
    project = "/home/dev/notes_app"
    shown = showcase_session(SHOWCASE, project)
    home.session(project, shown.main)
    own = home.project_dir(project) / SHOWCASE
    for relative, data in shown.sidecars.items():
        (own / relative).parent.mkdir(parents=True, exist_ok=True)
        (own / relative).write_bytes(data)


def _interface(home: Path, shots: Path | None) -> dict[str, Any]:
    command = [
        sys.executable,
        "-m",
        "entrypoints.bench.vault_tui_run",
        str(shots or ""),
        SHOWCASE,
    ]
    began = time.perf_counter()
    process = subprocess.Popen(command, env=bench_env(home), stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    listed = None
    lines = []
    with process.stdout:
        for line in process.stdout:
            if line.strip() == "listed" and listed is None:
                listed = time.perf_counter() - began
            lines.append(line)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0 or listed is None:
        raise RuntimeError("the measured interface run failed")
    result: dict[str, Any] = json.loads(lines[-1])
    result["start_to_first_list_s"] = round(listed, 3)
    result["peak_rss_mb"] = round(usage.ru_maxrss / 1024, 1)
    return result


def run_vault_tui_bench(
    workdir: Path, sessions: int, shots: Path | None, seed: int, console: Console
) -> dict[str, Any]:
    root, home = workdir / "claude", workdir / "home"
    with console.status(f"writing {sessions:,} sessions"):
        _history(root, sessions, seed)
    with console.status("importing them into a fresh vault"):
        imported = child_import(home, [root])
    with console.status("opening the interface and typing searches"):
        measured = _interface(home, shots)
    return {"sessions": sum(imported["sessions"].values()), "import": imported} | measured
