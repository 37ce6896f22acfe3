"""RunBatch with the in-memory sandbox and a clock the test moves."""

from __future__ import annotations

from datetime import timedelta

import pytest

from adapters.memory.fixed_clock import FixedClock
from adapters.memory.in_memory_policy_source import InMemoryPolicySource
from adapters.memory.in_memory_sandbox import InMemorySandbox
from application.use_cases.run_batch import RunBatch
from application.use_cases.run_batch_request import BatchCommand, BatchStatus, RunBatchRequest
from domain.errors import InvalidInput, PolicyDenied
from domain.execution.run import RunOutcome, SandboxRequest
from domain.permissions.rules import policy_from_lists


class SlowSandbox(InMemorySandbox):
    """Each run takes ``cost`` of the clock's time."""

    def __init__(self, clock: FixedClock, cost: timedelta) -> None:
        super().__init__()
        self.clock = clock
        self.cost = cost

    def run(self, request: SandboxRequest) -> RunOutcome:
        self.clock.advance(self.cost)
        return super().run(request)


def _batch(*commands: str, timeout_ms: int | None = None) -> RunBatchRequest:
    return RunBatchRequest(
        tuple(BatchCommand(f"c{i}", c) for i, c in enumerate(commands)), timeout_ms
    )


def test_every_command_is_checked_before_any_runs() -> None:
    clock = FixedClock()
    sandbox = InMemorySandbox()
    policy = InMemoryPolicySource(policy_from_lists(deny=("Bash(sudo *)",)))
    use_case = RunBatch(sandbox=sandbox, policy_source=policy, clock=clock)
    with pytest.raises(PolicyDenied, match=r"\[c1\]"):
        use_case.execute(_batch("ls", "echo $(sudo id)"))
    assert sandbox.requests == []


def test_budget_is_shared_in_milliseconds() -> None:
    clock = FixedClock()
    sandbox = SlowSandbox(clock, timedelta(milliseconds=400))
    use_case = RunBatch(sandbox=sandbox, policy_source=InMemoryPolicySource(), clock=clock)
    sandbox.script(InMemorySandbox.output("a\n"), InMemorySandbox.output("b\n"))
    result = use_case.execute(_batch("echo a", "echo b", "echo c", timeout_ms=700))
    assert [r.timeout_ms for r in sandbox.requests] == [700, 300]
    assert [i.status for i in result.items] == [
        BatchStatus.RAN,
        BatchStatus.RAN,
        BatchStatus.SKIPPED,
    ]
    assert "# c0\n\na\n" in result.text and "skipped" in result.text
    assert sandbox.requests[0].source == "{\necho a\n} 2>&1"


def test_after_a_timeout_the_rest_is_skipped() -> None:
    clock = FixedClock()
    sandbox = InMemorySandbox()
    sandbox.script(RunOutcome(exit_code=None, timed_out=True))
    use_case = RunBatch(sandbox=sandbox, policy_source=InMemoryPolicySource(), clock=clock)
    result = use_case.execute(_batch("sleep 100", "echo b"))
    assert [i.status for i in result.items] == [BatchStatus.TIMED_OUT, BatchStatus.SKIPPED]


def test_empty_batch_is_refused() -> None:
    use_case = RunBatch(
        sandbox=InMemorySandbox(), policy_source=InMemoryPolicySource(), clock=FixedClock()
    )
    with pytest.raises(InvalidInput):
        use_case.execute(_batch("  "))
