"""Another vault file read as a merge source, whatever capy wrote it (ADR 0045).

The layout is detected, not assumed: a vault without an ``encoding`` column (the Go capy's,
or any from before compression) reads every row as raw; columns a writer did not have
(``stored_bytes``, ``git_branch``, …) read as empty. The file is opened read-only.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from adapters.sqlcipher.foreign_file import columns, open_read_only
from adapters.sqlcipher.vault.rows import parse_time
from application.ports.vault_source import VaultSource
from domain.errors import InvalidInput, StoreError
from domain.vault.blob import BlobEncoding, EncodedBlob, refuse_newer_reader
from domain.vault.session import StoredFile, VaultSession

KEY_HINT = (
    "give the other vault's key with --key, --key-file or CAPY_VAULT_MERGE_KEY (on the machine "
    "it comes from, `capy vault stats` says where its key is kept)"
)
_FIELDS = (
    "uuid",
    "content_hash",
    "size_bytes",
    "machine_id",
    "claude_project_dir",
    "project_path",
    "archived_at",
    "title",
    "start_time",
    "end_time",
    "message_count",
    "git_branch",
)
_REQUIRED = {"uuid", "content_hash", "size_bytes", "raw_jsonl"}
_EPOCH = datetime.fromtimestamp(0, UTC)


class SqlcipherVaultSource(VaultSource):
    def __init__(self, path: Path, key: str | None) -> None:
        self._path = path
        self._connection = open_read_only(path, key, "vault", KEY_HINT)
        try:
            self._check()
        except BaseException:
            self._connection.close()
            raise

    def _check(self) -> None:
        found = columns(self._connection, "vault_sessions")
        if not found >= _REQUIRED:
            raise InvalidInput(
                f"{self._path} is not a capy vault (it has no archived sessions table)",
                "give the path of a vault.db",
            )
        self._session_columns = found
        self._encoded = "encoding" in found
        file_columns = columns(self._connection, "vault_files")
        self._has_files = {"relative_path", "raw_content"} <= file_columns
        self._files_encoded = "encoding" in file_columns
        if columns(self._connection, "vault_meta"):
            row = self._connection.execute(
                "SELECT value FROM vault_meta WHERE key = 'min_reader_version'"
            ).fetchone()
            try:
                refuse_newer_reader(int(row[0]) if row else 1)
            except ValueError:
                refuse_newer_reader(1_000_000)

    @property
    def description(self) -> str:
        """What sort of vault this is, in a person's words (``vault merge`` says it)."""
        if self._encoded:
            return "a capy vault in the current format"
        return (
            "a vault in the older format the Go capy and earlier versions of capy write "
            "(nothing in it is compressed)"
        )

    def sessions(self) -> list[VaultSession]:
        picked = ", ".join(f if f in self._session_columns else "NULL" for f in _FIELDS)
        rows = self._connection.execute(f"SELECT {picked} FROM vault_sessions ORDER BY uuid")
        return [
            VaultSession(
                uuid=row[0],
                content_hash=row[1],
                size_bytes=int(row[2] or 0),
                machine_id=row[3] or "",
                claude_project_dir=row[4] or "",
                project_path=row[5] or row[4] or "",
                archived_at=parse_time(row[6]) or _EPOCH,
                title=row[7] or None,
                start_time=parse_time(row[8]),
                end_time=parse_time(row[9]),
                message_count=int(row[10] or 0),
                git_branch=row[11] or None,
            )
            for row in rows
        ]

    def main_blob(self, uuid: str) -> EncodedBlob:
        encoding = "encoding" if self._encoded else "NULL"
        row = self._connection.execute(
            f"SELECT {encoding}, raw_jsonl FROM vault_sessions WHERE uuid = ?", (uuid,)
        ).fetchone()
        if row is None:
            raise StoreError(f"session {uuid} is no longer in {self._path}", "merge again")
        return EncodedBlob(BlobEncoding.from_column(row[0]), bytes(row[1]))

    def files(self, uuid: str) -> Iterator[StoredFile]:
        if not self._has_files:
            return
        encoding = "encoding" if self._files_encoded else "NULL"
        names = [
            row[0]
            for row in self._connection.execute(
                "SELECT relative_path FROM vault_files WHERE session_uuid = ? "
                "ORDER BY relative_path",
                (uuid,),
            )
        ]
        for name in names:
            row = self._connection.execute(
                f"SELECT {encoding}, raw_content FROM vault_files "
                "WHERE session_uuid = ? AND relative_path = ?",
                (uuid, name),
            ).fetchone()
            if row is not None:
                yield StoredFile(name, EncodedBlob(BlobEncoding.from_column(row[0]), bytes(row[1])))

    def close(self) -> None:
        self._connection.close()
