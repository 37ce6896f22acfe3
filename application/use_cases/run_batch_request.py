"""A batch of labelled shell commands run one after another under one time budget."""

from __future__ import annotations

import enum

import attrs

from domain.execution.run import RunOutcome

DEFAULT_BATCH_TIMEOUT_MS = 60_000


@attrs.frozen
class BatchCommand:
    label: str
    command: str


@attrs.frozen
class RunBatchRequest:
    commands: tuple[BatchCommand, ...]
    timeout_ms: int | None = None  # whole-batch budget; None → 60 s


class BatchStatus(enum.Enum):
    RAN = "ran"
    TIMED_OUT = "timed_out"
    SKIPPED = "skipped"  # the budget ran out before it started


@attrs.frozen
class BatchItem:
    label: str
    command: str
    status: BatchStatus
    output: str = ""  # stdout and stderr interleaved as the command wrote them
    outcome: RunOutcome | None = None

    @property
    def section(self) -> str:
        if self.status is BatchStatus.SKIPPED:
            return f"# {self.label}\n\n(skipped — the batch's time budget was used up)\n"
        body = self.output if self.output.strip() else "(no output)"
        if self.status is BatchStatus.TIMED_OUT:
            body += "\n(timed out — output above is partial)"
        elif self.outcome is not None and self.outcome.exit_code not in (0, None):
            body += f"\n(exit code {self.outcome.exit_code})"
        return f"# {self.label}\n\n{body}\n"


@attrs.frozen
class RunBatchResult:
    items: tuple[BatchItem, ...]

    @property
    def text(self) -> str:
        return "\n".join(item.section for item in self.items)

    @property
    def total_bytes(self) -> int:
        """Real bytes the commands wrote (before truncation)."""
        return sum(
            i.outcome.stdout.total_bytes + i.outcome.stderr.total_bytes
            for i in self.items
            if i.outcome is not None
        )
