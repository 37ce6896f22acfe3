"""Where the knowledge database lives: --db, store.path, the default, and git worktrees."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from application.ports.project_locator import ProjectLocation
from domain.errors import ConfigError
from entrypoints.containers.core import Core
from entrypoints.containers.runtime import RuntimeOptions
from tests.integration.config.git_repos import git, new_repo


def locate(cwd: Path, db: Path | None = None, project_dir: Path | None = None) -> ProjectLocation:
    options = RuntimeOptions(db=db, project_dir=project_dir, cwd=cwd, env=dict(os.environ))
    location: ProjectLocation = Core(options=options).project()
    return location


def default_db(data_home: Path, project: Path) -> Path:
    digest = hashlib.sha256(str(project).encode()).hexdigest()[:16]
    return data_home / "capy" / digest / "knowledge.db"


@pytest.fixture
def data_home() -> Path:
    return Path(os.environ["XDG_DATA_HOME"])


@pytest.fixture
def repos(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A main worktree, a linked worktree of it, and a submodule inside it."""
    main = new_repo(tmp_path / "main")
    library = new_repo(tmp_path / "library")
    git(main, "worktree", "add", "-q", str(tmp_path / "feature"))
    git(main, "submodule", "add", "-q", str(library), "vendor/library")
    return main, (tmp_path / "feature").resolve(), main / "vendor" / "library"


def test_default_path_is_keyed_by_the_project_and_labelled(tmp_path: Path, data_home: Path) -> None:
    project = new_repo(tmp_path / "project")
    location = locate(project)
    assert location.root == project
    assert location.db_path == default_db(data_home, project)
    assert location.db_path_origin == f"default location for the project {project}"
    label = location.db_path.parent / ".project"
    assert label.read_text() == f"{project}\n"
    assert not location.db_path.exists()
    assert (location.db_path.parent.stat().st_mode & 0o777) == 0o700


def test_a_linked_worktree_shares_the_main_worktrees_default_database(
    repos: tuple[Path, Path, Path], data_home: Path
) -> None:
    main, feature, _ = repos
    from_feature = locate(feature / ".")
    assert from_feature.root == feature
    assert from_feature.db_path == locate(main).db_path == default_db(data_home, main)
    assert "main worktree" in from_feature.db_path_origin


def test_a_linked_worktree_resolves_a_relative_store_path_against_the_main_one(
    repos: tuple[Path, Path, Path],
) -> None:
    main, feature, _ = repos
    (feature / ".capy.toml").write_text('[store]\npath = ".capy/knowledge.db"\n')
    location = locate(feature)
    assert location.db_path == main / ".capy" / "knowledge.db"
    assert f"relative to the main worktree {main}" in location.db_path_origin


def test_a_submodule_keeps_its_own_database(
    repos: tuple[Path, Path, Path], data_home: Path
) -> None:
    main, _, library = repos
    location = locate(library)
    assert location.root == library
    assert location.db_path == default_db(data_home, library)
    assert location.db_path != locate(main).db_path


def test_relative_store_path_joins_the_project_root(tmp_path: Path) -> None:
    project = new_repo(tmp_path / "project")
    (project / ".capy").mkdir()
    (project / ".capy" / "config.toml").write_text('[store]\npath = "data/kb.db"\n')
    location = locate(project)
    assert location.db_path == project / "data" / "kb.db"
    assert f"relative to the project root {project}" in location.db_path_origin


def write_global(body: str) -> None:
    config = Path(os.environ["XDG_CONFIG_HOME"]) / "capy" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(body)


def test_absolute_and_home_relative_store_paths_from_the_global_file(tmp_path: Path) -> None:
    project = new_repo(tmp_path / "project")
    write_global(f'[store]\npath = "{tmp_path / "kb.db"}"\n')
    assert locate(project).db_path == tmp_path.resolve() / "kb.db"
    assert locate(project).db_path_origin == "store.path in the configuration (absolute)"
    write_global('[store]\npath = "~/dbs/kb.db"\n')
    assert locate(project).db_path == Path(os.environ["HOME"]).resolve() / "dbs" / "kb.db"


def test_a_project_file_cannot_reach_another_projects_database(tmp_path: Path) -> None:
    project = new_repo(tmp_path / "project")
    (project / ".capy.toml").write_text(f'[store]\npath = "{tmp_path / "other" / "kb.db"}"\n')
    with pytest.raises(ConfigError, match="leaves the project"):
        locate(project)


def test_db_flag_overrides_everything_and_is_relative_to_cwd(tmp_path: Path) -> None:
    project = new_repo(tmp_path / "project")
    write_global('[store]\npath = "/somewhere/else.db"\n')
    location = locate(project, db=Path("here.db"))
    assert location.db_path == project / "here.db"
    assert location.db_path_origin == "--db flag"


def test_a_directory_is_not_a_database_path(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="is a directory"):
        locate(tmp_path, db=tmp_path)


def test_project_dir_flag_picks_the_project(tmp_path: Path, data_home: Path) -> None:
    project = new_repo(tmp_path / "project")
    location = locate(tmp_path, project_dir=project)
    assert location.root == project
    assert location.root_origin == "--project-dir"
    assert location.db_path == default_db(data_home, project)


def test_a_bad_config_file_stops_instead_of_switching_databases(tmp_path: Path) -> None:
    project = new_repo(tmp_path / "project")
    (project / ".capy.toml").write_text('[store]\npath = "kb.db"\ntitle_weight = "heavy"\n')
    with pytest.raises(ConfigError, match="title_weight"):
        locate(project)
