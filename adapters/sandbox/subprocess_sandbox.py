"""Sandbox running each program as a real subprocess (see the port for the contract).

Every program runs with the project root as its working directory, so relative paths in agent
code mean what they mean in the agent's shell (ADR 0018); its script lives in a private temp
dir that is also its TMPDIR.
"""

from __future__ import annotations

import contextlib
import shutil
import signal
import tempfile
import threading
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

from adapters.sandbox.environment import sandbox_environment
from adapters.sandbox.process import HARD_CAP_BYTES, ChildProcess, ProcessResult, kill_group
from adapters.sandbox.runtimes import SCRIPT_NAMES, Runtime, RuntimeCatalog
from adapters.sandbox.temp_reaper import TempReaper
from application.ports.sandbox import Sandbox
from domain.errors import CapyError
from domain.execution.language import Language
from domain.execution.run import KeptOutput, RunOutcome, SandboxRequest, StreamOutput
from domain.execution.wrapping import elixir_mix_prologue, is_es_module
from domain.settings import ExecutorSettings

CAP_NOTE = "\n[capy: output passed the 100 MB hard cap — the process tree was killed]"
SHUTDOWN_GRACE_S = 2.0


class SubprocessSandbox(Sandbox):
    def __init__(
        self,
        project_root: Path,
        settings: ExecutorSettings,
        base_env: Mapping[str, str],
        hard_cap_bytes: int = HARD_CAP_BYTES,
    ) -> None:
        self._root = project_root
        self._settings = settings
        self._base_env = dict(base_env)
        self._hard_cap = hard_cap_bytes
        self._catalog = RuntimeCatalog(self._base_env.get("PATH", ""))
        self._lock = threading.Lock()
        self._active: dict[int, ChildProcess] = {}
        self._background: dict[int, tuple[ChildProcess, Path]] = {}
        self._reaper = TempReaper()

    def available_languages(self) -> tuple[Language, ...]:
        return self._catalog.available()

    def background_pids(self) -> tuple[int, ...]:
        with self._lock:
            return tuple(self._background)

    def run(self, request: SandboxRequest) -> RunOutcome:
        runtime = self._catalog.runtime_for(request.language)
        timeout_ms = request.timeout_ms
        if timeout_ms is None or timeout_ms <= 0:
            timeout_ms = round(self._settings.timeout * 1000)
        try:
            tmp = Path(tempfile.mkdtemp(prefix="capy-exec-"))
        except OSError as err:
            raise CapyError(
                f"cannot create a temporary directory for the run: {err}",
                hint="check free space and permissions of TMPDIR",
            ) from err
        keep_tmp = False
        keep = max(self._settings.max_output_bytes, request.keep_bytes or 0)
        try:
            env = sandbox_environment(self._base_env, tmp, self._settings.env_passthrough)
            script = self._write_script(tmp, request, runtime)
            started = time.monotonic()
            argv = runtime.command(script)
            if runtime.compiles:
                compiled = self._compile(runtime, script, tmp, env, timeout_ms / 1000, keep=keep)
                if compiled is not None:
                    return self._outcome(compiled, timeout_ms, started, request.keep_bytes)
                argv = [str(tmp / "main")]
            remaining_s = timeout_ms / 1000 - (time.monotonic() - started)
            cwd = self._root if self._root.is_dir() else tmp
            env["PWD"] = str(cwd)
            child = self._start(argv, cwd, env, keep)
            try:
                result = child.pump(max(remaining_s, 0.0), self._hard_cap)
            finally:
                with self._lock:
                    self._active.pop(child.pid, None)
            if result.timed_out and request.background and not result.killed_by_cap:
                keep_tmp = True
                self._adopt(child, tmp)
                result.backgrounded = True
            else:
                child.kill_tree()  # also ends leftovers that outlived the main process
            return self._outcome(result, timeout_ms, started, request.keep_bytes)
        finally:
            if not keep_tmp:
                self._reaper.remove(tmp)

    def _write_script(self, tmp: Path, request: SandboxRequest, runtime: Runtime) -> Path:
        source = request.source
        if request.language is Language.ELIXIR and (self._root / "mix.exs").is_file():
            source = elixir_mix_prologue(str(self._root)) + source
        name = SCRIPT_NAMES[request.language]
        if runtime.name == "node" and is_es_module(source):
            name = "script.mjs"  # node reads ``import``/``export`` only from ES module files
        script = tmp / name
        try:
            script.write_text(source, encoding="utf-8")
        except OSError as err:
            raise CapyError(
                f"cannot write the program to {script}: {err}", hint="check free space in TMPDIR"
            ) from err
        script.chmod(0o700 if request.language is Language.SHELL else 0o600)
        return script

    def _start(self, argv: list[str], cwd: Path, env: Mapping[str, str], keep: int) -> ChildProcess:
        try:
            child = ChildProcess(argv, cwd, env, keep=keep)
        except OSError as err:
            raise CapyError(
                f"cannot start {argv[0]}: {err}",
                hint="check that the runtime is installed and runnable, then retry",
            ) from err
        with self._lock:
            self._active[child.pid] = child
        return child

    def _compile(
        self,
        runtime: Runtime,
        script: Path,
        tmp: Path,
        env: Mapping[str, str],
        timeout_s: float,
        *,
        keep: int,
    ) -> ProcessResult | None:
        """Compile a Rust program; a result means it failed (or timed out) and is the answer."""
        argv = [runtime.executable, "--edition", "2021", str(script), "-o", str(tmp / "main")]
        child = self._start(argv, tmp, env, keep)
        try:
            result = child.pump(timeout_s, self._hard_cap)
        finally:
            with self._lock:
                self._active.pop(child.pid, None)
            child.kill_tree()
        if result.timed_out or result.killed_by_cap or result.returncode != 0:
            return result
        return None

    def _adopt(self, child: ChildProcess, tmp: Path) -> None:
        def forget() -> None:
            with self._lock:
                self._background.pop(child.pid, None)
            shutil.rmtree(tmp, ignore_errors=True)

        with self._lock:
            self._background[child.pid] = (child, tmp)
        child.drain_in_background(self._settings.max_output_bytes, forget)

    def _outcome(
        self, result: ProcessResult, timeout_ms: int, started: float, keep_bytes: int | None
    ) -> RunOutcome:
        limit = self._settings.max_output_bytes
        stderr = _with_cap_note(result.stderr.result(limit), result.killed_by_cap)
        kept = None
        if keep_bytes is not None:
            kept = KeptOutput(
                result.stdout.result(max(keep_bytes, 1)),
                _with_cap_note(result.stderr.result(max(keep_bytes, 1)), result.killed_by_cap),
            )
        code = result.returncode
        running = result.backgrounded
        return RunOutcome(
            stdout=result.stdout.result(limit),
            stderr=stderr,
            exit_code=None if running or code is None or code < 0 else code,
            timed_out=result.timed_out,
            killed_by_cap=result.killed_by_cap,
            backgrounded=running,
            pid=result.pid,
            duration_ms=round((time.monotonic() - started) * 1000),
            timeout_ms=timeout_ms,
            kept=kept,
        )

    def shutdown(self) -> None:
        with self._lock:
            background = list(self._background.values())
            active = list(self._active.values())
        for child in active:
            kill_group(child.pid)
        for child, _ in background:
            kill_group(child.pid, signal.SIGTERM)
        deadline = time.monotonic() + SHUTDOWN_GRACE_S
        for child, _ in background:
            with contextlib.suppress(Exception):
                child.proc.wait(timeout=max(deadline - time.monotonic(), 0.0))
            kill_group(child.pid)
        for child, tmp in background:
            child.join_drainer(timeout=2.0)
            shutil.rmtree(tmp, ignore_errors=True)
        with self._lock:
            self._background.clear()
        self._reaper.flush()


def _with_cap_note(stream: StreamOutput, capped: bool) -> StreamOutput:
    if not capped:
        return stream
    return StreamOutput(stream.text + CAP_NOTE, stream.total_bytes, stream.kept_bytes)


def open_sandbox(
    project_root: Path, settings: ExecutorSettings, base_env: Mapping[str, str]
) -> Iterator[SubprocessSandbox]:
    """Container resource: ``shutdown_resources()`` stops every background program."""
    sandbox = SubprocessSandbox(project_root, settings, base_env)
    try:
        yield sandbox
    finally:
        sandbox.shutdown()
