"""Remove sources that are too big, forgotten or expired — or one by label."""

from __future__ import annotations

from application.ports.clock import Clock
from application.ports.file_upkeep import FileUpkeep
from application.ports.knowledge_store import KnowledgeStore
from application.use_cases.cleanup_report import CleanupMode, CleanupReport, CleanupRequest
from application.use_cases.eviction_policy import policy_from
from domain.errors import InvalidInput
from domain.eviction import EvictionCandidate, EvictionReason, candidate, select_evictions
from domain.settings import Settings
from domain.source_kind import SourceKind

# Compacting rewrites the whole file; only worth it once a fifth of it is free pages.
VACUUM_FREE_RATIO = 0.20
_REASON_ORDER = {reason: i for i, reason in enumerate(EvictionReason)}


class CleanupSources:
    """List (dry run, the default) or remove evictable sources.

    Rules:
    - full cleanup: oversized sources (stored size over ``store.max_source_bytes``), durable
      sources never read whose retention score fell below the cold tier, ephemeral sources
      older than ``store.cleanup.ephemeral_ttl_hours``, session sources older than
      ``store.cleanup.session_ttl_days``; each source listed once, first reason wins;
    - an expired-kind purge looks only at that kind's TTL; a kind purge takes every ephemeral
      (or session) source, expired or not; a label removes exactly that source;
    - a team's shared sources (``Source.shared``) are every member's knowledge: this
      machine's retention, TTLs and size limit never remove them unless ``shared`` is asked,
      and a label naming one is refused without it; the ones a cleanup would have picked are
      counted in ``kept_shared``;
    - removal is one store call; a real cleanup that removed something compacts the store
      (``FileUpkeep``) when over 20 % of its storage is free, or whenever ``vacuum`` is asked.
    """

    def __init__(
        self, store: KnowledgeStore, upkeep: FileUpkeep, settings: Settings, clock: Clock
    ) -> None:
        self._store = store
        self._upkeep = upkeep
        self._policy = policy_from(settings)
        self._clock = clock

    def execute(self, request: CleanupRequest) -> CleanupReport:
        mode = self._mode(request)
        now = self._clock.now()
        candidates: tuple[EvictionCandidate, ...]
        if mode is CleanupMode.MANUAL:
            label = request.label or ""
            source = self._store.source_by_label(label)
            if source is None:
                raise InvalidInput(
                    f'no source is labelled "{label}"',
                    "labels match exactly (case included); a dry-run `capy cleanup` lists "
                    "evictable ones",
                )
            if source.shared and not request.shared:
                raise InvalidInput(
                    f'"{source.label}" is the team\'s shared source: removing it removes it '
                    "for every member of the team project",
                    "add --team (capy cleanup --source LABEL --team --force) to remove it "
                    "from the team store",
                )
            candidates = (candidate(source, EvictionReason.MANUAL, now),)
        elif mode in (CleanupMode.ALL_EPHEMERAL, CleanupMode.ALL_SESSION):
            kind = SourceKind.EPHEMERAL if mode is CleanupMode.ALL_EPHEMERAL else SourceKind.SESSION
            candidates = tuple(
                candidate(source, EvictionReason.PURGE, now)
                for source in sorted(self._store.sources([kind]), key=lambda s: s.indexed_at)
            )
        else:
            candidates = select_evictions(
                self._store.sources(), self._policy, now, only_expired_kind=request.expired_kind
            )
            candidates = tuple(
                sorted(candidates, key=lambda c: (_REASON_ORDER[c.reason], c.source.indexed_at))
            )
        kept_shared = 0
        if not request.shared:
            kept_shared = sum(1 for c in candidates if c.source.shared)
            candidates = tuple(c for c in candidates if not c.source.shared)
        if request.dry_run:
            return CleanupReport(
                mode=mode, dry_run=True, candidates=candidates, kept_shared=kept_shared
            )
        removed = self._store.delete_sources(c.source.id for c in candidates) if candidates else 0
        vacuumed = False
        if request.vacuum or (removed and self._upkeep.free_share() > VACUUM_FREE_RATIO):
            self._upkeep.compact()
            vacuumed = True
        return CleanupReport(
            mode=mode,
            dry_run=False,
            candidates=candidates,
            removed=removed,
            vacuumed=vacuumed,
            kept_shared=kept_shared,
        )

    @staticmethod
    def _mode(request: CleanupRequest) -> CleanupMode:
        chosen = [request.label, request.expired_kind, request.purge_kind]
        if sum(choice is not None for choice in chosen) > 1:
            raise InvalidInput(
                "a source label, an expired-kind purge and a whole-kind purge cannot be combined",
                "either name one source, or purge one kind",
            )
        if request.purge_kind is SourceKind.EPHEMERAL:
            return CleanupMode.ALL_EPHEMERAL
        if request.purge_kind is SourceKind.SESSION:
            return CleanupMode.ALL_SESSION
        if request.purge_kind is not None:
            raise InvalidInput(
                "durable sources are not purged as a kind",
                "remove one durable source by its label, or run a cleanup",
            )
        if request.label is not None:
            if not request.label.strip():
                raise InvalidInput("the source label is empty", "give the exact label to remove")
            return CleanupMode.MANUAL
        if request.expired_kind is SourceKind.EPHEMERAL:
            return CleanupMode.EPHEMERAL_PURGE
        if request.expired_kind is SourceKind.SESSION:
            return CleanupMode.SESSION_PURGE
        if request.expired_kind is not None:
            raise InvalidInput(
                "durable sources do not expire",
                "purge ephemeral or session sources, or remove one source by its label",
            )
        return CleanupMode.FULL
