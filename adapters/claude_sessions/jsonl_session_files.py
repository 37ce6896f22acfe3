"""What every JSON Lines session host shares: reading its files with its own line decoder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from adapters.claude_sessions.jsonl_stream import (
    Decoder,
    JsonlRecordStream,
    complete_length,
    copy_file_bytes,
    read_file_bytes,
)
from application.ports.session_files import RecordStream


class JsonlSessionReading:
    """The reading half of a ``SessionFiles`` adapter whose files are JSON Lines, decoded by
    ``decode`` (a host's line format)."""

    decode: Decoder  # a subclass sets ``decode = staticmethod(its_record_decoder)``

    def records(self, path: Path) -> RecordStream:
        return JsonlRecordStream.of_file(path, self.decode)

    def records_in(self, data: bytes) -> RecordStream:
        return JsonlRecordStream.of_bytes(data, self.decode)

    def read_bytes(self, path: Path, *, complete_lines: bool = False) -> bytes:
        return read_file_bytes(path, complete_lines=complete_lines)

    def complete_length(self, path: Path, size: int) -> int:
        return complete_length(path, size)

    def copy_bytes(self, path: Path, length: int, copy: Callable[[bytes], None]) -> None:
        copy_file_bytes(path, length, copy)

    def archive_records(
        self, path: Path, length: int, copy: Callable[[bytes], None]
    ) -> RecordStream:
        return JsonlRecordStream.of_copied_file(path, length, copy, self.decode)
