"""``capy which`` as a user runs it: project, database and why, config files, key origin."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.e2e.installed import installed_capy


@pytest.fixture(scope="module")
def capy() -> str:
    return installed_capy()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / "src").mkdir(parents=True)
    (root / ".capy.toml").write_text("[store]\ntitle_weight = 3.0\n")
    return root.resolve()


def run(capy: str, cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, **env}
    environment.pop("CAPY_DEBUG", None)
    return subprocess.run(
        [capy, *args],
        check=False,
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_which_reports_project_database_config_and_key(capy: str, project: Path) -> None:
    done = run(capy, project / "src", "which")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert f"project root   {project}" in out
    assert "nearest directory holding .capy.toml" in out
    data_home = Path(os.environ["XDG_DATA_HOME"]).resolve()
    assert f"database       {data_home / 'capy'}" in out
    assert "default location for the project" in out
    assert f"{project / '.capy.toml'}  (read)" in out
    assert "will be generated at" in out


def test_which_json_never_shows_the_key(capy: str, project: Path) -> None:
    done = run(capy, project, "which", "--json", CAPY_DB_KEY="do-not-print-me")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["project_root"] == str(project)
    assert report["key"] == "environment variable CAPY_DB_KEY"
    assert report["db_exists"] is False
    assert [entry["read"] for entry in report["config_files"]] == [False, False, True]
    assert "do-not-print-me" not in done.stdout + done.stderr


def test_db_flag(capy: str, project: Path, tmp_path: Path) -> None:
    done = run(capy, project, "--db", "custom.db", "which", "--json")
    report = json.loads(done.stdout)
    assert report["db_path"] == str(project / "custom.db")
    assert report["db_path_origin"] == "--db flag"


def test_project_dir_flag(capy: str, project: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = run(capy, elsewhere, "--project-dir", str(project), "which", "--json")
    report = json.loads(done.stdout)
    assert report["project_root"] == str(project)
    assert report["project_root_origin"] == "--project-dir"


def test_a_project_file_cannot_widen_the_sandbox(capy: str, project: Path) -> None:
    (project / ".capy.toml").write_text('[executor]\nenv_passthrough = ["AWS_SECRET_ACCESS_KEY"]\n')
    done = run(capy, project, "which")
    assert done.returncode == 0, done.stderr
    assert "executor.env_passthrough ignored" in done.stdout


def test_a_bad_config_is_one_clean_line_and_exit_1(capy: str, project: Path) -> None:
    (project / ".capy.toml").write_text("[store]\ntitle_weight = 0\n")
    done = run(capy, project, "which")
    assert done.returncode == 1
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"capy: {project / '.capy.toml'}: bad value for store.title_weight")
    assert "accepts a number greater than 0" in lines[0]


def test_a_missing_project_dir_is_one_clean_line(capy: str, tmp_path: Path) -> None:
    done = run(capy, tmp_path, "--project-dir", str(tmp_path / "nope"), "which")
    assert done.returncode == 1
    assert done.stderr.startswith("capy: --project-dir points to")
    assert "Traceback" not in done.stderr
