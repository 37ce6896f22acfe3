"""What the sandbox is asked to run and what came back."""

from __future__ import annotations

import attrs

from domain.execution.language import Language


@attrs.frozen
class SandboxRequest:
    """A complete program (already wrapped) for the sandbox.

    ``timeout_ms`` of ``None`` means the configured default (``executor.timeout``); any other
    value is honoured exactly. With ``background``, a program still running at the timeout is
    left running and its partial output returned.
    """

    language: Language
    source: str
    timeout_ms: int | None = None
    background: bool = False


@attrs.frozen
class StreamOutput:
    """One output stream after truncation, with the real byte counts."""

    text: str = ""
    total_bytes: int = 0  # bytes the program wrote
    kept_bytes: int = 0  # bytes of ``text`` kept from it (the cut marker not counted)

    @property
    def truncated(self) -> bool:
        return self.kept_bytes < self.total_bytes


@attrs.frozen
class RunOutcome:
    """What happened to one run.

    ``exit_code`` is ``None`` when the program did not exit normally (killed, still running).
    """

    stdout: StreamOutput = StreamOutput()
    stderr: StreamOutput = StreamOutput()
    exit_code: int | None = 0
    timed_out: bool = False
    killed_by_cap: bool = False
    backgrounded: bool = False
    pid: int | None = None
    duration_ms: int = 0
    timeout_ms: int = 0
