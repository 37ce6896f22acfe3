"""The MCP server's composition: tool handlers over the use cases, plus start-up and shutdown."""

from __future__ import annotations

import sys
from typing import Any

from dependency_injector import containers, providers

from domain.server.search_throttle import SearchThrottle
from domain.server.usage import UsageLedger
from entrypoints.containers.applications import ServerContainer
from entrypoints.containers.runtime import RuntimeOptions
from entrypoints.mcp_server.router import ToolRouter
from entrypoints.mcp_server.tool_specs import tool_specs
from entrypoints.mcp_server.tools.stats import StatsTool


def _now(clock: Any) -> Any:
    return clock.now()


class McpTools(containers.DeclarativeContainer):
    """One handler per MCP tool, built from use cases; the router and the tool list."""

    core = providers.DependenciesContainer()
    adapters = providers.DependenciesContainer()
    use_cases = providers.DependenciesContainer()

    ledger = providers.Singleton(UsageLedger, started_at=providers.Callable(_now, core.clock))
    throttle = providers.Singleton(SearchThrottle)
    runtimes = providers.Object(())

    stats = providers.Singleton(
        StatsTool, ledger=ledger, store=adapters.knowledge_store.provider, clock=core.clock
    )
    handlers = providers.Dict(capy_stats=stats)
    router = providers.Singleton(ToolRouter, handlers=handlers, ledger=ledger)
    specs = providers.Callable(tool_specs, runtimes=runtimes)


class ServerComposition:
    """The server container plus what ``capy serve`` does around it."""

    def __init__(self, options: RuntimeOptions) -> None:
        self.container = ServerContainer(options=options)
        self.core = self.container.core
        self.tools = McpTools(
            core=self.container.core,
            adapters=self.container.adapters,
            use_cases=self.container.use_cases,
        )

    def warm_up(self) -> None:
        """Open the store and purge expired sources in the background; never raises."""
        try:
            self.container.adapters.knowledge_store()
            purge = getattr(self.container.use_cases, "purge_expired", None)
            if purge is not None:
                purge().execute()
        except Exception as error:
            print(f"capy: warning: {error}", file=sys.stderr, flush=True)

    def shutdown(self) -> None:
        """Kill background processes, close the store with a checkpoint; never raises."""
        for name in ("sandbox", "knowledge_store"):
            provider = getattr(self.container.adapters, name, None)
            if provider is None:
                continue
            try:
                instance = provider()
                stop = getattr(instance, "shutdown", None) or getattr(instance, "close", None)
                if stop is not None:
                    stop()
            except Exception as error:
                print(f"capy: warning during shutdown: {error}", file=sys.stderr, flush=True)


def build_server_container(options: RuntimeOptions) -> ServerComposition:
    return ServerComposition(options)
