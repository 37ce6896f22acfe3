"""The vault benchmark runs end to end on a tiny generated history (numbers not asserted)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from entrypoints.bench.vault_bench import run_vault_bench
from entrypoints.bench.vault_history import write_history


def test_a_tiny_history_is_generated_imported_and_searched(tmp_path: Path) -> None:
    parts = list(write_history(tmp_path / "history", [1, 1], seed=3))
    assert [p.root.name for p in parts] == ["part-1", "part-2"]
    assert all(p.sessions >= 1 and p.bytes >= 1_000_000 for p in parts)
    assert not (tmp_path / "home" / ".claude").exists()

    report = run_vault_bench(tmp_path / "history", tmp_path / "work", 5, Console(quiet=True))
    whole = report["import_whole"]
    assert whole["sessions"]["error"] == 0
    assert whole["sessions"]["new"] == sum(p.sessions for p in parts)
    assert report["reimport_unchanged"]["sessions"]["skipped"] == whole["sessions"]["new"]
    assert report["search"]["queries"] == 5
    assert report["search"]["compression_ratio"] > 1
