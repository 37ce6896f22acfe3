"""Loads the quality-benchmark fixtures into a store so search can be measured against them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from domain.chunking import chunk, detect_content_type
from domain.content_type import ContentType
from domain.source_kind import SourceKind
from tests.integration.search.corpus import Case
from tests.integration.search.sqlite_fts_store import SqliteFtsStore

BENCH_DIR = Path(__file__).resolve().parents[2] / "fixtures" / "bench"


def entries(directory: Path = BENCH_DIR) -> list[dict[str, Any]]:
    """Every fixture entry, in file order."""
    found: list[dict[str, Any]] = []
    for path in sorted(directory.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                found.append(json.loads(line))
    return found


def index_entry(store: SqliteFtsStore, entry: dict[str, Any]) -> list[Case]:
    """Index one fixture haystack; return its positive cases."""
    type_name = entry["content_type"]
    known = {c.value for c in ContentType}
    content_type = (
        ContentType(type_name) if type_name in known else detect_content_type(entry["haystack"])
    )
    store.add(
        entry["source_label"],
        chunk(entry["haystack"], content_type),
        SourceKind(entry.get("source_kind", "durable")),
    )
    return [
        Case(case["query"], tuple(case["needles"]), entry["source_label"])
        for case in entry["cases"]
        if case["needles"]
    ]


def load_bench(store: SqliteFtsStore, directory: Path = BENCH_DIR) -> dict[str, list[Case]]:
    """Index every fixture haystack; return the positive cases by content type."""
    cases: dict[str, list[Case]] = {}
    for entry in entries(directory):
        cases.setdefault(entry["content_type"], []).extend(index_entry(store, entry))
    return cases
