"""Loading only the part of the MCP SDK that ``capy serve`` uses.

``mcp/__init__.py`` and ``mcp/server/__init__.py`` import the SDK's client, its high-level
``MCPServer`` and their dependencies — about 11 MB resident and 0.1–0.2 s of start-up that a
stdio server built on the low-level ``Server`` never uses (ADR 0022). For the server's own
process, those two packages are registered as bare package modules (their ``__path__`` only),
so ``mcp.server.lowlevel`` and ``mcp.server.stdio`` load without them. Nothing in the SDK
imports a name from either package ``__init__``; should a future SDK fail to load this way,
the partial modules are dropped and the SDK is imported normally.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys

_BARE_PACKAGES = ("mcp", "mcp.server")
_SERVER_MODULES = ("mcp.server.lowlevel", "mcp.server.stdio")


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
        for name in _SERVER_MODULES:
            importlib.import_module(name)
    except Exception:
        for name in [m for m in sys.modules if m == "mcp" or m.startswith("mcp.")]:
            del sys.modules[name]
        for name in _SERVER_MODULES:
            importlib.import_module(name)
