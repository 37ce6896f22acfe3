"""Moving the Go capy's files at capy's own default paths over to this capy, in place, once.

A Go ``knowledge.db`` or ``vault.db`` sits exactly where this capy keeps its own (ADR 0047).
At the first open of such a file at the *default* path (never one given with ``--db``,
``store.path`` or ``CAPY_VAULT_PATH``) it is migrated in place (ADR 0059):

1. under an exclusive lock beside the file (two capy processes starting at once migrate once);
2. the Go file and its ``-wal`` are copied to ``<name>.go-backup`` (and ``-wal``) — written to
   temporary names, synced, then renamed, backup log first — unless a complete backup is
   already there from an interrupted run (it is then the source: the Go file may have lost its
   log already);
3. a new database of this capy's format is built at ``.<name>.go-migration`` from the backup,
   through the same use cases as ``capy import-kb --from`` / ``capy vault merge --from``;
4. counts are verified (every Go source / session is in the new file), the new file is closed
   with its log folded in and synced;
5. the Go file's ``-wal``/``-shm`` are removed (the backup holds them) and the new file is
   renamed over the Go file — one atomic step.

A kill at any point leaves either the Go file (the next start migrates again, from the backup)
or the finished migration, never a half: the path only ever names the Go file or the complete
new one. The result is said once on stderr; the backup stays until the user deletes it.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from adapters import durable_files
from domain.errors import StoreError

Warn = Callable[[str], None]
BACKUP_SUFFIX = ".go-backup"
_SIDECARS = ("-wal", "-shm", "-journal")  # a kill while SQLite creates the file leaves a -journal


def backup_of(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def _work_file(path: Path) -> Path:
    return path.with_name(f".{path.name}.go-migration")


def migrate_knowledge_base(
    path: Path, key: str, env: Mapping[str, str], project_root: Path, warn: Warn
) -> None:
    """Migrate the Go knowledge base at ``path`` (or finish an interrupted migration)."""
    with _locked(path):
        if not _still_go(path, key, _is_go_knowledge_base):
            return
        backup = _backed_up(path)
        work = _fresh(_work_file(path))
        offered, kept = _build_knowledge_base(backup, work, key, env, project_root)
        _swap(work, path)
    warn(
        f"migrated the Go capy's knowledge base {path} to this capy's format: {kept} of "
        f"{offered} sources carried over; the Go file is kept as {backup}"
    )


def migrate_vault(path: Path, key: str, env: Mapping[str, str], warn: Warn) -> None:
    """Migrate the Go vault at ``path`` (or finish an interrupted migration)."""
    with _locked(path):
        if not _still_go(path, key, _is_go_vault):
            return
        backup = _backed_up(path)
        work = _fresh(_work_file(path))
        sessions = _build_vault(backup, work, key, env)
        _swap(work, path)
    warn(
        f"migrated the Go capy's vault {path} to this capy's format: {sessions} sessions "
        f"carried over; the Go file is kept as {backup}"
    )


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    lock = path.with_name(f".{path.name}.go-migration.lock")
    handle = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)


def _still_go(path: Path, key: str, is_go: Callable[[Path, str], bool]) -> bool:
    """Another process may have finished the migration while this one waited for the lock."""
    return path.is_file() and is_go(path, key)


def _is_go_knowledge_base(path: Path, key: str) -> bool:
    from adapters.sqlcipher.foreign_file import columns, open_read_only

    try:
        connection = open_read_only(path, key, "knowledge base", "")
    except StoreError:
        return False
    try:
        return "content_type" in columns(connection, "sources") and _not_ours(
            connection, "migrations", "adapters.sqlcipher.schema"
        )
    finally:
        connection.close()


def _is_go_vault(path: Path, key: str) -> bool:
    from adapters.sqlcipher.foreign_file import columns, open_read_only

    try:
        connection = open_read_only(path, key, "vault", "")
    except StoreError:
        return False
    try:
        return "raw_jsonl" in columns(connection, "vault_sessions") and _not_ours(
            connection, "vault_migrations", "adapters.sqlcipher.vault.schema"
        )
    finally:
        connection.close()


def _not_ours(connection: object, ledger: str, package: str) -> bool:
    from adapters.sqlcipher.migrations import available
    from adapters.sqlcipher.profile import Schema

    names = {m.name for m in available(Schema(package=package, ledger=ledger))}
    try:
        done = {row[0] for row in connection.execute(f"SELECT name FROM {ledger}")}  # type: ignore[attr-defined]
    except Exception:
        return True
    return not done & names


def _backed_up(path: Path) -> Path:
    """``<name>.go-backup`` (with its ``-wal``): a byte copy of the Go file and its log. A
    backup left by an interrupted run is complete (it only ever appears by rename) and is kept:
    the Go file's log may already be gone."""
    backup = backup_of(path)
    if backup.exists():
        return backup
    log = path.with_name(path.name + "-wal")
    if log.exists():
        _copy_synced(log, backup.with_name(backup.name + "-wal"))
    _copy_synced(path, backup)
    return backup


