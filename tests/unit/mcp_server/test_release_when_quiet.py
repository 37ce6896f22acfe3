"""Freed memory goes back once the calls have stopped, never while one runs."""

from __future__ import annotations

import threading
from collections.abc import Callable

from entrypoints.mcp_server.memory import ReleaseWhenQuiet

QUIET_S = 0.01
WAIT_S = 30.0  # how long a test waits for the thread at most; nothing is timed


def _counting(
    done: threading.Event, fail_first: bool = False
) -> tuple[list[int], Callable[[], None]]:
    releases: list[int] = []

    def release() -> None:
        releases.append(1)
        done.set()
        if fail_first and len(releases) == 1:
            raise OSError("no heap to trim")

    return releases, release


def test_one_release_after_the_calls_stop() -> None:
    done = threading.Event()
    releases, release = _counting(done)
    keeper = ReleaseWhenQuiet(release, busy=lambda: False, quiet_s=QUIET_S)
    keeper.start()
    for _ in range(5):
        keeper.call_ended()
    assert done.wait(WAIT_S)
    keeper.stop()
    assert releases == [1]


def test_nothing_is_released_while_a_call_runs() -> None:
    asked = threading.Event()

    def busy() -> bool:
        asked.set()
        return True

    done = threading.Event()
    releases, release = _counting(done)
    keeper = ReleaseWhenQuiet(release, busy=busy, quiet_s=QUIET_S)
    keeper.start()
    keeper.call_ended()
    assert asked.wait(WAIT_S)
    keeper.stop()
    assert releases == []


def test_a_failed_release_leaves_the_next_one_to_run() -> None:
    done = threading.Event()
    releases, release = _counting(done, fail_first=True)
    keeper = ReleaseWhenQuiet(release, busy=lambda: False, quiet_s=QUIET_S)
    keeper.start()
    keeper.call_ended()
    assert done.wait(WAIT_S)
    done.clear()
    keeper.call_ended()
    assert done.wait(WAIT_S)
    keeper.stop()
    assert releases == [1, 1]


def test_calls_before_the_start_and_a_stop_without_one_are_harmless() -> None:
    keeper = ReleaseWhenQuiet(lambda: None, busy=lambda: False, quiet_s=QUIET_S)
    keeper.call_ended()
    keeper.stop()
