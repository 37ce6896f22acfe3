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

    ``keep_bytes`` asks for more of each stream than a reply holds (output that is indexed, not
    shown): the outcome's ``kept`` then has each stream truncated to that many bytes, while
    ``stdout``/``stderr`` stay at ``executor.max_output_bytes``. Memory stays bounded by it.
    """

    language: Language
    source: str
    timeout_ms: int | None = None
    background: bool = False
    keep_bytes: int | None = None


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
class KeptOutput:
    """Both streams truncated to a request's ``keep_bytes`` (for indexing, not for replies)."""

    stdout: StreamOutput = StreamOutput()
    stderr: StreamOutput = StreamOutput()

    @property
    def cut_bytes(self) -> int:
        """Bytes the program wrote that are not in the kept text (cut from the middle)."""
        return (
            self.stdout.total_bytes
            - self.stdout.kept_bytes
            + (self.stderr.total_bytes - self.stderr.kept_bytes)
        )


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
    kept: KeptOutput | None = None  # set when the request gave ``keep_bytes``
