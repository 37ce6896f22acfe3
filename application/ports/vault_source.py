"""VaultSource port: another vault, read-only — another machine's, or the Go capy's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Protocol, runtime_checkable

from domain.vault.blob import EncodedBlob
from domain.vault.session import StoredFile, VaultSession


@runtime_checkable
class VaultSource(Protocol):
    """Sessions of a vault capy merges from. Nothing in it is ever written.

    A source from before encodings (no ``encoding`` column: the Go capy's vault, or any
    earlier one) reads every row as raw. Sessions come with the metadata the source recorded;
    their ``index_version`` means nothing here (the destination re-scans).
    """

    @property
    def description(self) -> str:
        """What kind of vault this is, for the person merging (its layout, not its content)."""
        ...

    def sessions(self) -> list[VaultSession]:
        """Every session's row, without its bytes, in uuid order."""
        ...

    def main_blob(self, uuid: str) -> EncodedBlob: ...

    def files(self, uuid: str) -> Iterator[StoredFile]: ...

    def close(self) -> None: ...


class VaultSources(Protocol):
    """Opens a source vault: ``key`` None for one stored unencrypted."""

    def __call__(self, path: Path, key: str | None) -> VaultSource: ...
