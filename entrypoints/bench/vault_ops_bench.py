"""The vault's upkeep measured on a generated history: reindex, merge, compact, rekey.

Each operation runs in a child process on vaults made for the run (``run_child``): the history
is imported into one vault (compressed) and into another with compression off. Then:

- **reindex** — every session of the compressed vault made stale, then re-indexed from the
  stored bytes (MB/s of session content);
- **merge** — the compressed vault merged into a new, empty vault (MB/s of session content);
- **compact** — the uncompressed vault compressed and rewritten (file bytes before/after);
- **rekey** — the compressed vault re-encrypted under a new key: time, and the peak disk use
  of its folder while it runs (sampled every 20 ms) against its size before.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from rich.console import Console

from entrypoints.bench.vault_bench import child_import, run_child, vault_files

OPS = "entrypoints.bench.vault_ops_run"


class DiskPeak:
    """The largest total size of the files in a folder while the block runs."""

    def __init__(self, folder: Path, every: float = 0.02) -> None:
        self._folder = folder
        self._every = every
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def _size(self) -> int:
        total = 0
        for entry in self._folder.iterdir():
            try:
                total += entry.stat().st_size if entry.is_file() else 0
            except OSError:
                continue
        return total

    def _watch(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, self._size())
            self._stop.wait(self._every)

    def __enter__(self) -> DiskPeak:
        self.peak = self._size()
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, self._size())


def _key(home: Path) -> str:
    keys = sorted((home / ".config" / "capy" / "keys").glob("*.key"))
    return keys[0].read_text().strip()


def run_vault_ops_bench(history: Path, workdir: Path, console: Console) -> dict[str, Any]:
    parts = sorted(p for p in history.glob("part-*") if (p / "projects").is_dir())
    if not parts:
        raise FileNotFoundError(f"no generated history under {history}")
    packed, raw, merged = workdir / "packed", workdir / "raw", workdir / "merged"
    report: dict[str, Any] = {"history": str(history)}
    with console.status("importing the history into a compressed vault"):
        report["import"] = child_import(packed, parts)
    report["vault_bytes"] = vault_files(packed)
    with console.status("re-indexing every session of it"):
        report["reindex"] = run_child(packed, OPS, ["reindex"])
    with console.status("merging it into an empty vault"):
        source = packed / ".local" / "share" / "capy" / "vault.db"
        key = {"CAPY_VAULT_MERGE_KEY": _key(packed)}
        report["merge"] = run_child(merged, OPS, ["merge", str(source)], key)
    with console.status("re-encrypting it under a new key"):
        folder = source.parent
        before = vault_files(packed)
        with DiskPeak(folder) as disk:
            report["rekey"] = run_child(packed, OPS, ["rekey"])
        report["rekey"] |= {"bytes_before": before, "peak_disk_bytes": disk.peak}
    with console.status("importing the history with compression off"):
        report["import_raw"] = child_import(raw, parts, {"CAPY_VAULT_NO_COMPRESS": "1"})
    with console.status("compacting the uncompressed vault"):
        report["compact"] = run_child(raw, OPS, ["compact"])
    return report


def describe(report: dict[str, Any]) -> list[tuple[str, str]]:
    """One line per measurement, for the terminal."""
    mb = 1e6
    reindex, merge, rekey, compact = (
        report["reindex"],
        report["merge"],
        report["rekey"],
        report["compact"],
    )
    return [
        (
            "reindex",
            f"{reindex['reindexed']:,} sessions, {reindex['bytes'] / mb:,.0f} MB in "
            f"{reindex['seconds']} s = {reindex['mb_per_s']} MB/s "
            f"(peak RSS {reindex['peak_rss_mb']} MB)",
        ),
        (
            "merge",
            f"{merge['sessions']:,} sessions, {merge['bytes'] / mb:,.0f} MB in "
            f"{merge['seconds']} s = {merge['mb_per_s']} MB/s (peak RSS {merge['peak_rss_mb']} MB)",
        ),
        (
            "rekey",
            f"{rekey['bytes_before'] / mb:,.0f} MB vault in {rekey['seconds']} s; peak disk "
            f"{rekey['peak_disk_bytes'] / mb:,.0f} MB "
            f"({rekey['peak_disk_bytes'] / max(rekey['bytes_before'], 1):.2f}× the vault)",
        ),
        (
            "compact",
            f"{compact['compressed']:,} of {compact['files']:,} files compressed; file "
            f"{compact['bytes_before'] / mb:,.0f} MB → {compact['bytes_after'] / mb:,.0f} MB in "
            f"{compact['seconds']} s",
        ),
    ]
