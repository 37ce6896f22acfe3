"""capy's typed settings with their defaults.

Loaded and validated by the configuration adapter from three TOML files (global, project
``.capy/config.toml``, project ``.capy.toml``; later wins, an explicit value always wins).
"""

from __future__ import annotations

import attrs


@attrs.frozen
class CleanupSettings:
    ephemeral_ttl_hours: int = 24
    session_ttl_days: int = 60


@attrs.frozen
class CacheSettings:
    fetch_ttl_hours: int = 24


@attrs.frozen
class StoreSettings:
    path: str = ""
    title_weight: float = 2.0
    max_source_bytes: int = 2 * 1024 * 1024
    cleanup: CleanupSettings = CleanupSettings()
    cache: CacheSettings = CacheSettings()


@attrs.frozen
class ExecutorSettings:
    timeout: float = 30.0  # seconds
    max_output_bytes: int = 102_400
    env_passthrough: tuple[str, ...] = ()  # global config only


@attrs.frozen
class FetchSettings:
    allow_private_hosts: tuple[str, ...] = ()  # global config only


@attrs.frozen
class Settings:
    store: StoreSettings = StoreSettings()
    executor: ExecutorSettings = ExecutorSettings()
    fetch: FetchSettings = FetchSettings()
