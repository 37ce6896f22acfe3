"""What ``capy vault list`` does once its command line is read: cyclopts (``browse.py``) and the
quick path (``entrypoints.cli.quick_path``) both call ``list_archived``. It is composed by
``entrypoints.containers.reading`` (ADR 0110)."""

from __future__ import annotations

from entrypoints.cli.options import global_options
from entrypoints.containers.runtime import RuntimeOptions


def list_archived(project: str | None = None, limit: int = 50, *, as_json: bool = False) -> None:
    """Print the archived sessions, newest first (a table, or JSON)."""
    from application.use_cases.vault.list_sessions import ListSessions
    from domain.vault.search import SessionFilter
    from entrypoints.containers.reading import VaultReading

    options = global_options()
    reading = VaultReading(RuntimeOptions(project_dir=options.project_dir, read_only=True))
    try:
        which = SessionFilter(project, limit)
        found = (
            ListSessions(store=reading.vault_store).execute(which) if reading.path.exists() else []
        )
        home = reading.core.user_dirs.home
    finally:
        reading.shutdown_resources()
    if as_json:
        from entrypoints.vault_cli.formatting import dumps, session_json

        print(dumps([session_json(session) for session in found]))
    elif not found:
        print("capy vault: no sessions" + (f" in projects matching {project!r}" if project else ""))
    else:
        from entrypoints.vault_cli.tables import print_sessions

        print_sessions(found, home)
