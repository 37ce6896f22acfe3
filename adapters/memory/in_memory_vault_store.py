"""A vault in plain Python dicts, keeping the SQLCipher vault's behaviour contract."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import attrs

from adapters.highlight_spans import CLOSE, OPEN
from adapters.memory.fts_layers import PorterLayer
from adapters.memory.fts_ranking import bm25_scores, matches
from adapters.system_clock import SystemClock
from application.ports.clock import Clock
from application.ports.file_upkeep import FileUpkeep
from application.ports.vault_store import VaultStore
from domain.errors import StoreError
from domain.vault.blob import BlobEncoding, EncodedBlob, refuse_newer_reader
from domain.vault.indexing import INDEX_VERSION
from domain.vault.maintenance import BlobKey, ReindexedSession, StaleSession
from domain.vault.query_grammar import VaultMatch, positive_phrases
from domain.vault.search import (
    SNIPPET_CLOSE,
    SNIPPET_ELLIPSIS,
    SNIPPET_OPEN,
    SNIPPET_TOKENS,
    ProjectTally,
    SessionFilter,
    VaultHit,
    VaultQuery,
    VaultStats,
)
from domain.vault.session import (
    ArchivedSession,
    StoredDigest,
    StoredFile,
    VaultMessage,
    VaultSession,
)


@attrs.frozen
class _Entry:
    session: VaultSession
    main: EncodedBlob
    files: dict[str, EncodedBlob]
    message_ids: tuple[int, ...]


class InMemoryVaultStore(VaultStore, FileUpkeep):
    """Sessions in a dict, messages in an emulated porter layer (see ``fts_*``).

    ``fail_on`` makes ``save`` fail for a batch holding that uuid (after writing part of it, to
    prove the rollback), for tests of batch retries. ``in_use_elsewhere`` plays another process
    holding the vault open; ``optimizations`` counts search index merges and ``folds`` log
    checkpoints.
    """

    def __init__(self, clock: Clock | None = None, min_reader_version: int = 1) -> None:
        refuse_newer_reader(min_reader_version)
        self._clock = clock or SystemClock()
        self._lock = threading.RLock()
        self._entries: dict[str, _Entry] = {}
        self._messages: dict[int, tuple[str, VaultMessage]] = {}
        self._layer = PorterLayer()
        self._next_id = 1
        self.min_reader_version = min_reader_version
        self.fail_on: set[str] = set()
        self.saved_batches: list[list[str]] = []
        self.in_use_elsewhere = False
        self.held = False
        self.optimizations = 0
        self.folds = 0

    def digests(self) -> dict[str, StoredDigest]:
        with self._lock:
            return {
                uuid: StoredDigest(
                    e.session.content_hash, e.session.size_bytes, e.session.index_version
                )
                for uuid, e in self._entries.items()
            }

    def count_sessions(self, machine_id: str | None = None) -> int:
        with self._lock:
            return sum(
                1
                for e in self._entries.values()
                if machine_id is None or e.session.machine_id == machine_id
            )

    def save(self, sessions: Sequence[ArchivedSession]) -> None:
        if not sessions:
            return
        with self._lock:
            before = (dict(self._entries), dict(self._messages), self._next_id)
            try:
                for archived in sessions:
                    self._save_one(archived)
                    if archived.session.uuid in self.fail_on:
                        raise StoreError(f"cannot save {archived.session.uuid}", "test failure")
            except BaseException:
                self._entries, self._messages, self._next_id = before
                self._rebuild_layer()
                raise
            self.saved_batches.append([a.session.uuid for a in sessions])
            needs = max(
                blob.encoding.reader_version
                for a in sessions
                for blob in (a.main, *(f.blob for f in a.files))
            )
            self.min_reader_version = max(self.min_reader_version, needs)

    def _save_one(self, archived: ArchivedSession) -> None:
        session = archived.session
        names = [f.relative_path for f in archived.files]
        if len(set(names)) != len(names):
            raise StoreError(f"cannot archive {session.uuid}: a file name repeats", "test input")
        old = self._entries.get(session.uuid)
        if old is not None:
            self._drop_messages(old.message_ids)
            session = attrs.evolve(session, archived_at=old.session.archived_at)
        ids = self._add_messages(session.uuid, archived.messages)
        stored = len(archived.main.data) + sum(len(f.blob.data) for f in archived.files)
        session = attrs.evolve(session, stored_bytes=stored, file_count=len(archived.files))
        self._entries[session.uuid] = _Entry(
            session,
            archived.main,
            {f.relative_path: f.blob for f in archived.files},
            ids,
        )

    def _add_messages(self, uuid: str, messages: Sequence[VaultMessage]) -> tuple[int, ...]:
        ids = []
        for message in messages:
            self._messages[self._next_id] = (uuid, message)
            self._layer.add(self._next_id, "", message.text)
            ids.append(self._next_id)
            self._next_id += 1
        return tuple(ids)

    def _drop_messages(self, ids: tuple[int, ...]) -> None:
        for message_id in ids:
            self._messages.pop(message_id, None)
            self._layer.remove(message_id)

    def _rebuild_layer(self) -> None:
        self._layer = PorterLayer()
        for message_id, (_, message) in self._messages.items():
            self._layer.add(message_id, "", message.text)

    def sessions(self, which: SessionFilter) -> list[VaultSession]:
        with self._lock:
            found = [
                e.session
                for e in self._entries.values()
                if not which.project or which.project.lower() in e.session.project_path.lower()
            ]
        found.sort(key=lambda s: s.uuid)
        found.sort(
            key=lambda s: (s.end_time is None, -(s.end_time.timestamp() if s.end_time else 0))
        )
        return found[: which.limit] if which.limit > 0 else found

    def find(self, uuid_prefix: str, limit: int = 10) -> list[VaultSession]:
        low = uuid_prefix.lower()
        with self._lock:
            found = sorted(
                (e.session for u, e in self._entries.items() if u.startswith(low)),
                key=lambda s: s.uuid,
            )
        return found[:limit]

    def main_blob(self, uuid: str) -> EncodedBlob:
        with self._lock:
            entry = self._entries.get(uuid)
        if entry is None:
            raise StoreError(f"no session {uuid} in the vault", "run `capy vault list` to see them")
        return entry.main

    def file_names(self, uuid: str) -> list[str]:
        with self._lock:
            entry = self._entries.get(uuid)
            return sorted(entry.files) if entry else []

    def files(self, uuid: str) -> Iterator[StoredFile]:
        with self._lock:
            entry = self._entries.get(uuid)
            items = sorted(entry.files.items()) if entry else []
        for name, blob in items:
            yield StoredFile(name, blob)

    def search(self, query: VaultQuery) -> list[VaultHit]:
        if query.match is None:
            return []
        with self._lock:
            return self._search(query.match, query)

    def _search(self, expression: VaultMatch, query: VaultQuery) -> list[VaultHit]:
        candidates = []
        for message_id, (uuid, message) in self._messages.items():
            session = self._entries[uuid].session
            if _wanted(session, message, query) and matches(expression, self._layer, message_id):
                candidates.append(message_id)
        scores = bm25_scores(expression, self._layer, candidates, list(self._messages), 1.0)
        candidates.sort(key=lambda message_id: (-scores[message_id], message_id))
        phrases = positive_phrases(expression)
        hits = []
        for message_id in candidates[: max(query.limit, 0)]:
            uuid, message = self._messages[message_id]
            session = self._entries[uuid].session
            marked = self._layer.highlight(message_id, message.text, phrases)
            hits.append(
                VaultHit(
                    uuid=uuid,
                    subagent_id=message.subagent_id,
                    line_index=message.line_index,
                    role=message.role,
                    project_path=session.project_path,
                    end_time=session.end_time,
                    title=session.title,
                    snippet=_snippet(marked),
                )
            )
        return hits

    def delete(self, uuid: str) -> bool:
        with self._lock:
            entry = self._entries.pop(uuid, None)
            if entry is None:
                return False
            self._drop_messages(entry.message_ids)
            return True

    def stats(self) -> VaultStats:
        with self._lock:
            sessions = [e.session for e in self._entries.values()]
        tallies: dict[str, list[int]] = {}
        for s in sessions:
            tally = tallies.setdefault(s.project_path, [0, 0, 0])
            tally[0] += 1
            tally[1] += s.size_bytes
            tally[2] += s.stored_bytes
        projects = sorted(tallies.items(), key=lambda item: (-item[1][0], item[0]))
        starts = [s.start_time for s in sessions if s.start_time]
        ends = [s.end_time for s in sessions if s.end_time]
        stored = sum(s.stored_bytes for s in sessions)
        return VaultStats(
            sessions=len(sessions),
            size_bytes=sum(s.size_bytes for s in sessions),
            stored_bytes=stored,
            file_bytes=stored,
            oldest=min(starts, default=None),
            newest=max(ends, default=None),
            index_version=INDEX_VERSION,
            stale_sessions=sum(1 for s in sessions if s.index_version < INDEX_VERSION),
            min_reader_version=self.min_reader_version,
            projects=tuple(ProjectTally(p, t[0], t[1], t[2]) for p, t in projects),
        )

    def stale_sessions(self, index_version: int) -> list[StaleSession]:
        with self._lock:
            return [
                StaleSession(uuid, e.session.content_hash, e.session.stored_bytes)
                for uuid, e in sorted(self._entries.items())
                if e.session.index_version < index_version
            ]

    def replace_messages(self, sessions: Sequence[ReindexedSession]) -> int:
        replaced = 0
        with self._lock:
            for fresh in sessions:
                entry = self._entries.get(fresh.uuid)
                if entry is None or entry.session.content_hash != fresh.content_hash:
                    continue
                self._drop_messages(entry.message_ids)
                session = attrs.evolve(entry.session, index_version=fresh.index_version)
                ids = self._add_messages(fresh.uuid, fresh.messages)
                self._entries[fresh.uuid] = attrs.evolve(entry, session=session, message_ids=ids)
                replaced += 1
        return replaced

    def uncompressed(self) -> list[BlobKey]:
        with self._lock:
            entries = sorted(self._entries.items())
        keys = [
            BlobKey(uuid, None, len(e.main.data))
            for uuid, e in entries
            if e.main.encoding is BlobEncoding.RAW
        ]
        keys += [
            BlobKey(uuid, name, len(blob.data))
            for uuid, e in entries
            for name, blob in sorted(e.files.items())
            if blob.encoding is BlobEncoding.RAW
        ]
        return keys

    def blob(self, key: BlobKey) -> EncodedBlob:
        with self._lock:
            entry = self._entries.get(key.uuid)
            found = None
            if entry is not None and key.relative_path is None:
                found = entry.main
            elif entry is not None and key.relative_path is not None:
                found = entry.files.get(key.relative_path)
        if found is None:
            raise StoreError(f"{key.name} is no longer in the vault", "run the command again")
        return found

    def replace_blobs(self, blobs: Sequence[tuple[BlobKey, EncodedBlob]]) -> None:
        with self._lock:
            for key, stored in blobs:
                entry = self._entries.get(key.uuid)
                if entry is None:
                    continue
                if key.relative_path is None:
                    entry = attrs.evolve(entry, main=stored)
                elif key.relative_path in entry.files:
                    entry = attrs.evolve(entry, files={**entry.files, key.relative_path: stored})
                else:
                    continue
                total = len(entry.main.data) + sum(len(b.data) for b in entry.files.values())
                session = attrs.evolve(entry.session, stored_bytes=total)
                self._entries[key.uuid] = attrs.evolve(entry, session=session)
                self.min_reader_version = max(
                    self.min_reader_version, stored.encoding.reader_version
                )

    @contextmanager
    def hold_exclusively(self) -> Iterator[None]:
        if self.in_use_elsewhere:
            raise StoreError("another process is using the vault", "let it finish, then try again")
        self.held = True
        try:
            yield
        finally:
            self.held = False

    def free_share(self) -> float:
        return 0.0

    def compact(self) -> None:
        self.optimizations += 1

    def checkpoint(self, *, required: bool = True) -> None:
        self.folds += 1

    def release_memory(self) -> None:
        return None

    def drop_cached_pages(self) -> None:
        return None

    def close(self) -> None:
        return None


def _newest_first(session: VaultSession) -> tuple[bool, float]:
    end = session.end_time
    return end is None, -(end.timestamp() if end else 0.0)


def _wanted(session: VaultSession, message: VaultMessage, query: VaultQuery) -> bool:
    if query.project and query.project.lower() not in session.project_path.lower():
        return False
    if query.role is not None and message.role is not query.role:
        return False
    end = session.end_time
    if query.after is not None and (end is None or end < query.after):
        return False
    return not (query.before is not None and (end is None or end > query.before))


def _snippet(marked: str) -> str:
    """About ``SNIPPET_TOKENS`` words around the first mark, like FTS5's ``snippet()``."""
    words = marked.replace(OPEN, SNIPPET_OPEN).replace(CLOSE, SNIPPET_CLOSE).split()
    first = next((n for n, word in enumerate(words) if SNIPPET_OPEN in word), 0)
    start = max(first - SNIPPET_TOKENS // 4, 0)
    window = words[start : start + SNIPPET_TOKENS]
    text = " ".join(window)
    if start > 0:
        text = SNIPPET_ELLIPSIS + text
    if start + SNIPPET_TOKENS < len(words):
        text += SNIPPET_ELLIPSIS
    return text
