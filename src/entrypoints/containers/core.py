"""Core container: runtime options, settings, paths, keys and the clock."""

from __future__ import annotations

from dependency_injector import containers, providers

from adapters.system_clock import SystemClock


class Core(containers.DeclarativeContainer):
    """What every entrypoint needs before it touches an adapter."""

    clock = providers.Singleton(SystemClock)
