"""[team] url only from the user's own file (or CAPY_TEAM_URL); [team] project only from the
project's committed file, else its git remote origin — never a local path."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from adapters.project.team_location import team_location, usable_team_location
from adapters.toml_config import TomlConfigSource
from domain.errors import ConfigError
from domain.settings import TeamSettings


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_the_url_is_honoured_only_in_the_global_file(tmp_path: Path) -> None:
    global_file, root = tmp_path / "global.toml", tmp_path / "project"
    _write(global_file, '[team]\nurl = "postgresql://alice@db.example.com/capy"\n')
    _write(
        root / ".capy" / "config.toml",
        '[team]\nurl = "postgresql://evil@attacker.example/x"\nproject = "github.com/acme/shop"\n',
    )
    loaded = TomlConfigSource(global_file).load(root)
    assert loaded.settings.team == TeamSettings(
        "postgresql://alice@db.example.com/capy", "github.com/acme/shop"
    )
    assert any("team.url ignored" in warning for warning in loaded.warnings)


def test_the_project_is_honoured_only_in_a_project_file(tmp_path: Path) -> None:
    global_file, root = tmp_path / "global.toml", tmp_path / "project"
    _write(global_file, '[team]\nproject = "github.com/acme/shop"\n')
    loaded = TomlConfigSource(global_file).load(root)
    assert loaded.settings.team.project == ""
    assert any("team.project ignored" in warning for warning in loaded.warnings)


def test_a_bad_project_name_is_an_error(tmp_path: Path) -> None:
    root = tmp_path / "project"
    _write(root / ".capy" / "config.toml", '[team]\nproject = "has spaces"\n')
    with pytest.raises(ConfigError, match=r"team\.project"):
        TomlConfigSource(tmp_path / "none.toml").load(root)


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)


def test_the_project_comes_from_the_git_remote_else_an_error(tmp_path: Path) -> None:
    root = tmp_path / "shop"
    root.mkdir()
    _git(root, "init", "-q")
    env = {"CAPY_TEAM_URL": "postgresql://alice@db.example.com/capy", "PATH": "/usr/bin:/bin"}
    with pytest.raises(ConfigError) as raised:
        team_location(TeamSettings(), env, root)
    assert "[team] project" in raised.value.hint
    assert usable_team_location(TeamSettings(), env, root) is None
    _git(root, "remote", "add", "origin", "/srv/git/shop.git")
    with pytest.raises(ConfigError, match="local path"):
        team_location(TeamSettings(), env, root)
    _git(root, "remote", "set-url", "origin", "git@github.com:Acme/shop.git")
    found = team_location(TeamSettings(), env, root)
    assert found is not None
    assert (found.project, found.project_origin, found.url_origin) == (
        "github.com/Acme/shop",
        "git remote origin",
        "CAPY_TEAM_URL",
    )
    named = team_location(TeamSettings(project="shop"), env, root)
    assert named is not None and named.project == "shop"
    assert team_location(TeamSettings(project="shop"), {}, root) is None
