"""Reading benchmark fixture files (``*.jsonl``, one haystack with its cases per line)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import attrs

from domain.errors import InvalidInput
from domain.source_kind import SourceKind

CONTENT_TYPES = ("markdown", "json", "plaintext", "transcript", "curated")


@attrs.frozen
class FixtureCase:
    case_id: str
    query: str
    needles: tuple[str, ...]
    rank_ceiling: int
    expected_layer: str | None


@attrs.frozen
class FixtureEntry:
    id: str
    content_type: str
    haystack: str
    source_label: str
    source_kind: SourceKind
    cases: tuple[FixtureCase, ...]
    command: str = ""  # the command that printed the haystack, when it is a tool's output


@attrs.frozen
class Corpus:
    """The valid entries; ``skipped`` says which cases were left out and why."""

    entries: tuple[FixtureEntry, ...]
    dataset_hash: str
    files: tuple[str, ...]
    skipped: tuple[str, ...] = ()

    def content_types(self) -> list[str]:
        present = {e.content_type for e in self.entries}
        known = [t for t in CONTENT_TYPES if t in present]
        return known + sorted(present - set(CONTENT_TYPES))

    def of_type(self, content_type: str) -> list[FixtureEntry]:
        return [e for e in self.entries if e.content_type == content_type]


def _bad(where: str, problem: str) -> InvalidInput:
    return InvalidInput(
        f"{where}: {problem}",
        "fix the fixture line (schema: tests/fixtures/bench/README.md) and run the benchmark again",
    )


def _text(data: dict[str, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise _bad(where, f'"{key}" must be a non-empty string')
    return value


class _SkipCase(Exception):
    """A case that cannot be measured (its needle is not in the haystack); the rest can."""


def _case(data: Any, entry_id: str, haystack: str, where: str) -> FixtureCase:
    if not isinstance(data, dict):
        raise _bad(where, "every case must be an object")
    case_id = _text(data, "case_id", where)
    where = f"{where} case {case_id}"
    needles = data.get("needles")
    if not isinstance(needles, list) or not all(isinstance(n, str) and n for n in needles):
        raise _bad(where, '"needles" must be a list of non-empty strings ([] for a negative case)')
    missing = [n for n in needles if n not in haystack]
    if missing:
        raise _SkipCase(f"{where}: needle not found verbatim in the haystack: {missing[0]!r}")
    ceiling = data.get("expected_rank_ceiling", 0)
    if not isinstance(ceiling, int) or ceiling < 0:
        raise _bad(where, '"expected_rank_ceiling" must be a whole number ≥ 0')
    layer = data.get("expected_layer")
    if layer is not None and not isinstance(layer, str):
        raise _bad(where, '"expected_layer" must be a string when present')
    return FixtureCase(case_id, _text(data, "query", where), tuple(needles), ceiling, layer or None)


def _entry(line: str, where: str, skipped: list[str]) -> FixtureEntry | None:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as error:
        raise _bad(where, f"not valid JSON ({error.msg} at column {error.colno})") from None
    if not isinstance(data, dict):
        raise _bad(where, "each line must be a JSON object")
    entry_id = _text(data, "id", where)
    where = f"{where} ({entry_id})"
    content_type = _text(data, "content_type", where)
    if not content_type.replace("_", "").replace("-", "").isalnum():
        raise _bad(where, f'content_type "{content_type}" must be a plain word, e.g. markdown')
    haystack = _text(data, "haystack", where)
    try:
        kind = SourceKind.parse(str(data.get("source_kind", "durable")))
    except InvalidInput as error:
        raise _bad(where, error.message) from None
    cases = data.get("cases")
    if not isinstance(cases, list) or not cases:
        raise _bad(where, '"cases" must be a non-empty list')
    kept: list[FixtureCase] = []
    for case in cases:
        try:
            kept.append(_case(case, entry_id, haystack, where))
        except _SkipCase as problem:
            skipped.append(str(problem))
    if not kept:
        return None
    command = data.get("command", "")
    if not isinstance(command, str):
        raise _bad(where, '"command" must be a string (the command that printed the haystack)')
    return FixtureEntry(
        id=entry_id,
        content_type=content_type,
        haystack=haystack,
        source_label=_text(data, "source_label", where),
        source_kind=kind,
        cases=tuple(kept),
        command=command,
    )


def load_corpus(directory: Path) -> Corpus:
    """Every entry of every ``*.jsonl`` file in ``directory`` (sorted by name), validated.

    A malformed line stops the run with its location. A case whose needle is not in its
    haystack cannot be scored either way, so it is left out and listed in ``skipped``.

    The dataset hash is ``sha256:`` over all files' bytes in that order, so two reports can
    tell whether they measured the same corpus.
    """
    if not directory.is_dir():
        raise InvalidInput(
            f"fixture directory {directory} does not exist",
            "pass --fixtures with a directory of *.jsonl files, e.g. tests/fixtures/bench",
        )
    files = sorted(directory.glob("*.jsonl"))
    if not files:
        raise InvalidInput(
            f"no *.jsonl fixture files in {directory}",
            "point --fixtures at a directory holding benchmark fixtures (*.jsonl)",
        )
    digest = hashlib.sha256()
    entries: list[FixtureEntry] = []
    skipped: list[str] = []
    for path in files:
        raw = path.read_bytes()
        digest.update(raw)
        text = raw.decode("utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                entry = _entry(line, f"{path.name}:{number}", skipped)
                if entry is not None:
                    entries.append(entry)
    _check_unique(entries)
    names = tuple(p.name for p in files)
    return Corpus(tuple(entries), f"sha256:{digest.hexdigest()}", names, tuple(skipped))


def _check_unique(entries: list[FixtureEntry]) -> None:
    seen: set[str] = set()
    labels: set[tuple[str, str]] = set()
    for entry in entries:
        key = (entry.content_type, entry.source_label)
        if key in labels:
            raise _bad(entry.id, f'source_label "{entry.source_label}" is used twice')
        labels.add(key)
        for case in entry.cases:
            if case.case_id in seen:
                raise _bad(entry.id, f'case_id "{case.case_id}" is used twice')
            seen.add(case.case_id)
