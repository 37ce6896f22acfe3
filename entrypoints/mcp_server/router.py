"""Routes a tool call to its handler and turns every failure into an ``isError`` reply."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Any

from domain.errors import CapyError
from domain.server.usage import UsageLedger
from entrypoints.mcp_server.replies import ToolArgumentError, ToolReply

Handler = Callable[[Mapping[str, Any]], ToolReply]


class ToolRouter:
    """Calls the handler of a tool; records the bytes each reply puts into the context."""

    def __init__(self, handlers: Mapping[str, Handler], ledger: UsageLedger) -> None:
        self._handlers = dict(handlers)
        self._ledger = ledger

    def __call__(self, name: str, arguments: Mapping[str, Any]) -> ToolReply:
        handler = self._handlers.get(name)
        if handler is None:
            reply = ToolReply(f"{name} is not available in this build of capy.", is_error=True)
        else:
            reply = self._safely(handler, arguments)
        self._ledger.record_reply(name, len(reply.text.encode()))
        return reply

    @staticmethod
    def _safely(handler: Handler, arguments: Mapping[str, Any]) -> ToolReply:
        try:
            return handler(arguments)
        except ToolArgumentError as error:
            return ToolReply(f"Invalid arguments: {error}", is_error=True)
        except CapyError as error:
            hint = f"\n\nWhat to do: {error.hint}" if error.hint else ""
            return ToolReply(f"{error.message}{hint}", is_error=True)
        except Exception as error:
            print(f"capy: tool failed: {error!r}", file=sys.stderr)
            return ToolReply(
                f"capy hit an internal error ({type(error).__name__}: {error}). It is still "
                "running; retry, or run capy_doctor and report the problem if it persists.",
                is_error=True,
            )