def _copy_synced(source: Path, target: Path) -> None:
    temporary = target.with_name(f".{target.name}.tmp")
    with source.open("rb") as reading, temporary.open("wb") as writing:
        shutil.copyfileobj(reading, writing, 1 << 20)
        writing.flush()
        os.fsync(writing.fileno())
    temporary.chmod(0o600)
    temporary.replace(target)
    durable_files.sync_directory(target.parent)


def _fresh(work: Path) -> Path:
    """The work file of an interrupted run is capy's own half-built copy: start it again."""
    for name in (work, *(work.with_name(work.name + s) for s in _SIDECARS)):
        name.unlink(missing_ok=True)
    return work


def _build_knowledge_base(
    backup: Path, work: Path, key: str, env: Mapping[str, str], project_root: Path
) -> tuple[int, int]:
    from application.use_cases.import_knowledge_base import KnowledgeImportRequest
    from domain.knowledge_import import SourceImportStatus as Status
    from entrypoints.containers.applications import CliContainer
    from entrypoints.containers.runtime import RuntimeOptions

    options = RuntimeOptions(db=work, project_dir=project_root, env={**env, "CAPY_DB_KEY": key})
    container = CliContainer(options=options)
    try:
        report = container.use_cases.import_knowledge_base().execute(
            KnowledgeImportRequest(backup, key)
        )
        carried = {
            o.label
            for o in report.outcomes
            if o.status in (Status.IMPORTED, Status.UNCHANGED, Status.KEPT, Status.REPLACED)
        }
        stats = container.adapters.knowledge_store().stats()
        held = sum(stats.sources_by_kind.values())
    finally:
        container.shutdown_resources()  # closes the new file with its log folded in
    unaccounted = report.offered - len(report.outcomes) - report.left_out
    if report.cancelled or unaccounted or held != len(carried):
        raise StoreError(
            f"moving the Go capy's knowledge base to this capy's format did not check out "
            f"({report.offered} sources offered, {held} in the new file); the Go file is "
            "unchanged",
            f"bring it in by hand: `capy import-kb --from {backup}` with --db elsewhere",
        )
    durable_files.sync_file(work)
    return report.offered, held


def _build_vault(backup: Path, work: Path, key: str, env: Mapping[str, str]) -> int:
    from application.use_cases.vault.merge_vault import MergeRequest
    from domain.vault.importing import ImportStatus
    from entrypoints.containers.runtime import RuntimeOptions
    from entrypoints.containers.vault import VaultContainer

    settings = {**env, "CAPY_VAULT_PATH": str(work), "CAPY_VAULT_KEY": key}
    container = VaultContainer(options=RuntimeOptions(env=settings, cwd=work.parent))
    try:
        report = container.use_cases.merge().execute(MergeRequest(backup, key))
        held = int(container.adapters.vault_store().count_sessions())
    finally:
        container.shutdown_resources()
    wanted = {o.uuid for o in report.outcomes}
    if report.cancelled or report.count(ImportStatus.ERROR) or held != len(wanted):
        raise StoreError(
            f"moving the Go capy's vault to this capy's format did not check out "
            f"({len(wanted)} sessions offered, {held} in the new file); the Go file is "
            "unchanged",
            f"bring it in by hand: `capy vault merge --from {backup}` with CAPY_VAULT_PATH "
            "set to a new file",
        )
    durable_files.sync_file(work)
    return held


def _swap(work: Path, path: Path) -> None:
    """Drop the Go file's log (the backup holds it), then put the new file in its place."""
    for sidecar in _SIDECARS:
        path.with_name(path.name + sidecar).unlink(missing_ok=True)
    for sidecar in _SIDECARS:
        work.with_name(work.name + sidecar).unlink(missing_ok=True)
    work.replace(path)
    durable_files.sync_directory(path.parent)
