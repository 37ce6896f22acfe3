"""``capy vault stats``, ``capy vault checkpoint`` and ``capy vault delete``."""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

from cyclopts import Parameter

from domain.sessions.files import SessionFile
from domain.wording import plural
from entrypoints.vault_cli.app import vault
from entrypoints.vault_cli.formatting import local_time, rfc3339, short_path


@vault.command
def stats(
    *,
    json: Annotated[bool, Parameter(negative=(), help="Print JSON instead of text.")] = False,
) -> None:
    """Show the vault in numbers: sessions, sizes, compression, index backlog, projects.

    Sessions, their size as archived and after compression, the file on disk, the oldest and
    newest session, the search index version and how many sessions an older version indexed
    (the reindex backlog), where the key comes from, and the sessions per project.
    """
    from entrypoints.cli.sizes import byte_size as size
    from entrypoints.vault_cli.app import vault_container
    from entrypoints.vault_cli.formatting import dumps

    with vault_container(read_only=True) as container:
        path = container.vault_core.path()
        key_origin = container.vault_core.key_provider().describe(path)
        numbers = container.use_cases.statistics().execute() if path.exists() else None
        missing = container.use_cases.unarchived().execute()
        home = container.core.user_dirs().home
    if numbers is None:
        if json:
            print(
                dumps(
                    {
                        "path": str(path),
                        "sessions": 0,
                        "exists": False,
                        "unarchived": _unarchived_json(missing),
                    }
                )
            )
        else:
            print(f"capy vault: no vault at {path} yet — `capy vault import` creates it")
            _print_unarchived(missing, home)
        return
    if json:
        print(
            dumps(
                {
                    "path": str(path),
                    "key": key_origin,
                    "sessions": numbers.sessions,
                    "size_bytes": numbers.size_bytes,
                    "stored_bytes": numbers.stored_bytes,
                    "compression_ratio": round(numbers.compression_ratio, 3),
                    "file_bytes": numbers.file_bytes,
                    "oldest": rfc3339(numbers.oldest),
                    "newest": rfc3339(numbers.newest),
                    "index_version": numbers.index_version,
                    "reindex_backlog": numbers.stale_sessions,
                    "free_bytes": numbers.free_bytes,
                    "min_reader_version": numbers.min_reader_version,
                    "unarchived": _unarchived_json(missing),
                    "projects": [
                        {
                            "project_path": p.project_path,
                            "sessions": p.sessions,
                            "size_bytes": p.size_bytes,
                            "stored_bytes": p.stored_bytes,
                        }
                        for p in numbers.projects
                    ],
                }
            )
        )
        return
    ratio = f"{numbers.compression_ratio:.1f}×" if numbers.stored_bytes else "–"
    lines = [
        ("vault", str(path)),
        ("key", key_origin),
        ("sessions", f"{numbers.sessions:,}"),
        ("content", f"{size(numbers.size_bytes)} as archived"),
        ("stored", f"{size(numbers.stored_bytes)} after compression ({ratio})"),
        ("file", f"{size(numbers.file_bytes)} on disk (with search index and log)"),
        ("oldest", local_time(numbers.oldest)),
        ("newest", local_time(numbers.newest)),
        (
            "index",
            f"version {numbers.index_version}; {numbers.stale_sessions:,} "
            f"session{'s' if numbers.stale_sessions != 1 else ''} indexed by an older version"
            + (" (`capy vault reindex` updates them)" if numbers.stale_sessions else ""),
        ),
    ]
    if numbers.free_bytes:
        lines.append(("free", f"{size(numbers.free_bytes)} unused in the file"))
    width = max(len(name) for name, _ in lines)
    for name, value in lines:
        print(f"{name:<{width}}  {value}")
    if numbers.projects:
        print("\nper project:")
        for tally in numbers.projects:
            print(
                f"  {tally.sessions:>6,}  {size(tally.size_bytes):>9}  "
                f"{short_path(tally.project_path, home)}"
            )
    _print_unarchived(missing, home)


def _unarchived_json(missing: list[SessionFile]) -> list[dict[str, object]]:
    return [
        {
            "session_id": s.session_id,
            "path": str(s.path),
            "size_bytes": s.total_size,
            "modified": rfc3339(_modified(s)),
        }
        for s in missing
    ]


def _modified(session: SessionFile) -> datetime:
    return datetime.fromtimestamp(session.mtime_ns / 1e9, tz=UTC)


def _print_unarchived(missing: list[SessionFile], home: Path) -> None:
    """The sessions the host still has but the vault does not: the host deletes them after
    ``cleanupPeriodDays``."""
    if not missing:
        return
    count = len(missing)
    print(
        f"\nnot archived yet: {count} session{'s' if count != 1 else ''} on disk "
        "(`capy vault import` archives them)"
    )
    for session in missing:
        print(
            f"  {session.session_id[:8]}  {local_time(_modified(session))}  "
            f"{short_path(str(session.path), home)}"
        )


@vault.command
def checkpoint() -> None:
    """Fold the vault's write-ahead log into vault.db, so the file alone is complete.

    Run it before copying the vault to another machine. Fails (exit 1) while another capy
    process is writing to the vault; with no vault yet it says so and succeeds.
    """
    from entrypoints.vault_cli.app import vault_container

    with vault_container(read_only=True) as container:
        path = container.vault_core.path()
        if not path.exists():
            print(f"capy vault checkpoint: no vault at {path} yet — nothing to flush")
            return
        container.use_cases.checkpoint().execute()
    wal = path.with_name(path.name + "-wal")
    if wal.exists() and wal.stat().st_size:
        print(
            f"capy vault checkpoint: warning: {wal} is not empty — another capy process is "
            "using the vault; stop it before copying the file",
            file=sys.stderr,
        )
    print(f"capy vault checkpoint: {path} — write-ahead log flushed, safe to copy")


@vault.command
def delete(
    session_id: Annotated[str, Parameter(help="The session's id, or its first 8+ characters.")],
    /,
    *,
    yes: Annotated[bool, Parameter(negative=(), help="Delete without asking.")] = False,
) -> int:
    """Delete one session from the vault: its transcript, its files and its search rows.

    Shows the session and asks first (the answer defaults to no). Without a terminal to ask,
    nothing is deleted unless --yes is given, and the exit code is 1. Files on disk are not
    touched.
    """
    from entrypoints.cli.sizes import byte_size as size
    from entrypoints.vault_cli.app import require_vault, say, vault_container
    from entrypoints.vault_cli.formatting import local_time, title_of
    from entrypoints.vault_cli.prompts import can_ask, confirm
    from entrypoints.vault_cli.session_lookup import find_or_list

    with vault_container() as container:
        require_vault(container)
        session = find_or_list(container, session_id)
        if not yes and not can_ask():
            say(
                f"nothing deleted: there is no terminal to ask whether to delete "
                f"{session.short_id}; pass --yes to delete it without asking"
            )
            return 1
        say(
            f"{session.uuid} — {title_of(session)}\n  {session.project_path}, "
            f"{local_time(session.end_time)}, {plural(session.message_count, 'message')}, "
            f"{size(session.size_bytes)}, {plural(session.file_count, 'file')}"
        )
        if not yes and not confirm(f"delete session {session.short_id}?"):
            say("nothing deleted")
            return 0
        container.use_cases.delete_session().execute(session.uuid)
    say(f"deleted {session.uuid}")
    return 0
