"""Loading fixture files: validation errors say what to fix; the dataset hash is stable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domain.errors import InvalidInput
from domain.source_kind import SourceKind
from entrypoints.bench.fixtures import load_corpus
from tests.unit.bench.tiny_corpus import small_entries, write_fixtures


def test_loads_entries_in_file_name_order_with_their_cases(small_fixtures: Path) -> None:
    corpus = load_corpus(small_fixtures)
    assert corpus.files == ("markdown.jsonl", "plaintext.jsonl")
    assert [e.id for e in corpus.entries] == ["md_001", "pt_001"]
    assert corpus.entries[1].source_kind is SourceKind.EPHEMERAL
    assert corpus.entries[0].cases[1].needles == ()
    assert corpus.content_types() == ["markdown", "plaintext"]
    assert corpus.dataset_hash.startswith("sha256:")


def test_dataset_hash_changes_with_any_byte(small_fixtures: Path) -> None:
    before = load_corpus(small_fixtures).dataset_hash
    assert load_corpus(small_fixtures).dataset_hash == before
    path = small_fixtures / "plaintext.jsonl"
    path.write_text(path.read_text() + "\n", encoding="utf-8")
    assert load_corpus(small_fixtures).dataset_hash != before


def test_a_case_whose_needle_is_not_in_its_haystack_is_skipped_and_named(
    tmp_path: Path,
) -> None:
    entries = small_entries()
    entries[0]["cases"][0]["needles"] = ["not in the text"]  # type: ignore[index]
    corpus = load_corpus(write_fixtures(tmp_path, entries))
    assert [c.case_id for e in corpus.entries for c in e.cases] == ["md_001_q2", "pt_001_q1"]
    (problem,) = corpus.skipped
    assert "markdown.jsonl:1" in problem
    assert "needle not found verbatim" in problem


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        (json.dumps({"id": "x", "content_type": "no such/type"}), "must be a plain word"),
        (json.dumps({"id": "x", "content_type": "yaml", "haystack": "a: 1"}), '"cases" must be'),
    ],
)
def test_malformed_lines_are_refused_with_their_location(
    tmp_path: Path, line: str, problem: str
) -> None:
    (tmp_path / "broken.jsonl").write_text(line + "\n", encoding="utf-8")
    with pytest.raises(InvalidInput, match=problem) as error:
        load_corpus(tmp_path)
    assert "broken.jsonl:1" in error.value.message


def test_duplicate_case_ids_are_refused(tmp_path: Path) -> None:
    entries = small_entries()
    entries[1]["cases"][0]["case_id"] = "md_001_q1"  # type: ignore[index]
    with pytest.raises(InvalidInput, match="used twice"):
        load_corpus(write_fixtures(tmp_path, entries))


def test_a_directory_without_fixtures_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match=r"no \*\.jsonl"):
        load_corpus(tmp_path)
    with pytest.raises(InvalidInput, match="does not exist"):
        load_corpus(tmp_path / "missing")


def test_other_content_types_are_kept_after_the_known_ones(tmp_path: Path) -> None:
    entries = small_entries()
    yaml_entry = dict(entries[0], id="yaml_001", content_type="yaml", source_label="bench-yaml-1")
    yaml_entry["cases"] = [dict(entries[0]["cases"][0], case_id="yaml_001_q1")]  # type: ignore[index]
    corpus = load_corpus(write_fixtures(tmp_path, [*entries, yaml_entry]))
    assert corpus.content_types() == ["markdown", "plaintext", "yaml"]
