"""Showing an archived session: rendered for reading, or its transcript verbatim."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime

from application.ports.codec import Codec
from application.ports.session_files import SessionFiles
from application.ports.vault_store import VaultStore
from domain.sessions.files import agent_id_of, is_subagent_transcript
from domain.sessions.snapshots import merge_snapshots
from domain.vault.rendering import ShowFormat, header, render, subagent_heading
from domain.vault.session import VaultSession

Shorten = Callable[[str], str]
When = Callable[[datetime | None], str]


class ShowSession:
    """``json``: the ``<uuid>.jsonl`` bytes as archived. ``text``/``markdown``: a header,
    the transcript, then each subagent's transcript, produced piece by piece."""

    def __init__(self, store: VaultStore, codec: Codec, files: SessionFiles) -> None:
        self._store = store
        self._codec = codec
        self._files = files

    def execute(
        self, session: VaultSession, form: ShowFormat, shorten: Shorten, when: When
    ) -> Iterator[bytes]:
        blob = self._store.main_blob(session.uuid)
        if form is ShowFormat.JSON:
            yield from self._codec.decode_chunks(blob)
            return
        times = (when(session.start_time), when(session.end_time))
        yield header(session, form, shorten(session.project_path), times).encode()
        yield from self._rendered(self._codec.decode(blob), form)
        for stored in self._store.files(session.uuid):
            if not is_subagent_transcript(stored.relative_path):
                continue
            yield subagent_heading(agent_id_of(stored.relative_path), form).encode()
            yield from self._rendered(self._codec.decode(stored.blob), form)

    def _rendered(self, data: bytes, form: ShowFormat) -> Iterator[bytes]:
        records = merge_snapshots(self._files.records_in(data))
        for piece in render(records, form):
            yield piece.encode()
