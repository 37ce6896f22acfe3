"""Core container: runtime options, settings, paths, keys and the clock."""

from __future__ import annotations

from dependency_injector import containers, providers

from adapters.system_clock import SystemClock
from entrypoints.containers.runtime import RuntimeOptions


class Core(containers.DeclarativeContainer):
    """What every entrypoint needs before it touches an adapter."""

    options = providers.Dependency(instance_of=RuntimeOptions)
    clock = providers.Singleton(SystemClock)
    # project root, settings, database path and key providers: see the configuration work.
