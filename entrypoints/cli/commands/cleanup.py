"""``capy cleanup``: list, then remove, sources that are too big, forgotten or expired."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from cyclopts import Parameter

from application.use_cases.cleanup_report import CleanupMode, CleanupReport, CleanupRequest
from domain.errors import InvalidInput
from domain.source_kind import SourceKind
from entrypoints.cli.app import app
from entrypoints.cli.console import stdout_console
from entrypoints.cli.options import global_options
from entrypoints.containers.runtime import RuntimeOptions

if TYPE_CHECKING:
    from rich.console import Console


@app.command
def cleanup(
    *,
    force: Annotated[
        bool, Parameter(negative=(), help="Really remove the sources (default: only list them).")
    ] = False,
    kind: Annotated[
        Literal["ephemeral", "session"] | None,
        Parameter(help="Only purge this kind's sources older than its TTL."),
    ] = None,
    source: Annotated[
        str | None, Parameter(help="Remove this one source (exact label), whatever its score.")
    ] = None,
    vacuum: Annotated[
        bool,
        Parameter(negative=(), help="With --force, compact the database file afterwards."),
    ] = False,
    team: Annotated[
        bool,
        Parameter(
            negative=(),
            help="Also remove the team's shared sources (team:…) the cleanup picks or --source "
            "names — for every member of the team project. Without it they are never removed.",
        ),
    ] = False,
) -> int:
    """Remove oversized, forgotten and expired sources from the knowledge base.

    A dry run by default: lists what would go and why. A full cleanup picks sources over
    store.max_source_bytes, durable sources never read whose retention score fell below 0.15,
    ephemeral sources older than store.cleanup.ephemeral_ttl_hours and session sources older
    than store.cleanup.session_ttl_days. After a real cleanup the file is compacted (VACUUM)
    when over a fifth of it is free, or always with --vacuum.

    With a team server configured, the team's shared sources (shown team:…) are everyone's
    knowledge: they are only counted, never removed, unless --team is given (then the same
    rules apply to them, with the team's access counts).
    """
    request = CleanupRequest(
        dry_run=not force,
        expired_kind=SourceKind(kind) if kind else None,
        label=source,
        vacuum=vacuum,
        shared=team,
    )
    from entrypoints.containers.applications import CliContainer

    options = global_options()
    container = CliContainer(options=RuntimeOptions(db=options.db, project_dir=options.project_dir))
    database = container.core.project().db_path
    if not database.exists():  # a look must not create the file it looks at
        if source:
            raise InvalidInput(
                f'no source is labelled "{source}": there is no knowledge database at '
                f"{database} yet",
                "check --db / --project-dir; `capy which` shows which database capy uses here",
            )
        print(f"No knowledge database at {database} yet — nothing to clean up.")
        return 0
    try:
        report = container.use_cases.cleanup_sources().execute(request)
    finally:
        container.shutdown_resources()
    _print(report, vacuum)
    return 0


def _print(report: CleanupReport, vacuum: bool, console: Console | None = None) -> None:
    from rich.text import Text

    from entrypoints.cli.fitted_table import FitColumn, print_fitted

    console = console or stdout_console(highlight=False, soft_wrap=True)
    if not report.candidates:
        console.print("No evictable sources found.")
    else:
        what = "" if report.mode in (CleanupMode.FULL, CleanupMode.MANUAL) else f" ({report.mode})"
        n = len(report.candidates)
        sources = "source" if n == 1 else "sources"
        verb = "would be removed" if report.dry_run else "removed"
        heading = "preview (dry run)" if report.dry_run else "done"
        console.print(f"Cleanup{what} {heading}: {n} {sources} {verb} — {report.reason_summary()}")
        # Labels are what --source takes: whole, never cut or folded into fragments.
        columns = (
            FitColumn("Source", identifying=True),
            FitColumn("Reason"),
            FitColumn("Score", identifying=True, justify="right"),
            FitColumn("Age", identifying=True),
            FitColumn("Chunks", identifying=True, justify="right"),
        )
        rows = [
            (
                Text(c.label),  # a label is data, never rich markup
                str(c.reason),
                "—" if c.score is None else f"{c.score:.2f}",
                c.age_label,
                f"{c.source.chunk_count:,}",
            )
            for c in report.candidates
        ]
        print_fitted(console, columns, rows)
    if report.kept_shared:
        n = report.kept_shared
        console.print(
            f"Kept {n} team source{'' if n == 1 else 's'} the cleanup would pick: the team's "
            "knowledge is removed only with --team (for every member)."
        )
    if report.dry_run:
        if report.candidates:
            console.print("Use --force to remove these sources.")
        if vacuum:
            console.print("--vacuum compacts the database only together with --force.")
    elif report.vacuumed:
        console.print("Compacted the database file (VACUUM).")
