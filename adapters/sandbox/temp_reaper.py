"""Removing run directories off the response path.

Deleting a directory costs milliseconds on some disks (more than running ``echo``), so the
sandbox hands finished run directories to one background thread, which removes them once runs
pause for a moment; ``flush`` (called at shutdown) waits until every one is gone.
"""

from __future__ import annotations

import queue
import shutil
import threading
from pathlib import Path

QUIET_S = 0.2
MAX_BATCH = 64


class TempReaper:
    def __init__(self) -> None:
        self._queue: queue.Queue[Path] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def remove(self, path: Path) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._work, name="capy-tmp-reaper")
                self._thread.daemon = True
                self._thread.start()
        self._queue.put(path)

    def _work(self) -> None:
        while True:
            batch = [self._queue.get()]
            # wait for a quiet moment: a burst of runs (a batch) should not contend with removal
            while len(batch) < MAX_BATCH:
                try:
                    batch.append(self._queue.get(timeout=QUIET_S))
                except queue.Empty:
                    break
            for path in batch:
                try:
                    shutil.rmtree(path, ignore_errors=True)
                finally:
                    self._queue.task_done()

    def flush(self) -> None:
        """Block until every queued directory is gone."""
        while True:
            try:
                path = self._queue.get_nowait()
            except queue.Empty:
                break
            shutil.rmtree(path, ignore_errors=True)
            self._queue.task_done()
        self._queue.join()
