"""Loading only the part of the MCP SDK that ``capy serve`` uses.

``mcp/__init__.py`` and ``mcp/server/__init__.py`` import the SDK's client, its high-level
``MCPServer`` and their dependencies — about 11 MB resident and 0.1–0.2 s of start-up that a
stdio server built on the low-level ``Server`` never uses (ADR 0022). For the server's own
process, those two packages are registered as bare package modules (their ``__path__`` only),
so ``mcp.server.lowlevel`` and ``mcp.server.stdio`` load without them. Nothing in the SDK
imports a name from either package ``__init__``; should a future SDK fail to load this way,
the partial modules are dropped and the SDK is imported normally.

The low-level ``Server`` module also imports the SDK's HTTP transport at its top — Starlette,
the streamable-HTTP session manager, OAuth routes and middleware — for its
``streamable_http_app()`` alone, which a stdio server never calls: about 7 MB resident for
the server's whole life (ADR 0101). While it loads, those modules are stand-ins whose every
name is ``HttpTransportNotLoaded``; they are taken out of ``sys.modules`` right after, so
anything that imports them later gets the real ones.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from typing import Any, NoReturn

_BARE_PACKAGES = ("mcp", "mcp.server")
_SERVER_MODULES = ("mcp.server.lowlevel", "mcp.server.stdio")
# What ``mcp.server.lowlevel.server`` imports for its HTTP app only (packages before modules).
_HTTP_ONLY = (
    "starlette",
    "starlette.applications",
    "starlette.middleware",
    "starlette.middleware.authentication",
    "starlette.routing",
    "mcp.server.auth",
    "mcp.server.auth.middleware",
    "mcp.server.auth.middleware.auth_context",
    "mcp.server.auth.middleware.bearer_auth",
    "mcp.server.auth.provider",
    "mcp.server.auth.routes",
    "mcp.server.auth.settings",
    "mcp.server.streamable_http",
    "mcp.server.streamable_http_manager",
    "mcp.server.transport_security",
)


class HttpTransportNotLoaded:
    """Every name of the SDK's HTTP transport in ``capy serve``: using one says why it fails."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        _not_loaded()

    def __class_getitem__(cls, item: Any) -> type[HttpTransportNotLoaded]:
        return cls


def _not_loaded() -> NoReturn:
    raise RuntimeError(
        "capy serve speaks MCP over stdio and did not load the SDK's HTTP transport "
        "(see entrypoints/mcp_server/sdk.py)"
    )


class _StandIn(types.ModuleType):
    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return HttpTransportNotLoaded


def load_server_sdk() -> None:
    """Import the low-level server and the stdio transport (call before anything imports mcp)."""
    if "mcp" in sys.modules:
        return
    try:
        for name in _BARE_PACKAGES:
            spec = importlib.util.find_spec(name)
            if spec is None or spec.submodule_search_locations is None:
                raise ImportError(f"{name} is not a package")
            sys.modules[name] = importlib.util.module_from_spec(spec)  # not executed
        _import_without_http(_SERVER_MODULES)
    except Exception:
        for name in [m for m in sys.modules if m == "mcp" or m.startswith("mcp.")]:
            del sys.modules[name]
        for name in _SERVER_MODULES:
            importlib.import_module(name)


def _import_without_http(names: tuple[str, ...]) -> None:
    """Import ``names`` with the HTTP-only modules stood in for (unless already loaded)."""
    standing = [name for name in _HTTP_ONLY if name not in sys.modules]
    for name in standing:
        module = _StandIn(name)
        module.__path__ = []  # a package, so its stood-in submodules can be imported too
        sys.modules[name] = module
    try:
        for name in names:
            importlib.import_module(name)
    finally:
        for name in standing:
            if isinstance(sys.modules.get(name), _StandIn):
                del sys.modules[name]
