"""One child process in its own session: pumping its pipes, enforcing limits, killing its tree."""

from __future__ import annotations

import contextlib
import os
import selectors
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path

import attrs

from adapters.sandbox.output_capture import StreamCapture

HARD_CAP_BYTES = 100 * 1024 * 1024
CHUNK = 64 * 1024
EXIT_GRACE_S = 0.2  # after the main process exits, how long leftovers may hold the pipes


@attrs.define
class ProcessResult:
    stdout: StreamCapture
    stderr: StreamCapture
    returncode: int | None
    timed_out: bool = False
    killed_by_cap: bool = False
    backgrounded: bool = False
    pid: int = 0
    elapsed_s: float = 0.0


def kill_group(pid: int, sig: int = signal.SIGKILL) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, sig)


class ChildProcess:
    """A started child. ``pump`` reads until exit, timeout or cap; ``drain`` keeps reading."""

    def __init__(self, argv: list[str], cwd: Path, env: Mapping[str, str], keep: int) -> None:
        self.proc = subprocess.Popen(
            argv,
            cwd=cwd,
            env=dict(env),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
            close_fds=True,
        )
        self.started = time.monotonic()
        self.stdout = StreamCapture(keep)
        self.stderr = StreamCapture(keep)
        self._selector = selectors.DefaultSelector()
        assert self.proc.stdout is not None and self.proc.stderr is not None
        self._selector.register(self.proc.stdout, selectors.EVENT_READ, self.stdout)
        self._selector.register(self.proc.stderr, selectors.EVENT_READ, self.stderr)
        self._drainer: threading.Thread | None = None
        self._exited = False
        self._exit_fd: int | None = None
        if hasattr(os, "pidfd_open"):  # Linux: wake on exit instead of polling for it
            with contextlib.suppress(OSError):
                self._exit_fd = os.pidfd_open(self.proc.pid)
                self._selector.register(self._exit_fd, selectors.EVENT_READ, None)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def _read_ready(self, timeout: float, sink_limit: int | None = None) -> int:
        """Read what is ready; return bytes read. ``sink_limit``: stop keeping beyond it."""
        read = 0
        for key, _ in self._selector.select(timeout=max(timeout, 0.0)):
            if key.data is None:
                self._selector.unregister(key.fileobj)
                self._exited = True
                continue
            data = os.read(key.fd, CHUNK)
            if not data:
                self._selector.unregister(key.fileobj)
                key.data.finish()
                continue
            read += len(data)
            capture: StreamCapture = key.data
            if sink_limit is None or capture.total < sink_limit:
                capture.feed(data)
        return read

    def pump(self, timeout_s: float, hard_cap: int = HARD_CAP_BYTES) -> ProcessResult:
        deadline = self.started + timeout_s
        exited_at: float | None = None
        timed_out = capped = False
        while True:
            pipes_open = self._pipes_open()
            if exited_at is None and self._has_exited():
                exited_at = time.monotonic()
            if not pipes_open and exited_at is not None:
                break
            now = time.monotonic()
            if now >= deadline:
                timed_out = True
                break
            if exited_at is not None and now - exited_at > EXIT_GRACE_S:
                break  # leftovers still hold the pipes; the caller kills the group
            wait = deadline - now
            if exited_at is not None:
                wait = min(wait, exited_at + EXIT_GRACE_S - now)
            if self._exit_fd is None:
                wait = min(wait, 0.1 if pipes_open else 0.005)
            self._read_ready(wait)
            if self.stdout.total + self.stderr.total > hard_cap:
                capped = True
                break
        if not timed_out and not capped:
            remaining = deadline - time.monotonic()
            try:
                self.proc.wait(timeout=max(remaining, 0.0))
            except subprocess.TimeoutExpired:
                timed_out = True
        return ProcessResult(
            self.stdout,
            self.stderr,
            self.proc.returncode,
            timed_out=timed_out and self.proc.poll() is None,
            killed_by_cap=capped,
            pid=self.pid,
            elapsed_s=time.monotonic() - self.started,
        )

    def _pipes_open(self) -> bool:
        return any(key.data is not None for key in self._selector.get_map().values())

    def _has_exited(self) -> bool:
        if self._exit_fd is not None:
            return self._exited
        return self.proc.poll() is not None

    def kill_tree(self) -> None:
        kill_group(self.pid)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=5)
        self.close()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._selector.close()
        if self._exit_fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._exit_fd)
            self._exit_fd = None
        for pipe in (self.proc.stdout, self.proc.stderr):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()

    def drain_in_background(self, limit: int, on_exit: Callable[[], None]) -> None:
        """Keep emptying the pipes (keeping at most ``limit`` bytes each) until the program ends."""

        def run() -> None:
            try:
                while self._selector.get_map():
                    self._read_ready(0.5, sink_limit=limit)
                self.proc.wait()
            except (OSError, ValueError):
                pass
            finally:
                self.close()
                on_exit()

        self._drainer = threading.Thread(target=run, name=f"capy-drain-{self.pid}", daemon=True)
        self._drainer.start()

    def join_drainer(self, timeout: float) -> None:
        if self._drainer is not None:
            self._drainer.join(timeout)
