"""A session (or one of its subagents) as the terminal viewer shows it."""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from application.ports.codec import Codec
from application.ports.session_files import SessionFiles
from application.ports.vault_store import VaultStore
from domain.errors import InvalidInput
from domain.sessions.files import agent_id_of, is_subagent_transcript
from domain.sessions.snapshots import merge_snapshots
from domain.vault.blob import EncodedBlob
from domain.vault.maintenance import BlobKey
from domain.vault.session import VaultSession
from domain.vault.viewer import SubagentHead, ViewerEntry, resolve_subagents, viewer_entries

# How far into a subagent transcript its first prompt is looked for.
_HEAD_BYTES = 4 * 1024 * 1024


@attrs.frozen
class TranscriptView:
    """``subagent`` is "" for the session's own transcript."""

    session: VaultSession
    subagent: str
    entries: tuple[ViewerEntry, ...]


class ViewSession:
    """The viewer's entries for a session's transcript or one subagent's, with each subagent
    marker matched to the archived transcript it opens."""

    def __init__(self, store: VaultStore, codec: Codec, files: SessionFiles) -> None:
        self._store = store
        self._codec = codec
        self._files = files

    def execute(self, session: VaultSession, subagent: str = "") -> TranscriptView:
        transcripts = self._subagent_files(session.uuid)
        if subagent:
            name = transcripts.get(subagent)
            if name is None:
                raise InvalidInput(
                    f"subagent {subagent} of session {session.short_id} is not archived",
                    "open another marker",
                )
            blob = self._store.blob(BlobKey(session.uuid, name, 0))
        else:
            blob = self._store.main_blob(session.uuid)
        records = merge_snapshots(self._files.records_in(self._codec.decode(blob)))
        heads = [self._head(session.uuid, agent, name) for agent, name in transcripts.items()]
        entries = resolve_subagents(viewer_entries(records), heads)
        return TranscriptView(session, subagent, tuple(entries))

    def _subagent_files(self, uuid: str) -> dict[str, str]:
        return {
            agent_id_of(name): name
            for name in self._store.file_names(uuid)
            if is_subagent_transcript(name)
        }

    def _head(self, uuid: str, agent: str, name: str) -> SubagentHead:
        blob = self._store.blob(BlobKey(uuid, name, 0))
        for record in self._files.records_in(_complete_head(self._codec, blob)):
            if record.type == "user" and not record.is_meta:
                text = record.text if record.text is not None else ""
                if not text:
                    text = "\n".join(b.text for b in record.blocks if b.type == "text")
                return SubagentHead(agent, text.strip(), record.timestamp)
        return SubagentHead(agent, "")


def _complete_head(codec: Codec, blob: EncodedBlob) -> bytes:
    """The first complete lines of a stored transcript (up to ``_HEAD_BYTES``)."""
    taken = bytearray()
    pieces: Iterator[bytes] = codec.decode_chunks(blob)
    for piece in pieces:
        taken += piece
        if b"\n" in piece or len(taken) >= _HEAD_BYTES:
            break
    return bytes(taken[: taken.rfind(b"\n") + 1])
