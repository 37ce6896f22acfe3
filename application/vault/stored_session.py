"""Reading an archived session back from its stored files: hash, size and search rows.

The same scanner the import runs over files on disk runs here over the stored bytes, in the
same order (the transcript, then each subagent transcript by path), so a session re-indexed
from the vault gets exactly the rows an import would give it — whether its files still exist
on disk or not. Each file is decoded once; only transcripts are held whole while scanned.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from application.ports.codec import Codec
from application.ports.session_files import SessionFiles
from domain.sessions.files import agent_id_of, is_subagent_transcript
from domain.vault.blob import EncodedBlob
from domain.vault.digest import SessionDigest
from domain.vault.scanner import ScanResult, SessionScanner
from domain.vault.session import MAIN_FILE_SUFFIX, StoredFile


@attrs.frozen
class StoredRead:
    """What reading a stored session gives: its search rows and summary, and the content
    hash and size of the bytes actually read (to check them against the recorded ones)."""

    scan: ScanResult
    content_hash: str
    size_bytes: int


class StoredSessionReader:
    def __init__(self, codec: Codec, files: SessionFiles) -> None:
        self._codec = codec
        self._files = files

    def read(self, uuid: str, main: EncodedBlob, sidecars: Iterable[StoredFile]) -> StoredRead:
        """Raises ``StoreError`` when a stored file cannot be decoded."""
        pieces: dict[str, EncodedBlob] = {f"{uuid}{MAIN_FILE_SUFFIX}": main}
        for stored in sidecars:
            pieces[stored.relative_path] = stored.blob
        digest = SessionDigest()
        scanner = SessionScanner()
        for key in sorted(pieces):
            blob = pieces[key]
            if key.endswith(MAIN_FILE_SUFFIX) and (
                key == f"{uuid}{MAIN_FILE_SUFFIX}" or is_subagent_transcript(key)
            ):
                data = self._codec.decode(blob)
                digest.begin_file(key, len(data))
                digest.update(data)
                subagent = "" if key == f"{uuid}{MAIN_FILE_SUFFIX}" else agent_id_of(key)
                scanner.scan(self._files.records_in(data), subagent)
                del data
            else:
                parts = list(self._codec.decode_chunks(blob))
                digest.begin_file(key, sum(len(part) for part in parts))
                for part in parts:
                    digest.update(part)
        return StoredRead(scanner.finish(), digest.hexdigest(), digest.total_bytes)
