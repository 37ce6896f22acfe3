"""``capy import-kb --from <knowledge.db>``: the Go capy's knowledge base, brought in."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

from cyclopts import Parameter

from entrypoints.cli.app import app

if TYPE_CHECKING:
    from domain.knowledge_import import KnowledgeImportReport

GO_KEY_VAR = "CAPY_DB_KEY"


@app.command(name="import-kb")
def import_kb(
    *,
    from_: Annotated[
        Path,
        Parameter(
            name="--from",
            help="The Go capy's knowledge.db (by default under `~/.local/share/capy/<hash>/`; "
            "move it away first if it sits where this capy keeps this project's).",
        ),
    ],
    key: Annotated[
        str | None,
        Parameter(
            help=f"Its key (the Go capy's {GO_KEY_VAR}); default: {GO_KEY_VAR}. The variable "
            "keeps the key out of your shell history."
        ),
    ] = None,
    kinds: Annotated[
        str | None,
        Parameter(
            help="Only sources of these kinds, comma-separated: durable, ephemeral, session "
            "(default: all)."
        ),
    ] = None,
    replace: Annotated[
        bool,
        Parameter(
            negative=(),
            help="Let a source replace one this knowledge base holds under the same label "
            "with other content (kept by default).",
        ),
    ] = False,
    dry_run: Annotated[
        bool, Parameter(negative=(), help="Show what would be imported; write nothing.")
    ] = False,
) -> int:
    """Import the Go capy's knowledge base into this project's: every source under its own
    label and kind, searchable here as it was there.

    Sections are taken as the Go capy cut them and indexed like anything capy indexes
    (secrets redacted, the vocabulary learnt); a source already here with the same content is
    left alone, so importing twice changes nothing. The Go capy's file is only read, never
    changed. Ephemeral and session sources expire after their usual time from the import on.
    Exit code 1 when a source could not be imported.
    """
    from domain.errors import InvalidInput
    from domain.source_kind import ALL_KINDS, parse_kinds
    from domain.vault.importing import ImportProgress
    from entrypoints.cli.long_runs import ctrl_c_stops, progress_bar
    from entrypoints.cli.options import global_options
    from entrypoints.containers.applications import CliContainer
    from entrypoints.containers.runtime import RuntimeOptions

    chosen = ALL_KINDS if kinds is None else parse_kinds(kinds)
    options = global_options()
    runtime = RuntimeOptions(db=options.db, project_dir=options.project_dir)
    container = CliContainer(options=runtime)
    source = from_.expanduser()
    try:
        target = container.core.project().db_path
        if source.resolve() == target.resolve():
            raise InvalidInput(
                f"{source} is this project's knowledge base",
                f"move the Go capy's file away first (`mv {source} {source}.go`), then "
                f"`capy import-kb --from {source}.go`",
            )
        from application.use_cases.import_knowledge_base import KnowledgeImportRequest

        request = KnowledgeImportRequest(
            source,
            key if key is not None else runtime.env.get(GO_KEY_VAR) or None,
            kinds=chosen,
            replace=replace,
            dry_run=dry_run,
        )
        use_case = container.use_cases.import_knowledge_base()
        with (
            ctrl_c_stops(what="source", command="capy import-kb") as interrupted,
            progress_bar("importing", noun="sources") as update,
        ):
            report = use_case.execute(
                request, lambda done, total: update(ImportProgress(done, total, 0, 0)), interrupted
            )
    finally:
        container.shutdown_resources()
    return _print(report, source, target)


def _print(report: KnowledgeImportReport, source: Path, target: Path) -> int:
    from domain.knowledge_import import SourceImportStatus as Status

    for outcome in report.outcomes:
        if outcome.status in (Status.IMPORTED, Status.REPLACED, Status.EXISTS):
            print(
                f"{outcome.status.value:<9} {outcome.label} [{outcome.kind}]: "
                f"{outcome.sections} section{'s' if outcome.sections != 1 else ''}"
            )
        elif outcome.status is Status.KEPT:
            print(
                f"kept      {outcome.label}: this knowledge base holds other content under "
                "that label (--replace to take the Go capy's)"
            )
        elif outcome.status is Status.TOO_LARGE:
            print(f"capy: {outcome.label}: too large — {outcome.detail}", file=sys.stderr)
    if report.dry_run:
        print("DRY RUN — no changes written")
    counts = ", ".join(
        f"{report.count(status)} {status.value}"
        for status in Status
        if report.count(status) or status is Status.IMPORTED
    )
    left_out = f"; {report.left_out} of other kinds left out" if report.left_out else ""
    print(f"capy import-kb: {source} → {target}: {counts}{left_out}")
    if report.cancelled:
        print("capy import-kb: stopped before the end; run it again for the rest", file=sys.stderr)
    return 1 if report.count(Status.TOO_LARGE) else 0
