"""IngestSessionJournals: the server reads the hooks' session journals into the knowledge base."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta

from application.ports.clock import Clock
from application.ports.session_journal import SessionJournal
from application.use_cases.expire_session_journals import JOURNAL_IDLE_DAYS
from application.use_cases.index_content import IndexContent
from application.use_cases.index_request import IndexRequest
from domain.content_type import ContentType
from domain.continuity.record import render_record
from domain.continuity.snapshot import session_label
from domain.continuity.state import fold
from domain.source_kind import SourceKind

# A journal serves restoring a session; its searchable record in the knowledge base outlives it
# (``store.cleanup.session_ttl_days``).
JOURNAL_KEPT = timedelta(days=JOURNAL_IDLE_DAYS)
PRUNE_EVERY = timedelta(hours=1)


class IngestSessionJournals:
    """Index each changed session journal of this project as a ``session`` source labelled
    ``session-events:<session id>``, so ``capy_search`` can answer "what did we decide about X"
    after a compaction; then, at most hourly, delete journals idle for two weeks.

    - A journal unchanged since the last run (same time and size) is not read again; unchanged
      content under the same label only touches the source.
    - Safe to run from several servers of one project at once (a label is never doubled).
    """

    def __init__(
        self,
        journal: SessionJournal,
        index_content: IndexContent,
        clock: Clock,
        project_root: str,
    ) -> None:
        self._journal = journal
        self._index = index_content
        self._clock = clock
        self._root = project_root
        self._seen: dict[str, tuple[float, int]] = {}
        self._pruned_at: datetime | None = None
        # The server's periodic run and a search catching up may ask at the same time.
        self._running = threading.Lock()

    def execute(self) -> int:
        """Index what changed; the number of sessions (re)indexed. A search calls this first,
        so it sees every event a hook wrote before it was asked (the periodic run may not have
        come yet, e.g. just after the server started)."""
        with self._running:
            return self._execute()

    def _execute(self) -> int:
        indexed = 0
        for entry in self._journal.entries(self._root):
            mark = (entry.changed_at, entry.size)
            if self._seen.get(entry.session_id) == mark:
                continue
            state = fold(self._journal.events(entry.project, entry.session_id))
            record = render_record(state, entry.session_id, entry.project)
            if record:
                self._index.execute(
                    IndexRequest(
                        content=record,
                        label=session_label(entry.session_id),
                        kind=SourceKind.SESSION,
                        content_type=ContentType.MARKDOWN,
                    )
                )
                indexed += 1
            self._seen[entry.session_id] = mark
        now = self._clock.now()
        if self._pruned_at is None or now - self._pruned_at >= PRUNE_EVERY:
            self._journal.prune(self._root, (now - JOURNAL_KEPT).timestamp())
            self._pruned_at = now
        return indexed
