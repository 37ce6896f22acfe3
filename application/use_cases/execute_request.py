"""What ``ExecuteWithIntent`` takes and gives back (``capy_execute`` / ``capy_execute_file``)."""

from __future__ import annotations

import attrs


@attrs.frozen
class ExecuteRequest:
    """Code to run, optionally over one file, and what the agent is looking for.

    ``timeout_ms`` ``None`` → ``executor.timeout``; any other value is honoured exactly.
    ``intent`` empty → the output comes back as it is (truncated by the sandbox).
    """

    language: str
    code: str
    timeout_ms: int | None = None
    background: bool = False
    file_path: str | None = None
    intent: str = ""


@attrs.frozen
class ExecuteReply:
    """The text for the agent and what it cost.

    ``produced_bytes`` is what the program wrote to stdout and stderr, before any truncation;
    ``indexed_label`` / ``indexed_bytes`` are set when the output was indexed for the intent.
    """

    text: str
    is_error: bool
    produced_bytes: int
    indexed_label: str | None = None
    indexed_bytes: int = 0
