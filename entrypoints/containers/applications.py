"""One application container per entrypoint, each pulling in only what it needs."""

from __future__ import annotations

from entrypoints.containers.adapters import Adapters
from entrypoints.containers.core import Core
from entrypoints.containers.framework import containers, providers
from entrypoints.containers.runtime import RuntimeOptions
from entrypoints.containers.use_cases import UseCases


class CliContainer(containers.DeclarativeContainer):
    """The ``capy`` commands other than ``serve`` and ``hook``."""

    options = providers.Dependency(instance_of=RuntimeOptions)
    core = providers.Container(Core, options=options)
    adapters = providers.Container(Adapters, core=core)
    use_cases = providers.Container(UseCases, core=core, adapters=adapters)


class ServerContainer(containers.DeclarativeContainer):
    """The MCP server (``capy serve``)."""

    options = providers.Dependency(instance_of=RuntimeOptions)
    core = providers.Container(Core, options=options)
    adapters = providers.Container(Adapters, core=core)
    use_cases = providers.Container(UseCases, core=core, adapters=adapters)
