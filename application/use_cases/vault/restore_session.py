"""Writing an archived session back where Claude Code looks for it (or into a chosen folder)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path, PurePosixPath

from application.ports.codec import Codec
from application.ports.restore_folders import RestoreFolder, RestoreFolders, UnsafePath
from application.ports.vault_store import VaultStore
from domain.vault.blob import EncodedBlob
from domain.vault.paths import recorded_folder, safe_folder_name, safe_relative_path
from domain.vault.restore import RestoredFile, RestoreReport, RestoreStatus
from domain.vault.session import VaultSession

Confirm = Callable[[Path], bool]


class RestoreSession:
    """``<uuid>.jsonl`` and every sidecar under ``<uuid>/``, byte for byte.

    The default folder is the session's project folder under Claude's projects directory.
    A stored name that is absolute, climbs with ``..`` or would pass through a symlinked
    directory out of the folder is skipped. An existing file with other bytes is overwritten
    only when ``confirm(path)`` says so; one with the same bytes is left as it is.
    """

    def __init__(
        self, store: VaultStore, codec: Codec, folders: RestoreFolders, projects_dir: Path
    ) -> None:
        self._store = store
        self._codec = codec
        self._folders = folders
        self._projects_dir = projects_dir

    def execute(
        self, session: VaultSession, output: Path | None, confirm: Confirm
    ) -> RestoreReport:
        folder = self._folders.open(output or recorded_folder(self._projects_dir, session))
        main = safe_relative_path(session.main_file) if safe_folder_name(session.uuid) else None
        blob = self._store.main_blob(session.uuid)
        results = [self._restore(folder, session.main_file, main, blob, confirm)]
        for stored in self._store.files(session.uuid):
            name = f"{session.uuid}/{stored.relative_path}"
            inner = safe_relative_path(stored.relative_path)
            relative = PurePosixPath(session.uuid, inner) if inner and main else None
            results.append(self._restore(folder, name, relative, stored.blob, confirm))
        return RestoreReport(session.uuid, folder.root, tuple(results))

    def _restore(
        self,
        folder: RestoreFolder,
        name: str,
        relative: PurePosixPath | None,
        blob: EncodedBlob,
        confirm: Confirm,
    ) -> RestoredFile:
        if relative is None:
            return RestoredFile(name, RestoreStatus.UNSAFE)
        target = folder.root.joinpath(*relative.parts)
        if folder.exists(relative):
            if folder.identical(relative, self._chunks(blob)):
                return RestoredFile(name, RestoreStatus.UNCHANGED, target)
            if not confirm(target):
                return RestoredFile(name, RestoreStatus.KEPT, target)
        try:
            written = folder.write(relative, self._chunks(blob))
        except UnsafePath:
            return RestoredFile(name, RestoreStatus.UNSAFE)
        return RestoredFile(name, RestoreStatus.WRITTEN, written)

    def _chunks(self, blob: EncodedBlob) -> Iterable[bytes]:
        return self._codec.decode_chunks(blob)
