"""The upkeep and interface benchmarks run end to end on tiny inputs (numbers not asserted)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from entrypoints.bench.vault_history import write_history
from entrypoints.bench.vault_ops_bench import describe, run_vault_ops_bench
from entrypoints.bench.vault_tui_bench import run_vault_tui_bench


def test_reindex_merge_rekey_and_compact_are_measured(tmp_path: Path) -> None:
    list(write_history(tmp_path / "history", [1], seed=3))
    report = run_vault_ops_bench(tmp_path / "history", tmp_path / "work", Console(quiet=True))
    sessions = report["import"]["sessions"]["new"]
    assert report["reindex"]["reindexed"] == sessions
    assert report["merge"]["sessions"] == sessions
    assert report["rekey"]["peak_disk_bytes"] >= report["rekey"]["bytes_before"]
    assert report["compact"]["bytes_after"] < report["compact"]["bytes_before"]
    assert [name for name, _ in describe(report)] == ["reindex", "merge", "rekey", "compact"]


def test_the_interface_is_timed_and_photographed(tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    shots.mkdir()
    report = run_vault_tui_bench(tmp_path / "work", 12, shots, 3, Console(quiet=True))
    assert report["sessions"] == 12
    assert report["start_to_first_list_s"] > 0
    assert report["typed_queries"] == 5
    assert sorted(p.name for p in shots.iterdir()) == [
        "vault-tui-diff.svg",
        "vault-tui-list.svg",
        "vault-tui-viewer.svg",
    ]
