"""A tool's reply and the errors a tool call can end with."""

from __future__ import annotations

import attrs


@attrs.frozen
class ToolReply:
    """Text for the agent; ``is_error`` marks a failed call (MCP ``isError``)."""

    text: str
    is_error: bool = False


class ToolArgumentError(Exception):
    """A tool was called with arguments capy cannot use; the message says what to send."""
