"""The benchmark's long log: deterministic, the size asked for, and a log to the chunker."""

from __future__ import annotations

from pathlib import Path

from domain.chunking import chunk, detect_content_type
from entrypoints.bench.perf_log import log_text, measure_log


def test_the_log_is_deterministic_and_about_the_size_asked_for() -> None:
    text = log_text(100_000)
    assert text == log_text(100_000)
    assert 100_000 <= len(text.encode("utf-8")) < 101_000
    assert "Traceback (most recent call last):" in log_text(2_000_000)


def test_its_chunks_are_titled_as_a_log() -> None:
    pieces = chunk(log_text(60_000), detect_content_type(log_text(60_000)))
    assert len(pieces) > 3
    assert any("nothing failed" in p.title or "×" in p.title for p in pieces)


def test_measuring_indexes_it_whole_next_to_the_encrypted_pair(tmp_path: Path) -> None:
    measured = measure_log(tmp_path, 0.05)
    assert measured["bytes"] >= 50_000 and measured["sections"] > 1
    assert measured["mb_per_s"] > 0 and measured["encrypted_porter_trigram_mb_per_s"] > 0
    assert measured["cpu_mb_per_s"] > 0 and measured["encrypted_porter_trigram_cpu_mb_per_s"] > 0
    assert measured["cpu_speed_vs_encrypted_porter_trigram"] > 0
