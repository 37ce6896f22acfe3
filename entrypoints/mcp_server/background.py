"""Work the server does on its own at start-up, out of the way of the agent's tool calls.

Each task runs once, one after the other, on one background thread started when the store has
finished opening. A task gets a ``TaskBudget`` and asks it, between small steps, whether to
stop: the budget says yes when the task's time is up or the server is shutting down, and while
a tool call is running it waits first — background work never competes with the agent. At
shutdown ``stop`` asks every task to stop and waits briefly for the thread; a task never
raises into the server (its error becomes one warning line).
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Callable

import attrs

# How often a waiting task looks again whether the tool calls are done.
POLL_SECONDS = 0.05
# Background threads run at a lower CPU priority than the tool calls (Linux: per thread).
NICENESS = 10


class TaskBudget:
    """What a background task asks between steps: ``should_stop()``."""

    def __init__(
        self,
        seconds: float,
        stopping: threading.Event,
        busy: Callable[[], bool],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._deadline = clock() + seconds
        self._stopping = stopping
        self._busy = busy
        self._clock = clock

    def should_stop(self) -> bool:
        """True once time is up or the server is stopping; waits while a tool call runs."""
        while self._busy() and not self.expired():
            self._stopping.wait(POLL_SECONDS)
        return self.expired()

    def rest(self, seconds: float, wake: threading.Event | None = None) -> None:
        """Wait ``seconds``, less when the server is stopping or ``wake`` is set (then
        cleared): a task with nothing to do until something happens."""
        deadline = self._clock() + seconds
        while not self._stopping.is_set() and self._clock() < deadline:
            if wake is not None and wake.wait(POLL_SECONDS * 10):
                wake.clear()
                return
            if wake is None:
                self._stopping.wait(min(seconds, POLL_SECONDS * 10))

    def expired(self) -> bool:
        return self._stopping.is_set() or self._clock() >= self._deadline


@attrs.frozen
class BackgroundTask:
    """``run(budget)`` gets ``seconds`` of the server's spare time, once, at start-up."""

    name: str
    run: Callable[[TaskBudget], object]
    seconds: float


def _lower_priority() -> None:
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICENESS)


class BackgroundTasks:
    """The server's start-up tasks: add them, ``start`` once, ``stop`` at shutdown."""

    def __init__(self, busy: Callable[[], bool]) -> None:
        self._tasks: list[BackgroundTask] = []
        self._busy = busy
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def add(self, task: BackgroundTask) -> None:
        self._tasks.append(task)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(task.name for task in self._tasks)

    def start(self, after: threading.Thread | None = None) -> threading.Thread:
        """Run the tasks on a daemon thread, once ``after`` (the store's warm-up) is done."""

        def run_all() -> None:
            if after is not None:
                after.join()
            _lower_priority()
            for task in self._tasks:
                if self._stopping.is_set():
                    return
                budget = TaskBudget(task.seconds, self._stopping, self._busy)
                try:
                    task.run(budget)
                except Exception as error:
                    _warn(f"background {task.name} stopped: {error}")

        self._thread = threading.Thread(target=run_all, name="capy-background", daemon=True)
        self._thread.start()
        return self._thread

    def stop(self, timeout: float = 5.0) -> bool:
        """Ask every task to stop and wait up to ``timeout`` seconds; True when they did."""
        self._stopping.set()
        thread = self._thread
        if thread is None or thread is threading.current_thread():
            return True
        thread.join(timeout)
        return not thread.is_alive()


def _warn(message: str) -> None:
    try:
        print(f"capy: warning: {message}", file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass
