"""Loads the quality-benchmark fixtures into a store so search can be measured against them."""

from __future__ import annotations

import json
from pathlib import Path

from domain.chunking import chunk, detect_content_type
from domain.content_type import ContentType
from domain.source_kind import SourceKind
from tests.integration.search.corpus import Case
from tests.integration.search.sqlite_fts_store import SqliteFtsStore

BENCH_DIR = Path(__file__).resolve().parents[2] / "fixtures" / "bench"


def load_bench(store: SqliteFtsStore, directory: Path = BENCH_DIR) -> dict[str, list[Case]]:
    """Index every fixture haystack; return the positive cases by content type."""
    cases: dict[str, list[Case]] = {}
    for path in sorted(directory.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            entry = json.loads(line)
            kind_name = entry["content_type"]
            content_type = (
                ContentType(kind_name)
                if kind_name in {c.value for c in ContentType}
                else detect_content_type(entry["haystack"])
            )
            store.add(
                entry["source_label"],
                chunk(entry["haystack"], content_type),
                SourceKind(entry.get("source_kind", "durable")),
            )
            for case in entry["cases"]:
                if case["needles"]:
                    cases.setdefault(kind_name, []).append(
                        Case(case["query"], tuple(case["needles"]), entry["source_label"])
                    )
    return cases
