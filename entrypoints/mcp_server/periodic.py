"""Work the server repeats in the background while it runs (reading session journals, …)."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable


class PeriodicTask:
    """Runs ``work`` on a daemon thread every ``interval`` seconds until stopped.

    ``stop`` wakes the thread, waits for a run in progress, then runs ``work`` once more so
    nothing that arrived since the last run is left behind. A failing run is reported on stderr
    once per distinct error and never stops the server or the next run.
    """

    def __init__(self, name: str, work: Callable[[], object], interval: float) -> None:
        self._name = name
        self._work = work
        self._interval = interval
        self._stopping = threading.Event()
        self._running = threading.Lock()
        self._thread: threading.Thread | None = None
        self._last_error = ""

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name=self._name, daemon=True)
            self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._run_once()

    def _loop(self) -> None:
        while not self._stopping.is_set():
            self._run_once()
            self._stopping.wait(self._interval)

    def _run_once(self) -> None:
        with self._running:
            try:
                self._work()
            except Exception as error:
                message = f"{type(error).__name__}: {error}"
                if message != self._last_error:
                    self._last_error = message
                    print(f"capy: warning: {self._name}: {message}", file=sys.stderr, flush=True)
