"""``capy doctor``: is capy installed and wired correctly here, and what to fix if not."""

from __future__ import annotations

from typing import Annotated

from cyclopts import Parameter

from domain.doctor.check import DoctorReport
from entrypoints.cli.app import app
from entrypoints.cli.options import global_options
from entrypoints.containers.runtime import RuntimeOptions


@app.command
def doctor(
    *,
    markdown: Annotated[
        bool, Parameter(negative=(), help="Print the checklist as markdown.")
    ] = False,
) -> int:
    """Check the installation: runtimes, SQLCipher/FTS5, config, knowledge base, hooks, MCP
    registration, permission rules and project. Exit code 1 when any check fails; each
    problem comes with what to do about it."""
    from domain.doctor.rendering import render_markdown, render_text
    from entrypoints.containers.applications import CliContainer

    options = global_options()
    container = CliContainer(
        options=RuntimeOptions(db=options.db, project_dir=options.project_dir, read_only=True)
    )
    try:
        report: DoctorReport = container.use_cases.run_doctor().execute()
    finally:
        container.shutdown_resources()
    print(render_markdown(report) if markdown else render_text(report))
    return report.exit_code
