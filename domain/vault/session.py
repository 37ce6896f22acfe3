"""A session as the vault records it, and what the import hands the store to archive."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

import attrs

from domain.valid_text import valid_optional_text, valid_text
from domain.vault.blob import EncodedBlob

MAIN_FILE_SUFFIX = ".jsonl"


class MessageRole(StrEnum):
    """Who a searchable message is from: the person, the agent, a tool's output, the host."""

    USER = "user"
    ASSISTANT = "assistant"
    TOOL = "tool"
    SYSTEM = "system"


@attrs.frozen
class VaultMessage:
    """One searchable row: a message's redacted text and where it sits in the session.

    ``subagent_id`` is empty for the main transcript; ``line_index`` is the 0-based line of the
    file it came from (its first line when several lines make one message).
    """

    role: MessageRole
    text: str = attrs.field(converter=valid_text)
    line_index: int
    turn_index: int = 0
    message_index: int = 0
    subagent_id: str = ""


@attrs.frozen
class SessionSummary:
    """What reading a session's lines tells about it (times, title, where it ran)."""

    title: str | None = attrs.field(default=None, converter=valid_optional_text)
    start_time: datetime | None = None
    end_time: datetime | None = None
    message_count: int = 0
    cwd: str | None = attrs.field(default=None, converter=valid_optional_text)
    git_branch: str | None = attrs.field(default=None, converter=valid_optional_text)


@attrs.frozen
class VaultSession:
    """One archived session's row (without its bytes).

    ``size_bytes`` is the uncompressed size of all its files; ``stored_bytes`` what they take in
    the vault after encoding. ``project_path`` is where it ran (the recorded ``cwd``, else the
    folder name un-mangled), ``claude_project_dir`` the folder name under Claude's projects.
    """

    uuid: str = attrs.field(converter=valid_text)
    content_hash: str
    size_bytes: int
    machine_id: str = attrs.field(converter=valid_text)
    claude_project_dir: str = attrs.field(converter=valid_text)
    project_path: str = attrs.field(converter=valid_text)
    archived_at: datetime
    title: str | None = attrs.field(default=None, converter=valid_optional_text)
    start_time: datetime | None = None
    end_time: datetime | None = None
    message_count: int = 0
    git_branch: str | None = attrs.field(default=None, converter=valid_optional_text)
    index_version: int = 0
    stored_bytes: int = 0
    file_count: int = 0

    @property
    def short_id(self) -> str:
        return self.uuid[:8]

    @property
    def main_file(self) -> str:
        return f"{self.uuid}{MAIN_FILE_SUFFIX}"


@attrs.frozen
class StoredDigest:
    """What the import compares an incoming session with."""

    content_hash: str
    size_bytes: int
    index_version: int


@attrs.frozen
class ArchivedFile:
    """A sidecar (subagent transcript, tool result, …) by its path under ``<uuid>/``."""

    relative_path: str = attrs.field(converter=valid_text)
    blob: EncodedBlob


@attrs.frozen
class ArchivedSession:
    """Everything one session adds to the vault: its row, its bytes and its search rows.

    Saving replaces whatever the vault held for the uuid (files and search rows included);
    ``archived_at`` of a session already there is kept.
    """

    session: VaultSession
    main: EncodedBlob
    files: tuple[ArchivedFile, ...] = ()
    messages: tuple[VaultMessage, ...] = ()

    @property
    def pending_bytes(self) -> int:
        """Roughly what holding this in memory costs (to bound a batch)."""
        return (
            len(self.main.data)
            + sum(len(f.blob.data) for f in self.files)
            + sum(len(m.text) for m in self.messages)
        )


@attrs.frozen
class StoredFile:
    relative_path: str
    blob: EncodedBlob
