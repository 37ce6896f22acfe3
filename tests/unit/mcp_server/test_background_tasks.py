"""Start-up work runs out of the agent's way and stops when the server does."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from adapters.memory.in_memory_session_files import InMemorySessionFiles
from application.use_cases.sweep_request import SweepStatus
from domain.source_kind import SourceKind
from entrypoints.containers.server import ServerComposition
from entrypoints.mcp_server.background import BackgroundTask, BackgroundTasks, TaskBudget
from tests.support.transcripts import ClaudeTranscript


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_budget_ends_with_its_time_or_the_server() -> None:
    clock, stopping = _Clock(), threading.Event()
    budget = TaskBudget(30, stopping, busy=lambda: False, clock=clock)
    assert not budget.should_stop()
    clock.now = 30
    assert budget.should_stop()
    other = TaskBudget(30, stopping, busy=lambda: False, clock=clock)
    stopping.set()
    assert other.should_stop()


def test_a_budget_waits_while_a_tool_call_runs() -> None:
    busy = threading.Event()
    busy.set()
    budget = TaskBudget(60, threading.Event(), busy=busy.is_set)
    answered = threading.Event()
    asker = threading.Thread(target=lambda: (budget.should_stop(), answered.set()))
    asker.start()
    assert not answered.wait(0.3)  # held while the call runs
    busy.clear()
    assert answered.wait(5)
    asker.join()


def test_tasks_run_in_order_after_the_warm_up_and_a_failure_is_only_a_warning(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ran: list[str] = []
    warm_up = threading.Thread(target=lambda: ran.append("warm-up"))
    tasks = BackgroundTasks(busy=lambda: False)

    def broken(budget: TaskBudget) -> None:
        raise RuntimeError("disk gone")

    tasks.add(BackgroundTask("first", broken, 1))
    tasks.add(BackgroundTask("second", lambda budget: ran.append("second"), 1))
    warm_up.start()
    tasks.start(after=warm_up).join(5)

    assert ran == ["warm-up", "second"]
    assert "background first stopped: disk gone" in capsys.readouterr().err


def test_stop_ends_a_running_task_promptly() -> None:
    tasks = BackgroundTasks(busy=lambda: False)
    started = threading.Event()

    def endless(budget: TaskBudget) -> None:
        started.set()
        while not budget.should_stop():
            threading.Event().wait(0.01)

    tasks.add(BackgroundTask("endless", endless, 3600))
    thread = tasks.start()
    assert started.wait(5)
    assert tasks.stop(timeout=5)
    assert not thread.is_alive()


def _session() -> bytes:
    t = ClaudeTranscript("7c1d2e90-4b3a-4f6e-9a51-2f0c8d3b6a11", "/p")
    t.prompt("Which port does the dev server use?")
    t.say("It listens on 8765, set in devserver.toml; " + "the rest is defaults. " * 10)
    t.prompt("Change it to 9000.")
    t.say("Changed devserver.toml to port 9000.")
    return t.text().encode()


def test_the_server_sweeps_past_sessions_at_start(
    composition: ServerComposition, tmp_path: Path
) -> None:
    files = composition.container.adapters.claude_sessions()
    assert isinstance(files, InMemorySessionFiles)
    now_ns = int(composition.core.clock().now().timestamp() * 1e9)
    files.add(tmp_path, "7c1d2e90-4b3a-4f6e-9a51-2f0c8d3b6a11", _session(), mtime_ns=now_ns)

    composition.start_background(after=composition.start_warm_up()).join(30)

    sessions = composition.container.adapters.knowledge_store().sources([SourceKind.SESSION])
    assert [s.label.rsplit(":", 1)[1] for s in sessions] == ["7c1d2e90-4b3a-4f6e-9a51-2f0c8d3b6a11"]
    report = composition.sweep_sessions(TaskBudget(30, threading.Event(), lambda: False))
    assert report is not None and [r.status for r in report.rows] == [SweepStatus.UNCHANGED]
    composition.shutdown()


def test_a_tool_call_is_served_while_the_sweep_waits_for_it(
    composition: ServerComposition,
) -> None:
    composition.start_warm_up().join(30)
    in_task = threading.Event()
    asked = threading.Event()

    def task(budget: TaskBudget) -> None:
        in_task.set()
        budget.should_stop()
        asked.set()

    release = threading.Event()
    original = composition.tools.router()

    class _Slow:
        def __call__(self, name: str, arguments: dict[str, object]) -> object:
            assert in_task.wait(5)
            release.wait(5)
            return original(name, arguments)

    composition.tools.router.override(_Slow())
    call = threading.Thread(target=lambda: composition.dispatch("capy_stats", {}))
    call.start()
    composition.background.add(BackgroundTask("probe", task, 60))
    composition.background.start()
    assert in_task.wait(5)
    assert not asked.wait(0.3)  # the task waits while the call runs
    release.set()
    call.join(5)
    assert asked.wait(5)
    composition.shutdown()


def test_a_resting_task_wakes_when_woken_or_stopped() -> None:
    stopping, wake = threading.Event(), threading.Event()
    budget = TaskBudget(600, stopping, busy=lambda: False)
    woke = threading.Event()
    sleeper = threading.Thread(target=lambda: (budget.rest(600, wake=wake), woke.set()))
    sleeper.start()
    assert not woke.wait(0.3)
    wake.set()
    assert woke.wait(5)
    sleeper.join()
    assert not wake.is_set()  # taken
    stopped = threading.Thread(target=lambda: budget.rest(600))
    stopped.start()
    stopping.set()
    stopped.join(5)
    assert not stopped.is_alive()
