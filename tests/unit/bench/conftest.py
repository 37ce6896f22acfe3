"""Benchmark test fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.bench.tiny_corpus import small_entries, write_fixtures


@pytest.fixture
def small_fixtures(tmp_path: Path) -> Path:
    return write_fixtures(tmp_path / "fixtures", small_entries())
