"""The eviction policy that the configured settings describe."""

from __future__ import annotations

from datetime import timedelta

from domain.eviction import EvictionPolicy
from domain.settings import Settings

DEFAULT_EPHEMERAL_TTL = timedelta(hours=24)
DEFAULT_SESSION_TTL = timedelta(days=60)


def policy_from(settings: Settings) -> EvictionPolicy:
    """Non-positive TTLs (which configuration validation should already refuse) mean default."""
    cleanup = settings.store.cleanup
    return EvictionPolicy(
        max_source_bytes=settings.store.max_source_bytes,
        ephemeral_ttl=(
            timedelta(hours=cleanup.ephemeral_ttl_hours)
            if cleanup.ephemeral_ttl_hours > 0
            else DEFAULT_EPHEMERAL_TTL
        ),
        session_ttl=(
            timedelta(days=cleanup.session_ttl_days)
            if cleanup.session_ttl_days > 0
            else DEFAULT_SESSION_TTL
        ),
    )
