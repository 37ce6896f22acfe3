"""``capy which``: which project, database, configuration files and key capy would use here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

from cyclopts import Parameter

from entrypoints.cli.app import app
from entrypoints.cli.options import global_options
from entrypoints.containers.core import Core
from entrypoints.containers.runtime import RuntimeOptions


@app.command
def which(
    *,
    as_json: Annotated[
        bool, Parameter(name="--json", negative=(), help="Print the report as JSON.")
    ] = False,
) -> None:
    """Show which project, knowledge database, config files and key capy uses here.

    For the project root and the database path it also says why they were chosen. The key
    itself is never shown, no key is generated and no database is opened.
    """
    options = global_options()
    core = Core(
        options=RuntimeOptions(db=options.db, project_dir=options.project_dir, read_only=True)
    )
    project = core.project()
    config = core.config()
    report = {
        "project_root": str(project.root),
        "project_root_origin": project.root_origin,
        "db_path": str(project.db_path),
        "db_path_origin": project.db_path_origin,
        "db_exists": project.db_path.exists(),
        "config_files": [
            {"path": str(path), "read": path in config.files_read} for path in config.files_searched
        ],
        "key": core.key_provider().describe(project.db_path),
        "warnings": list(config.warnings),
    }
    if as_json:
        print(json.dumps(report, indent=2))
        return
    print(_as_text(project.root, project.root_origin, report, config.files_read))


def _as_text(
    root: Path, root_origin: str, report: dict[str, object], read: tuple[Path, ...]
) -> str:
    state = "exists" if report["db_exists"] else "not created yet"
    lines = [
        f"project root   {root}",
        f"               ({root_origin})",
        f"database       {report['db_path']}  ({state})",
        f"               ({report['db_path_origin']})",
    ]
    config_lines = [f"{path}  (read)" for path in read] or ["none read; built-in defaults"]
    lines += _block("config files", config_lines)
    lines += _block("key", [str(report["key"])])
    warnings = report["warnings"]
    if isinstance(warnings, list) and warnings:
        lines += _block("warnings", [str(warning) for warning in warnings])
    return "\n".join(lines)


def _block(title: str, entries: list[str]) -> list[str]:
    return [f"{title if index == 0 else '':<15}{entry}" for index, entry in enumerate(entries)]
