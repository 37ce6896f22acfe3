"""Automatically drop expired ephemeral and session sources, at most once a day."""

from __future__ import annotations

from datetime import timedelta

from application.ports.clock import Clock
from application.ports.job_log import JobLog
from application.ports.knowledge_store import KnowledgeStore
from application.use_cases.cleanup_report import PurgeReport
from application.use_cases.eviction_policy import policy_from
from domain.eviction import EvictionCandidate, select_evictions
from domain.settings import Settings
from domain.source_kind import SourceKind

JOB = "purge-expired"
INTERVAL = timedelta(days=1)


class PurgeExpired:
    """Remove ephemeral and session sources past their TTL; meant for server start.

    Rules:
    - runs when it never ran, or last ran a day or more ago (``force`` skips the check); the
      last run is kept in the ``JobLog`` (a state file next to the knowledge base);
    - touches nothing else: no retention eviction, no oversized sources, no VACUUM — those stay
      an explicit ``capy cleanup``;
    - the run is recorded only after the removal succeeded.
    """

    def __init__(
        self, store: KnowledgeStore, settings: Settings, clock: Clock, job_log: JobLog
    ) -> None:
        self._store = store
        self._policy = policy_from(settings)
        self._clock = clock
        self._job_log = job_log

    def execute(self, force: bool = False) -> PurgeReport:
        now = self._clock.now()
        last = self._job_log.last_run(JOB)
        if not force and last is not None and now - last < INTERVAL and last <= now:
            return PurgeReport(ran=False, last_run=last)
        removed: list[EvictionCandidate] = []
        expiring = self._store.sources([SourceKind.EPHEMERAL, SourceKind.SESSION])
        for kind in (SourceKind.EPHEMERAL, SourceKind.SESSION):
            removed.extend(select_evictions(expiring, self._policy, now, only_expired_kind=kind))
        if removed:
            self._store.delete_sources(c.source.id for c in removed)
        self._job_log.record_run(JOB, now)
        return PurgeReport(ran=True, removed=tuple(removed), last_run=now)
