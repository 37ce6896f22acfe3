"""``capy vault import``: archive Claude Code's sessions, with a progress bar and Ctrl-C."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Annotated

from cyclopts import Parameter

from domain.vault.importing import ImportProgress, ImportReport, ImportStatus, SessionOutcome
from entrypoints.cli.long_runs import ctrl_c_stops, progress_bar
from entrypoints.vault_cli.app import say, vault


@vault.command(name="import")
def import_sessions(
    *,
    path: Annotated[
        Path | None,
        Parameter(
            help="Where to look: a Claude config folder, its projects folder or one project "
            "folder; default CLAUDE_CONFIG_DIR/projects or ~/.claude/projects."
        ),
    ] = None,
    project: Annotated[
        str | None,
        Parameter(help="Only projects whose folder contains this text (a path works too)."),
    ] = None,
    current_project: Annotated[
        bool,
        Parameter(
            negative=(),
            help="Only the sessions of the project capy runs in (--project-dir; its "
            "subfolders and linked worktrees included).",
        ),
    ] = False,
    dry_run: Annotated[
        bool, Parameter(negative=(), help="Show what would be archived; write nothing.")
    ] = False,
    time_limit: Annotated[
        float | None,
        Parameter(help="Stop after the session running when this many seconds have passed."),
    ] = None,
    quiet: Annotated[
        bool,
        Parameter(negative=(), help="No table or progress; one line when anything changed."),
    ] = False,
    low_priority: Annotated[
        bool, Parameter(negative=(), help="Run at low CPU priority (nice 10), e.g. from cron.")
    ] = False,
    session: Annotated[
        Path | None,
        Parameter(
            help="Archive only the session whose transcript this is (a <uuid>.jsonl file); "
            "what capy's SessionEnd hook runs when Claude Code ends a session."
        ),
    ] = None,
) -> int:
    """Archive Claude Code's sessions into the vault: new ones added, grown ones updated.

    Every session is stored verbatim (its transcript, subagent transcripts and tool-result
    files; other files over 5 MiB are left out), compressed and encrypted, with its messages
    made searchable (secrets redacted in the index, never in the archive). A session already
    archived is skipped when unchanged, and also when the copy on disk is smaller (the larger
    copy wins: a compacted or truncated copy never replaces a complete one). Run it again at
    any time; Ctrl-C stops after the current session and keeps everything archived so far.
    """
    from application.use_cases.vault.import_sessions import ImportRequest
    from domain.errors import InvalidInput
    from entrypoints.vault_cli.app import vault_container

    if low_priority and hasattr(os, "nice"):
        os.nice(10)
    if current_project and (path or project):
        raise InvalidInput(
            "--current-project picks the sessions by itself",
            "leave out --path and --project, or --current-project",
        )
    if session is not None and (path or project or current_project):
        raise InvalidInput(
            "--session names the one session to archive",
            "leave out --path, --project and --current-project, or --session",
        )
    transcript = session.expanduser().absolute() if session is not None else None
    with vault_container() as container:
        root = container.core.project_root().path if current_project else None
        request = ImportRequest(
            root=path, project_root=root, project=project, dry_run=dry_run, transcript=transcript
        )
        use_case = container.use_cases.import_sessions()
        container.adapters.vault_store()  # open (or create) the vault first: fail fast
        deadline = None if time_limit is None else time.monotonic() + time_limit
        with ctrl_c_stops(quiet) as interrupted, progress_bar("archiving", quiet) as update:

            def stop() -> bool:
                return interrupted() or (deadline is not None and time.monotonic() > deadline)

            def progress(done: ImportProgress, outcome: SessionOutcome | None) -> None:
                update(done)

            report = use_case.execute(request, progress, stop)
    home = container.core.user_dirs().home
    _print(report, quiet, path or container.vault_core.projects_dir(), home)
    return 1 if report.count(ImportStatus.ERROR) else 0


def _print(report: ImportReport, quiet: bool, where: Path, home: Path) -> None:
    from entrypoints.vault_cli.tables import print_import

    counts = (
        f"imported {report.count(ImportStatus.NEW)}, updated {report.count(ImportStatus.UPDATED)}, "
        f"skipped {report.count(ImportStatus.SKIPPED)}, errors {report.count(ImportStatus.ERROR)}"
    )
    if report.count(ImportStatus.REINDEXED):
        counts += f", reindexed {report.count(ImportStatus.REINDEXED)}"
    if quiet:
        if report.changed or report.count(ImportStatus.ERROR):
            say(counts + (" (stopped early)" if report.cancelled else ""))
        for outcome in report.outcomes:
            if outcome.status is ImportStatus.ERROR:
                say(f"error in {outcome.uuid}: {outcome.detail}")
        return
    if not report.discovered:
        print(f"capy vault import: no sessions found under {where}")
        return
    if report.dry_run:
        print("DRY RUN — no changes written")
    shown = [o for o in report.outcomes if o.status is not ImportStatus.SKIPPED]
    if shown:
        print_import(shown, home)
    if report.other_machines_only:
        say(
            "the vault holds sessions of other machines only; this machine gets its own id "
            "(set CAPY_MACHINE_ID to use the same id as before)"
        )
    if report.cancelled:
        say("stopped before the end; run the import again to archive the rest")
    print(f"capy vault import: {'would have ' if report.dry_run else ''}{counts}")
