"""``capy setup``: wire this project for Claude Code and Codex in one step."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

from cyclopts import Parameter

from adapters.install_advice import INSTALL
from application.ports.project_files import ChangeAction, FileChange
from domain.errors import CapyError
from entrypoints.cli.app import app
from entrypoints.cli.options import global_options
from entrypoints.containers.runtime import RuntimeOptions

if TYPE_CHECKING:
    from entrypoints.containers.core import Core

_MARKS = {
    ChangeAction.CREATED: "+",
    ChangeAction.UPDATED: "~",
    ChangeAction.UNCHANGED: "=",
    ChangeAction.SKIPPED: "-",
    ChangeAction.FAILED: "!",
}


@app.command
def setup(
    *,
    platform: Annotated[
        Literal["claude-code", "codex", "all"],
        Parameter(help="Which host to configure."),
    ] = "all",
    scope: Annotated[
        Literal["project", "local"],
        Parameter(
            help="Claude Code hooks in .claude/settings.json (project, shared) or "
            "settings.local.json (local, yours only)."
        ),
    ] = "project",
) -> int:
    """Configure this project for capy: MCP server, hooks, routing instructions, git guard.

    Merges capy's entries into .mcp.json, .claude/settings.json, CLAUDE.md, .codex/config.toml,
    .codex/hooks.json, AGENTS.md and .gitignore without touching anything else, writes
    .capy/AGENTS.md and the .capy/capy.sh launcher, and adds a pre-commit guard that refuses a
    plaintext knowledge database. Running it again changes nothing. A file it cannot parse is
    reported and left as it is (exit code 1).
    """
    from adapters.setup.filesystem_project_files import FileSystemProjectFiles
    from application.use_cases.setup_project import PLATFORMS, SetupProject, SetupRequest
    from entrypoints.containers.core import Core

    options = global_options()
    core = Core(options=RuntimeOptions(db=options.db, project_dir=options.project_dir))
    project = core.project()
    root = project.root.resolve()
    _refuse_the_home_directory(root)
    request = SetupRequest(
        project_root=root,
        capy_executable=_capy_executable(),
        platforms=PLATFORMS if platform == "all" else (platform,),
        scope=scope,
        db_paths=_inside(root, project.db_path),
    )
    report = SetupProject(FileSystemProjectFiles(root)).execute(request)
    print(f"capy setup: {root}")
    for change in report.changes:
        print(_line(change))
    if not report.ok:
        print("\nSome files were left untouched; fix them and run `capy setup` again.")
        return 1
    print(f"\nSession archive: {_archiving(core, root)}")
    print("\nDone. Run `capy doctor` to check the installation.")
    return 0


def _archiving(core: Core, root: Path) -> str:
    """What the vault keeps without being asked (the key is generated on first use)."""
    from adapters.config.vault_location import vault_path
    from adapters.doctor.archive_check import describe_archiving

    options = core.options()
    dirs = core.user_dirs()
    vault = vault_path(options.env, options.cwd, dirs.databases_dir)
    try:
        _, sentence = describe_archiving(
            options.env, core.settings().vault.sweep, vault, dirs.home, root
        )
    except CapyError as error:
        return f"{error.message} — {error.hint}"
    return sentence


def _refuse_the_home_directory(root: Path) -> None:
    """Set up in ~ would put capy's project hooks into ~/.claude/settings.json, the user-wide
    settings, where ``.capy/capy.sh`` exists in no project and every tool call reports a failure.
    """
    try:
        home = Path.home().resolve()
    except (KeyError, RuntimeError):  # no home directory to protect
        return
    if root == home:
        raise CapyError(
            f"{root} is your home directory, not a project: capy's hooks would land in "
            "~/.claude/settings.json and run in every project",
            "cd into the project (or pass --project-dir) and run `capy setup` there",
        )


def _line(change: FileChange) -> str:
    detail = f"  ({change.detail})" if change.detail else ""
    line = f"  {_MARKS[change.action]} {change.action.value:<9} {change.path}{detail}"
    if change.hint:
        line += "\n" + "\n".join(f"      {part}" for part in change.hint.splitlines())
    return line


def _capy_executable() -> str:
    """The capy being run (``sys.argv[0]``), else the one on PATH, as an absolute path."""
    running = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if running is not None and running.name == "capy" and os.access(running, os.X_OK):
        return str(running.absolute())
    found = shutil.which("capy")
    if found:
        return str(Path(found).absolute())
    beside = Path(sys.executable).parent / "capy"
    if os.access(beside, os.X_OK):
        return str(beside)
    raise CapyError(
        "cannot find the installed capy command",
        f"{INSTALL}, then run capy setup again",
    )


def _inside(root: Path, db_path: Path) -> tuple[str, ...]:
    try:
        return (db_path.resolve().relative_to(root).as_posix(),)
    except ValueError:
        return ()
