"""VaultStore port: the encrypted archive of every session, its files and its search rows."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol, runtime_checkable

from domain.vault.blob import EncodedBlob
from domain.vault.search import SessionFilter, VaultHit, VaultQuery, VaultStats
from domain.vault.session import ArchivedSession, StoredDigest, StoredFile, VaultSession


@runtime_checkable
class VaultStore(Protocol):
    """Rules every implementation keeps (the contract suite checks them):

    - ``save`` writes a batch in one transaction: after a crash or an error either every
      session of the batch is archived whole (row, files, search rows) or none is. Saving a
      uuid the vault holds replaces its files and search rows and keeps ``archived_at``.
    - A blob comes back with the encoding it was saved with; saving a compressed blob stamps
      the vault as needing a reader that knows the codec, and a vault stamped for a newer
      reader than this capy refuses to open.
    - ``search`` takes an FTS5 expression (a bad one raises ``InvalidInput``), filters on the
      session's project path (substring), the message role and the session's end time, and
      returns the best matches first.
    """

    def digests(self) -> dict[str, StoredDigest]:
        """Hash, size and index version of every archived session, by uuid."""
        ...

    def count_sessions(self, machine_id: str | None = None) -> int:
        """All sessions, or those archived from one machine."""
        ...

    def save(self, sessions: Sequence[ArchivedSession]) -> None: ...

    def sessions(self, which: SessionFilter) -> list[VaultSession]:
        """Newest first (by end time)."""
        ...

    def find(self, uuid_prefix: str, limit: int = 10) -> list[VaultSession]:
        """Sessions whose uuid starts with ``uuid_prefix`` (case-insensitive), up to ``limit``."""
        ...

    def main_blob(self, uuid: str) -> EncodedBlob: ...

    def file_names(self, uuid: str) -> list[str]: ...

    def files(self, uuid: str) -> Iterator[StoredFile]:
        """The session's sidecars in path order, one at a time."""
        ...

    def search(self, query: VaultQuery) -> list[VaultHit]: ...

    def delete(self, uuid: str) -> bool: ...

    def stats(self) -> VaultStats: ...

    def checkpoint(self) -> None: ...

    def close(self) -> None: ...
