"""``capy sweep``: index past Claude Code and Codex sessions into the knowledge base."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

from cyclopts import Parameter

from application.use_cases.sweep_request import SweepProgress, SweepReport, SweepRequest
from domain.errors import InvalidInput
from entrypoints.cli.app import app
from entrypoints.cli.options import global_options
from entrypoints.containers.runtime import RuntimeOptions

if TYPE_CHECKING:
    from rich.console import Console


@app.command
def sweep(
    *,
    force: Annotated[
        bool, Parameter(negative=(), help="Index the sessions (default: only report).")
    ] = False,
    reindex: Annotated[
        bool,
        Parameter(
            negative=(),
            help="Read every session again, also those unchanged since the "
            "last sweep (e.g. after upgrading capy).",
        ),
    ] = False,
    all_projects: Annotated[
        bool,
        Parameter(
            negative=(),
            help="Every project with sessions, each into its own knowledge "
            "base (default: this project and its git worktrees).",
        ),
    ] = False,
) -> int:
    """Make past sessions searchable: index Claude Code and Codex CLI transcripts.

    Reads the sessions recorded for this project — started in it, below it, or in one of its
    git worktrees — from ~/.claude/projects (or $CLAUDE_CONFIG_DIR/projects) and
    ~/.codex/sessions (or $CODEX_HOME/sessions), and indexes each as a 'session' source
    labelled session:START:SESSION-ID, secrets redacted first. Search them with
    capy_search (include_kinds: ["session"]) or `capy search --kinds session`.

    A dry run by default: lists the sessions that would be indexed (new or changed) or
    skipped, and why. With --force they are indexed; a session unchanged since the last sweep
    is not read again. The MCP server also sweeps in the background when it starts.
    Ctrl-C stops after the current session.
    """
    from entrypoints.cli.console import stdout_console

    options = global_options()
    base = _sessions_project(RuntimeOptions(db=options.db, project_dir=options.project_dir))
    console = stdout_console(highlight=False, soft_wrap=True)
    reports: list[SweepReport] = []
    if all_projects:
        if options.db is not None:
            raise InvalidInput(
                "--db names one database, but --all-projects sweeps each project into its own",
                "drop --db, or sweep one project: capy sweep --db PATH --project-dir DIR",
            )
        roots, gone = _all_project_roots(base)
        if not roots:
            console.print("No sessions found: Claude Code and Codex have recorded none.")
        for root in roots:
            reports.append(_sweep_one(RuntimeOptions(project_dir=root), force, reindex, console))
            console.print()
        if gone:
            listed = ", ".join(str(p) for p in gone[:5]) + (" …" if len(gone) > 5 else "")
            console.print(f"Left out {len(gone)} project(s) whose directory is gone: {listed}")
    else:
        reports.append(_sweep_one(base, force, reindex, console))
    if not force and any(report.indexed for report in reports):
        console.print(
            "Dry run — nothing was indexed. Index them with: capy sweep --force"
            + (" --all-projects" if all_projects else "")
        )
    failed = sum(report.failed for report in reports)
    if failed:
        from entrypoints.cli.sizes import plural

        print(
            f"capy sweep: {plural(failed, 'session')} could not be read or indexed (the "
            "reason is in the table); fix what it names and run the sweep again",
            file=sys.stderr,
        )
        return 1
    return 0


def _sessions_project(options: RuntimeOptions) -> RuntimeOptions:
    """``--project-dir`` at a folder of Claude Code's session store
    (``~/.claude/projects/<mangled path>``) means the project its sessions ran in: sweeping
    the folder itself would fill a knowledge base no server ever reads."""
    import attrs

    from adapters.claude_sessions.project_dirs import projects_root, recorded_cwd
    from entrypoints.containers.core import Core

    if options.project_dir is None:
        return options
    given = (options.cwd / options.project_dir.expanduser()).resolve()
    home = Core(options=options).user_dirs().home
    store = projects_root(options.env, home).resolve()
    if given.parent != store:
        return options
    ran_in = recorded_cwd(given)
    if not ran_in:
        raise InvalidInput(
            f"{given} is a folder of Claude Code's session store, and its sessions do not "
            "say which project they ran in",
            "run `capy sweep` in the project's directory, or give that with --project-dir",
        )
    if not Path(ran_in).is_dir():
        raise InvalidInput(
            f"{given} holds the sessions of {ran_in}, which does not exist on this machine",
            "give the project's directory with --project-dir, or sweep every project with "
            "`capy sweep --all-projects`",
        )
    env = {k: v for k, v in options.env.items() if k != "CLAUDE_PROJECT_DIR"}
    where = attrs.evolve(options, project_dir=None, cwd=Path(ran_in), env=env)
    root = Core(options=where).project_root()
    print(
        f"capy sweep: {given.name} is Claude Code's folder for {ran_in}: sweeping the project "
        f"{root.path}",
        file=sys.stderr,
    )
    return attrs.evolve(options, project_dir=root.path)


def _sweep_one(
    options: RuntimeOptions, force: bool, reindex: bool, console: Console
) -> SweepReport:
    from domain.vault.importing import ImportProgress
    from entrypoints.cli.long_runs import ctrl_c_stops, progress_bar
    from entrypoints.cli.sweep_output import print_report
    from entrypoints.containers.applications import CliContainer
    from entrypoints.containers.dry_run import without_database

    container = CliContainer(options=options)
    project = container.core.project()
    if not force and not project.db_path.exists():
        without_database(container)
    try:
        verb = f"sweeping {project.root.name or project.root}"
        with ctrl_c_stops(command="capy") as stop, progress_bar(verb) as update:

            def advance(done: SweepProgress) -> None:
                update(
                    ImportProgress(
                        done.done_sessions, done.total_sessions, done.done_bytes, done.total_bytes
                    )
                )

            report: SweepReport = container.use_cases.sweep_sessions().execute(
                SweepRequest(
                    project_root=project.root,
                    dry_run=not force,
                    reindex=reindex,
                    should_stop=stop,
                    on_progress=advance,
                )
            )
    finally:
        container.shutdown_resources()
    if report.files_found == 0:
        places = ", ".join(str(files.root) for files in container.adapters.session_files())
        console.print(f"No sessions recorded for {project.root} (looked under {places}).")
        return report
    print_report(report, console)
    if force and report.indexed:
        console.print(f"Indexed into {project.db_path}.")
    return report


def _all_project_roots(options: RuntimeOptions) -> tuple[list[Path], list[Path]]:
    """The project roots of every directory sessions were started in (one per knowledge
    base), and the recorded directories that no longer exist."""
    from entrypoints.containers.applications import CliContainer
    from entrypoints.containers.core import Core

    container = CliContainer(options=options)
    recorded = sorted(
        {p for files in container.adapters.session_files() for p in files.session_projects()}
    )
    env = {k: v for k, v in options.env.items() if k != "CLAUDE_PROJECT_DIR"}
    roots: dict[Path, Path] = {}
    gone: list[Path] = []
    for directory in recorded:
        if not directory.is_dir():
            gone.append(directory)
            continue
        core = Core(options=RuntimeOptions(cwd=directory, env=env))
        root = core.project_root().path
        database = Core(options=RuntimeOptions(project_dir=root, env=env)).project().db_path
        roots.setdefault(database, root)
    return sorted(set(roots.values())), gone
