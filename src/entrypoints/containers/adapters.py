"""Production adapters. Provider names match ``MemoryAdapters`` one for one."""

from __future__ import annotations

from dependency_injector import containers, providers

from adapters.json_file_job_log import JsonFileJobLog


class Adapters(containers.DeclarativeContainer):
    """Real I/O: SQLCipher files, subprocesses, HTTP, settings files."""

    core = providers.DependenciesContainer()
    job_log = providers.Singleton(JsonFileJobLog.next_to, core.project.provided.db_path)
