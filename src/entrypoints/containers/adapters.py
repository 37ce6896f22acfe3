"""Production adapters. Provider names match ``MemoryAdapters`` one for one."""

from __future__ import annotations

from dependency_injector import containers, providers


class Adapters(containers.DeclarativeContainer):
    """Real I/O: SQLCipher files, subprocesses, HTTP, settings files."""

    core = providers.DependenciesContainer()
