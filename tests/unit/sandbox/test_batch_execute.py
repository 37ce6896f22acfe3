"""BatchExecute through the real container: in-memory sandbox, a clock the test moves."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from adapters.memory.fixed_clock import FixedClock
from adapters.memory.in_memory_policy_source import InMemoryPolicySource
from adapters.memory.in_memory_sandbox import InMemorySandbox
from application.use_cases.batch_execute import BatchExecute
from application.use_cases.batch_request import BatchCommand, BatchRequest, CommandStatus
from domain.errors import InvalidInput, PolicyDenied
from domain.execution.run import RunOutcome, SandboxRequest
from domain.permissions.rules import policy_from_lists
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions


class SlowSandbox(InMemorySandbox):
    """Each run takes ``cost`` of the clock's time."""

    def __init__(self, clock: FixedClock, cost: timedelta) -> None:
        super().__init__()
        self.clock = clock
        self.cost = cost

    def run(self, request: SandboxRequest) -> RunOutcome:
        self.clock.advance(self.cost)
        return super().run(request)


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock()


@pytest.fixture
def container(tmp_path: Path, clock: FixedClock) -> Iterator[CliContainer]:
    container = CliContainer(options=RuntimeOptions(project_dir=tmp_path, cwd=tmp_path))
    container.adapters.override(MemoryAdapters(core=container.core))
    container.core.clock.override(clock)
    yield container


def _use_case(container: CliContainer, sandbox: InMemorySandbox | None = None) -> BatchExecute:
    if sandbox is not None:
        container.adapters.sandbox.override(sandbox)
    use_case = container.use_cases.batch_execute()
    assert isinstance(use_case, BatchExecute)
    return use_case


def _batch(*commands: str, timeout_ms: int = 60_000) -> BatchRequest:
    return BatchRequest(
        tuple(BatchCommand(f"c{i}", c) for i, c in enumerate(commands)), ("output",), timeout_ms
    )


def test_every_command_is_checked_before_any_runs_and_the_refusal_names_it(
    container: CliContainer,
) -> None:
    sandbox = InMemorySandbox()
    use_case = _use_case(container, sandbox)
    policy = container.adapters.policy_source()
    assert isinstance(policy, InMemoryPolicySource)
    policy.policy = policy_from_lists(deny=("Bash(sudo *)",))
    with pytest.raises(PolicyDenied, match=r"^\[c1\] "):
        use_case.execute(_batch("ls", "echo $(sudo id)"))
    assert sandbox.requests == []


def test_the_budget_is_shared_in_milliseconds(container: CliContainer, clock: FixedClock) -> None:
    sandbox = SlowSandbox(clock, timedelta(milliseconds=400))
    sandbox.script(InMemorySandbox.output("a\n"), InMemorySandbox.output("b\n"))
    reply = _use_case(container, sandbox).execute(
        _batch("echo a", "echo b", "echo c", timeout_ms=700)
    )
    assert [r.timeout_ms for r in sandbox.requests] == [700, 300]
    assert [r.status for r in reply.runs] == [
        CommandStatus.RAN,
        CommandStatus.RAN,
        CommandStatus.SKIPPED,
    ]
    assert "{\necho a\n} 2>&1" in sandbox.requests[0].source


def test_after_a_timeout_the_rest_is_skipped(container: CliContainer) -> None:
    sandbox = InMemorySandbox()
    sandbox.script(RunOutcome(exit_code=None, timed_out=True, timeout_ms=1000))
    reply = _use_case(container, sandbox).execute(_batch("sleep 100", "echo b"))
    assert [r.status for r in reply.runs] == [CommandStatus.TIMED_OUT, CommandStatus.SKIPPED]
    assert len(sandbox.requests) == 1


def test_an_empty_batch_or_no_queries_is_refused(container: CliContainer) -> None:
    use_case = _use_case(container)
    with pytest.raises(InvalidInput):
        use_case.execute(BatchRequest((), ("x",)))
    with pytest.raises(InvalidInput):
        use_case.execute(BatchRequest((BatchCommand("a", "ls"),), ()))


def test_each_query_is_answered_from_the_command_it_is_about(container: CliContainer) -> None:
    passed = "\n".join(f"tests/test_cart.py::test_case_{i} PASSED" for i in range(60))
    access = "\n".join(
        f'10.0.0.1 - - [03/Dec/2026:09:43:{i % 60:02d} +0000] "GET /api/orders HTTP/1.1" 200 640'
        for i in range(80)
    )
    access += '\n10.0.0.1 - - [03/Dec/2026:09:44:01 +0000] "GET /api/export HTTP/1.1" 500 27'
    sandbox = InMemorySandbox()
    sandbox.script(InMemorySandbox.output(passed), InMemorySandbox.output(access))
    request = BatchRequest(
        (
            BatchCommand("tests", "pytest -v tests/test_cart.py"),
            BatchCommand("web", "tail -n 100 /var/log/nginx/access.log"),
        ),
        ("which endpoint returns server errors", "nginx requests"),
    )
    reply = _use_case(container, sandbox).execute(request)
    errors, nginx = reply.answers
    assert errors.results and errors.results[0].title.startswith("web > ")
    assert "/api/export" in errors.results[0].snippet
    # "nginx" is in no output, only in the command that produced one.
    assert nginx.results and all(r.title.startswith("web") for r in nginx.results)
    assert any(s.title.startswith("tests > ") or s.title == "tests" for s in reply.sections)
