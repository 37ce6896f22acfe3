"""Compacting the vault: raw rows recompressed through the codec, then the file rewritten."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import attrs

from application.ports.codec import Codec
from application.ports.database_encryptor import DatabaseEncryptor
from application.ports.file_upkeep import FileUpkeep
from application.ports.vault_store import VaultStore
from application.runs import never, unwatched
from application.vault.batches import Batches
from domain.errors import CapyError, InvalidInput
from domain.vault.blob import BlobEncoding, EncodedBlob
from domain.vault.importing import ImportProgress
from domain.vault.maintenance import BlobKey, CompactReport, Failure

Progress = Callable[[ImportProgress], None]
# The file is rewritten when rows were recompressed, or when this share of it is free pages.
VACUUM_FREE_SHARE = 0.10


class CompactVault:
    """Every file stored raw (written with compression off, or before encodings existed) is
    compressed when that makes it smaller — one that does not shrink (a screenshot, an archive)
    stays raw. Then, if anything changed or the file holds many free pages, the search index is
    merged and the file copied into a fresh one without free pages, which takes its place (the
    copy is an export, table by table, into the new file — never built in memory as VACUUM
    would). The vault is held while rows change: no other process may have it open (a busy vault
    is refused), and none can open it meanwhile; the copy holds it again.

    Refused when compression is switched off: compacting would have nothing to write.
    """

    def __init__(
        self,
        store: VaultStore,
        *,
        upkeep: FileUpkeep,
        codec: Codec,
        encryptor: DatabaseEncryptor,
        path: Path,
        key: Callable[[], str],
    ) -> None:
        self._store = store
        self._upkeep = upkeep
        self._codec = codec
        self._encryptor = encryptor
        self._path = path
        self._key = key

    def execute(
        self, progress: Progress = unwatched, stop: Callable[[], bool] = never
    ) -> CompactReport:
        if not self._codec.compresses:
            raise InvalidInput(
                "compression is switched off (CAPY_VAULT_NO_COMPRESS), so there is nothing "
                "to compact into",
                "unset CAPY_VAULT_NO_COMPRESS and run `capy vault compact` again",
            )
        before = self._store.stats()
        with self._store.hold_exclusively():
            report = self._compress(progress, stop, before.file_bytes)
            rewrite = report.compressed > 0 or self._upkeep.free_share() >= VACUUM_FREE_SHARE
            if rewrite:
                self._upkeep.compact()
        if not rewrite:
            return report
        self._store.close()  # the copy is made from a connection of its own
        self._encryptor.discard(self._encryptor.rewrite(self._path, self._key()))
        return attrs.evolve(report, bytes_after=self._store.stats().file_bytes, vacuumed=True)

    def _compress(
        self, progress: Progress, stop: Callable[[], bool], bytes_before: int
    ) -> CompactReport:
        keys = self._store.uncompressed()
        failures: list[Failure] = []
        compressed = [0]

        def write(blobs: Sequence[tuple[BlobKey, EncodedBlob]]) -> None:
            self._store.replace_blobs(blobs)
            compressed[0] += len(blobs)

        def failed(item: tuple[BlobKey, EncodedBlob], error: Exception) -> None:
            failures.append(Failure(item[0].uuid, f"{item[0].name}: {error}"))

        batches = Batches(write, lambda item: item[0].stored_bytes, failed)
        total = sum(key.stored_bytes for key in keys)
        done_bytes = 0
        cancelled = False
        progress(ImportProgress(0, len(keys), 0, total))
        for done, key in enumerate(keys, start=1):
            if stop():
                cancelled = True
                break
            try:
                packed = self._codec.encode(self._codec.decode(self._store.blob(key)))
            except CapyError as error:
                failures.append(Failure(key.uuid, f"{key.name}: {error}"))
            else:
                if packed.encoding is not BlobEncoding.RAW:
                    batches.add((key, packed))
            done_bytes += key.stored_bytes
            progress(ImportProgress(done, len(keys), done_bytes, total))
        batches.flush()
        return CompactReport(
            candidates=len(keys),
            compressed=compressed[0],
            bytes_before=bytes_before,
            bytes_after=bytes_before,
            vacuumed=False,
            cancelled=cancelled,
            failures=tuple(failures),
        )
