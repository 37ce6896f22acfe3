"""Removing run directories off the response path.

Deleting a directory costs milliseconds on some disks (more than running ``echo``), so the
sandbox hands finished run directories to one background thread; ``flush`` (called at
shutdown) removes whatever is still queued before returning.
"""

from __future__ import annotations

import queue
import shutil
import threading
from pathlib import Path


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
            path = self._queue.get()
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
