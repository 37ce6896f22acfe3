"""``capy checkpoint``: fold the write-ahead log into the database file (e.g. before a commit)."""

from __future__ import annotations

from entrypoints.cli.app import app
from entrypoints.cli.options import global_options
from entrypoints.containers.runtime import RuntimeOptions


@app.command
def checkpoint() -> None:
    """Flush the knowledge database's write-ahead log into the file and truncate the log.

    Afterwards the database file alone holds everything, so it can be copied, backed up or
    committed. Fails (exit 1) when another capy process is writing; with no database yet it
    says so and succeeds.
    """
    import sys

    from entrypoints.containers.applications import CliContainer

    options = global_options()
    container = CliContainer(options=RuntimeOptions(db=options.db, project_dir=options.project_dir))
    path = container.core.project().db_path
    if not path.exists():
        print(f"capy checkpoint: no knowledge database at {path} yet — nothing to flush")
        return
    try:
        container.adapters.knowledge_upkeep().checkpoint()
    finally:
        container.shutdown_resources()
    wal = path.with_name(path.name + "-wal")
    if wal.exists() and wal.stat().st_size:
        print(
            f"capy checkpoint: warning: {wal} is not empty — another capy process is using "
            "the database; stop it before copying the file",
            file=sys.stderr,
        )
    print(f"capy checkpoint: {path} — WAL flushed, safe to commit")
