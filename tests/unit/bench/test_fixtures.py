"""The bundled benchmark corpus is well-formed: schema, needles, ids and counts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "bench"
CONTENT_TYPES = {"markdown", "json", "plaintext", "transcript", "curated"}
KINDS = {"durable", "ephemeral", "session"}
LAYERS = {
    "rrf(words+substrings)",
    "words",
    "substrings",
    "fuzzy+rrf(words+substrings)",
    "fuzzy+words",
    "fuzzy+substrings",
    "none",
}


def _entries() -> list[dict[str, Any]]:
    entries = []
    for path in sorted(FIXTURES.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                entries.append(json.loads(line))
    return entries


ENTRIES = _entries()


def test_corpus_exists() -> None:
    assert {p.stem for p in FIXTURES.glob("*.jsonl")} == CONTENT_TYPES


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_entry_schema(entry: dict[str, Any]) -> None:
    assert set(entry) == {"id", "content_type", "haystack", "source_label", "source_kind", "cases"}
    assert entry["content_type"] in CONTENT_TYPES
    assert entry["source_kind"] in KINDS
    assert isinstance(entry["haystack"], str) and entry["haystack"].strip()
    assert entry["source_label"]
    assert entry["cases"]
    for case in entry["cases"]:
        assert set(case) <= {
            "case_id",
            "query",
            "needles",
            "expected_layer",
            "expected_rank_ceiling",
        }
        assert case["case_id"].startswith(entry["id"] + "_")
        assert case["query"].strip()
        assert isinstance(case["needles"], list)
        assert all(isinstance(n, str) and n.strip() for n in case["needles"])
        ceiling = case.get("expected_rank_ceiling", 0)
        assert isinstance(ceiling, int) and 0 <= ceiling <= 10
        assert (ceiling == 0) == (not case["needles"])
        if "expected_layer" in case:
            assert case["expected_layer"] in LAYERS


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_every_needle_occurs_verbatim_in_its_haystack(entry: dict[str, Any]) -> None:
    for case in entry["cases"]:
        for needle in case["needles"]:
            assert needle in entry["haystack"], (case["case_id"], needle)


def test_needles_do_not_occur_in_other_haystacks_of_the_same_store() -> None:
    by_type: dict[str, list[dict[str, Any]]] = {}
    for entry in ENTRIES:
        by_type.setdefault(entry["content_type"], []).append(entry)
    for entries in by_type.values():
        for entry in entries:
            for case in entry["cases"]:
                for needle in case["needles"]:
                    others = [
                        o["id"] for o in entries if o is not entry and needle in o["haystack"]
                    ]
                    assert not others, (case["case_id"], needle, others)


def test_ids_and_labels_are_unique() -> None:
    ids = [e["id"] for e in ENTRIES]
    labels = [e["source_label"] for e in ENTRIES]
    case_ids = [c["case_id"] for e in ENTRIES for c in e["cases"]]
    assert len(ids) == len(set(ids))
    assert len(labels) == len(set(labels))
    assert len(case_ids) == len(set(case_ids))


def test_counts() -> None:
    positives = [c for e in ENTRIES for c in e["cases"] if c["needles"]]
    negatives = [c for e in ENTRIES for c in e["cases"] if not c["needles"]]
    assert len(positives) >= 250
    assert len(negatives) >= 50
    for content_type in CONTENT_TYPES:
        typed = [e for e in ENTRIES if e["content_type"] == content_type]
        assert len(typed) >= 10, content_type
        assert sum(1 for e in typed for c in e["cases"] if not c["needles"]) >= 5


def test_haystacks_are_realistically_sized() -> None:
    sizes = sorted(len(e["haystack"].encode()) for e in ENTRIES)
    assert sizes[len(sizes) // 2] >= 3000
    assert max(sizes) >= 20_000
