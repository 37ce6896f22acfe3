"""Where ``capy bench quality`` looks for its corpus without ``--fixtures``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domain.errors import InvalidInput
from entrypoints.bench.fixture_location import (
    BUNDLED,
    candidate_checkouts,
    default_fixtures,
    directory_of,
)


def _checkout(root: Path, *, corpus: bool = True) -> Path:
    root.mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\nname = 'capy-mcp'\n")
    if corpus:
        (root / BUNDLED).mkdir(parents=True)
        (root / BUNDLED / "markdown.jsonl").write_text("{}\n")
    return root


def test_the_first_checkout_with_a_corpus_wins(tmp_path: Path) -> None:
    empty = _checkout(tmp_path / "a", corpus=False)
    full = _checkout(tmp_path / "b")
    assert default_fixtures(lambda: [empty, full]) == full / BUNDLED


def test_without_a_checkout_the_error_names_fixtures(tmp_path: Path) -> None:
    site_packages = tmp_path / "site-packages"
    site_packages.mkdir()
    with pytest.raises(InvalidInput) as refused:
        default_fixtures(lambda: [site_packages])
    assert "--fixtures" in refused.value.hint
    assert str(site_packages / BUNDLED) in refused.value.message


def test_this_checkout_is_a_candidate() -> None:
    root = Path(__file__).resolve().parents[3]
    assert root in candidate_checkouts()


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        ({"url": "file:///home/me/src/capy", "dir_info": {}}, Path("/home/me/src/capy")),
        (
            {"url": "file:///home/me/my%20capy", "dir_info": {"editable": True}},
            Path("/home/me/my capy"),
        ),
        ({"url": "https://example.com/capy.tar.gz", "archive_info": {}}, None),
        ({"url": "file:///tmp/capy_mcp-0.1.0-py3-none-any.whl", "archive_info": {}}, None),
        ({"url": "file://server/share/capy", "dir_info": {}}, None),
    ],
)
def test_the_directory_an_installer_recorded(
    record: dict[str, object], expected: Path | None
) -> None:
    assert directory_of(json.dumps(record)) == expected


def test_a_missing_or_broken_record_names_no_directory() -> None:
    assert directory_of(None) is None
    assert directory_of("not json") is None
    assert directory_of("[]") is None
