"""ExpireSessionJournals: a session journal is kept for two weeks after its last event."""

from __future__ import annotations

from application.ports.clock import Clock
from application.ports.session_journal import SessionJournal

# The promise the README makes: a journal goes after two weeks idle. Its searchable record in
# the knowledge base has its own lifetime (``store.cleanup.session_ttl_days``).
JOURNAL_IDLE_DAYS = 14
EXPIRE_EVERY_SECONDS = 3600.0


class ExpireSessionJournals:
    """Run by the SessionStart hook, so retention holds on machines where no capy server runs:
    at most hourly, delete every journal untouched for ``JOURNAL_IDLE_DAYS``."""

    def __init__(self, journal: SessionJournal, clock: Clock) -> None:
        self._journal = journal
        self._clock = clock

    def execute(self) -> int:
        idle_before = self._clock.timestamp() - JOURNAL_IDLE_DAYS * 24 * 3600
        return self._journal.expire(idle_before, EXPIRE_EVERY_SECONDS)
