"""Running the server on stdio until its client goes away, then shutting down cleanly.

The server stops on stdin EOF, on SIGTERM/SIGINT/SIGHUP, and when its parent process dies
(polled: an orphaned server is re-parented, so ``getppid`` changes). Whatever stops it, the
same shutdown runs once: background process groups killed, workers stopped, the store closed
with a WAL checkpoint. No capy process outlives its client.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable
from typing import Any

import anyio
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

from entrypoints.mcp_server.stdio_guard import guarded_stdio

PARENT_POLL_SECONDS = 1.0
FORCED_EXIT_SECONDS = 2.0


async def serve_stdio(
    server: Server[Any],
    *,
    parent_pid: int,
    on_ready: Callable[[], None] = lambda: None,
    on_stop: Callable[[str], None] = lambda reason: None,
    poll_seconds: float = PARENT_POLL_SECONDS,
) -> str:
    """Serve until the client leaves; returns why the server stopped.

    ``on_ready`` runs once the signal handlers are in place, so a client that sends SIGTERM
    right after the ready message still gets a clean shutdown.
    """
    reason = "stdin closed"

    async with anyio.create_task_group() as group:

        async def stop(why: str) -> None:
            nonlocal reason
            reason = why
            on_stop(why)
            group.cancel_scope.cancel()

        async def watch_signals(*, task_status: Any = anyio.TASK_STATUS_IGNORED) -> None:
            with anyio.open_signal_receiver(signal.SIGTERM, signal.SIGINT, signal.SIGHUP) as sigs:
                task_status.started()
                async for signum in sigs:
                    await stop(f"signal {signal.Signals(signum).name}")
                    return

        async def watch_parent() -> None:
            while True:
                await anyio.sleep(poll_seconds)
                current = os.getppid()
                if current != parent_pid or current in (0, 1):
                    await stop("parent process exited")
                    return

        async def run() -> None:
            async with (
                guarded_stdio() as (stdin, stdout),
                stdio_server(stdin=stdin, stdout=stdout) as (read_stream, write_stream),  # type: ignore[arg-type]
            ):
                await server.run(read_stream, write_stream, server.create_initialization_options())
            reason_if_eof = "stdin closed"
            nonlocal reason
            reason = reason_if_eof
            group.cancel_scope.cancel()

        await group.start(watch_signals)
        on_ready()
        group.start_soon(watch_parent)
        group.start_soon(run)
    return reason


def run_until_client_leaves(
    server: Server[Any],
    shutdown: Callable[[str], None],
    *,
    on_ready: Callable[[], None] = lambda: None,
    parent_pid: int | None = None,
) -> str:
    """Serve on stdio, then run ``shutdown(reason)`` exactly once."""
    reason = "interrupted"
    watched = parent_pid or os.getppid()

    def force_exit(why: str) -> None:
        # The stdio reader thread may be blocked on a stdin that never closes (the parent died
        # but something still holds the pipe): shut down and leave without waiting for it.
        shutdown(why)
        os._exit(0)

    def arm_watchdog(why: str) -> None:
        timer = threading.Timer(FORCED_EXIT_SECONDS, force_exit, args=(why,))
        timer.daemon = True
        timer.start()

    try:
        reason = anyio.run(
            lambda: serve_stdio(
                server, parent_pid=watched, on_ready=on_ready, on_stop=arm_watchdog
            ),
            backend="asyncio",
        )
    except KeyboardInterrupt:
        reason = "interrupted"
    finally:
        shutdown(reason)
    return reason
