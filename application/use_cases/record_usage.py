"""Write what this server session's tool calls used into the knowledge base."""

from __future__ import annotations

import threading

from application.ports.clock import Clock
from application.ports.usage_store import UsageStore
from domain.server.usage import UsageLedger
from domain.server.usage_history import usage_day


class RecordUsage:
    """Persist the ledger's counts since the last call, under this session and today's date.

    Rules:
    - the session row is created with the first counts, so a server that answered nothing
      leaves no trace;
    - counts that cannot be written go back into the ledger and are written with the next call
      (nothing is lost or counted twice);
    - safe to call from several worker threads at once.
    """

    def __init__(self, ledger: UsageLedger, store: UsageStore, clock: Clock) -> None:
        self._ledger = ledger
        self._store = store
        self._clock = clock
        self._lock = threading.Lock()
        self._session_id: int | None = None

    @property
    def session_id(self) -> int | None:
        """This server's session in the history, once something was written."""
        return self._session_id

    def execute(self) -> None:
        with self._lock:
            counts = self._ledger.drain()
            if counts.is_empty:
                return
            try:
                if self._session_id is None:
                    self._session_id = self._store.start_usage_session(self._ledger.started_at)
                now = self._clock.now()
                self._store.add_usage(self._session_id, usage_day(now), counts, now)
            except BaseException:
                self._ledger.restore(counts)
                raise
