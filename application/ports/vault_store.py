"""VaultStore port: the encrypted archive of every session, its files and its search rows."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Protocol, runtime_checkable

from domain.vault.blob import EncodedBlob
from domain.vault.maintenance import BlobKey, ReindexedSession, StaleSession
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
    - ``search`` takes a ``VaultQuery`` whose ``match`` is the domain's query tree (rendered
      by the adapter in its engine's language; one the engine cannot run raises
      ``InvalidInput``), filters on the session's project path (substring), the message role
      and the session's end time, and returns the best matches first.
    - ``replace_messages`` rewrites only search rows and index versions, never a blob, and
      skips a session whose content hash is no longer the one the rows were built from.
    - ``replace_blobs`` changes how files are stored, never what they hold; stored sizes
      follow and the reader version is stamped as ``save`` does.
    - ``hold_exclusively`` fails at once (``StoreError``) while any other connection has the
      vault open, and keeps every other connection out until it is left.

    Keeping the vault's file compact is the ``FileUpkeep`` port's business.
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

    def stale_sessions(self, index_version: int) -> list[StaleSession]:
        """Sessions whose search rows were built by a scanner older than ``index_version``,
        in uuid order."""
        ...

    def replace_messages(self, sessions: Sequence[ReindexedSession]) -> int:
        """New search rows for each session, in one transaction; returns how many sessions
        were updated (a session deleted or re-archived meanwhile is left alone)."""
        ...

    def uncompressed(self) -> list[BlobKey]:
        """Every stored file kept raw or from before encodings existed, transcripts first."""
        ...

    def blob(self, key: BlobKey) -> EncodedBlob:
        """One stored file as stored (``StoreError`` when it is gone)."""
        ...

    def replace_blobs(self, blobs: Sequence[tuple[BlobKey, EncodedBlob]]) -> None:
        """Store files again in another encoding (one transaction); a file gone meanwhile is
        skipped."""
        ...

    def hold_exclusively(self) -> AbstractContextManager[None]:
        """Keep every other connection out while the block runs (compaction)."""
        ...

    def close(self) -> None:
        """Close every connection (its storage made complete first); using the store
        afterwards opens it again."""
        ...
