"""The doctor's team-store line: fine, not a member, or a password written in a config file."""

from __future__ import annotations

from pathlib import Path

from adapters.doctor.team_check import TeamStoreCheck
from application.ports.config_source import LoadedConfig
from domain.doctor.check import CheckStatus
from domain.settings import Settings, TeamSettings
from domain.team import ProjectCount, TeamStatus


def _status(projects: tuple[ProjectCount, ...]) -> TeamStatus:
    return TeamStatus("alice@db:5432/capy", "alice", True, "0001", True, (), projects)


def _check(tmp_path: Path, url_in_file: str, projects: tuple[ProjectCount, ...]) -> TeamStoreCheck:
    config = tmp_path / "config.toml"
    config.write_text(f'[team]\nurl = "{url_in_file}"\n', encoding="utf-8")
    loaded = LoadedConfig(
        settings=Settings(team=TeamSettings(url=url_in_file, project="acme/shop")),
        files_read=(config,),
    )
    return TeamStoreCheck(
        lambda: loaded, {}, tmp_path, lambda url: _status(projects), lambda url: ":pw@" in url
    )


def test_a_member_over_tls_passes(tmp_path: Path) -> None:
    result = _check(
        tmp_path, "postgresql://alice@db/capy", (ProjectCount("acme/shop", 1, 2),)
    ).run()
    assert result.status is CheckStatus.PASS
    assert "RLS in force" in result.detail


def test_a_password_in_a_config_file_warns(tmp_path: Path) -> None:
    result = _check(
        tmp_path, "postgresql://alice:pw@db/capy", (ProjectCount("acme/shop", 1, 2),)
    ).run()
    assert result.status is CheckStatus.WARN
    assert "pgpass" in result.fix


def test_a_role_outside_the_project_fails(tmp_path: Path) -> None:
    result = _check(tmp_path, "postgresql://alice@db/capy", ()).run()
    assert result.status is CheckStatus.FAIL
    assert "add-member --role alice --project acme/shop" in result.fix


def test_no_team_configured_passes(tmp_path: Path) -> None:
    loaded = LoadedConfig(settings=Settings())
    check = TeamStoreCheck(lambda: loaded, {}, tmp_path, lambda url: _status(()), lambda u: False)
    assert check.run().status is CheckStatus.PASS
