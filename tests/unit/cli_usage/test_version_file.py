"""``capy --version`` reads capy's metadata file itself and answers as importlib.metadata does."""

from __future__ import annotations

import importlib.metadata
import sys
import zipfile
from pathlib import Path

import pytest

from entrypoints import version
from entrypoints.version import DISTRIBUTION, capy_version


def test_the_installed_version_is_importlib_metadata_s() -> None:
    assert capy_version() == importlib.metadata.version(DISTRIBUTION)
    assert version._version_from_metadata_file() == importlib.metadata.version(DISTRIBUTION)


def _dist_info(folder: Path, name: str, text: str) -> None:
    (folder / name).mkdir(parents=True)
    (folder / name / "METADATA").write_text(text, encoding="utf-8")


@pytest.mark.parametrize(
    "name",
    ["capy_mcp-9.8.7.dist-info", "Capy_MCP-9.8.7.dist-info", "capy.mcp-9.8.7.dist-info"],
)
def test_the_first_folder_on_the_path_holding_capy_s_metadata_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    _dist_info(first, name, "Metadata-Version: 2.1\nName: capy-mcp\nVersion: 9.8.7\n\nbody\n")
    _dist_info(second, "capy_mcp-1.0.0.dist-info", "Name: capy-mcp\nVersion: 1.0.0\n")
    (first / "capy_mcp_extra-5.0.dist-info").mkdir()  # another project's name
    monkeypatch.setattr(sys, "path", [str(tmp_path / "missing"), str(first), str(second)])
    assert capy_version() == "9.8.7" == importlib.metadata.version(DISTRIBUTION)


def test_an_egg_info_folder_is_read_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "capy_mcp.egg-info").mkdir()
    (tmp_path / "capy_mcp.egg-info" / "PKG-INFO").write_text("Name: capy-mcp\nVersion: 2.0\n")
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    assert capy_version() == "2.0" == importlib.metadata.version(DISTRIBUTION)


def test_a_version_only_in_the_body_is_not_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _dist_info(tmp_path, "capy_mcp-3.0.dist-info", "Name: capy-mcp\n\nVersion: 3.0\n")
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    assert version._version_from_metadata_file() is None


@pytest.mark.parametrize("case", ["two candidates", "zip on the path", "no version line"])
def test_what_is_not_plain_is_left_to_importlib_metadata(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    if case == "two candidates":
        _dist_info(tmp_path, "capy_mcp-1.0.dist-info", "Name: capy-mcp\nVersion: 1.0\n")
        _dist_info(tmp_path, "capy_mcp-2.0.dist-info", "Name: capy-mcp\nVersion: 2.0\n")
        path = [str(tmp_path)]
    elif case == "zip on the path":
        archive = tmp_path / "capy.zip"
        with zipfile.ZipFile(archive, "w") as written:
            written.writestr("capy_mcp-4.0.dist-info/METADATA", "Name: capy-mcp\nVersion: 4.0\n")
        path = [str(archive)]
    else:
        _dist_info(tmp_path, "capy_mcp-1.0.dist-info", "Name: capy-mcp\n")
        path = [str(tmp_path)]
    monkeypatch.setattr(sys, "path", path)
    assert version._version_from_metadata_file() is None
    asked: list[str] = []
    monkeypatch.setattr(importlib.metadata, "version", lambda name: asked.append(name) or "x")
    assert capy_version() == "x"
    assert asked == [DISTRIBUTION]


def test_capy_not_installed_is_unknown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    assert capy_version() == "unknown"
