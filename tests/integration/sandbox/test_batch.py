"""RunBatch against the real sandbox."""

from __future__ import annotations

from adapters.memory.in_memory_policy_source import InMemoryPolicySource
from adapters.sandbox.subprocess_sandbox import SubprocessSandbox
from adapters.system_clock import SystemClock
from application.use_cases.run_batch import RunBatch
from application.use_cases.run_batch_request import BatchCommand, BatchStatus, RunBatchRequest


def test_batch_merges_streams_and_tolerates_trailing_comments(sandbox: SubprocessSandbox) -> None:
    use_case = RunBatch(sandbox=sandbox, policy_source=InMemoryPolicySource(), clock=SystemClock())
    result = use_case.execute(
        RunBatchRequest(
            (
                BatchCommand("both", "echo out; echo err >&2  # a comment"),
                BatchCommand("heredoc", "cat <<EOF\nhello\nEOF"),
                BatchCommand("slow", "sleep 30"),
                BatchCommand("never", "echo never"),
            ),
            timeout_ms=1500,
        )
    )
    both, heredoc, slow, never = result.items
    assert both.output == "out\nerr\n"
    assert heredoc.output == "hello\n"
    assert slow.status is BatchStatus.TIMED_OUT
    assert never.status is BatchStatus.SKIPPED
