"""What ``BatchExecute`` takes and gives back (``capy_batch_execute``)."""

from __future__ import annotations

import enum

import attrs

from domain.search.results import SearchResult

DEFAULT_BUDGET_MS = 60_000


@attrs.frozen
class BatchCommand:
    label: str
    command: str


@attrs.frozen
class BatchRequest:
    """Shell commands run in order within one time budget, then ``queries`` answered from their
    combined output."""

    commands: tuple[BatchCommand, ...]
    queries: tuple[str, ...]
    timeout_ms: int = DEFAULT_BUDGET_MS


class CommandStatus(enum.Enum):
    RAN = "ran"
    TIMED_OUT = "timed out"
    SKIPPED = "skipped"  # the batch's time budget was used up before it could start
    FAILED = "failed"  # could not be started (e.g. no shell found)


@attrs.frozen
class CommandRun:
    label: str
    status: CommandStatus
    produced_bytes: int = 0  # what the command wrote, before truncation
    exit_code: int | None = 0
    cut_bytes: int = 0  # left out of the index: the middle of output over the command's share


@attrs.frozen
class IndexedSection:
    title: str
    size_bytes: int


@attrs.frozen
class QueryAnswer:
    """Results for one query. ``whole_base``: none were in the batch's output, these come from
    the rest of the knowledge base. ``capped``: the reply was already full, nothing searched."""

    query: str
    results: tuple[SearchResult, ...] = ()
    whole_base: bool = False
    capped: bool = False


@attrs.frozen
class BatchReply:
    label: str
    runs: tuple[CommandRun, ...]
    output_bytes: int
    output_lines: int
    sections: tuple[IndexedSection, ...]
    answers: tuple[QueryAnswer, ...]
    terms: tuple[str, ...]

    @property
    def produced_bytes(self) -> int:
        return sum(run.produced_bytes for run in self.runs)
