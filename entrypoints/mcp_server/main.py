"""``capy serve``: compose the server, tell the user it is ready, serve until the client leaves."""

from __future__ import annotations

import os
import shutil
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from entrypoints.containers.runtime import RuntimeOptions
from entrypoints.version import capy_version

WORKERS = 4


def _say(message: str) -> None:
    try:
        print(f"capy: {message}", file=sys.stderr, flush=True)
    except (OSError, ValueError):  # stderr closed by the client: nothing to tell
        pass


def serve(options: RuntimeOptions) -> int:
    """Run the MCP server on stdio. Returns the process exit code."""
    from entrypoints.mcp_server.memory import limit_arenas, pin_mmap_threshold
    from entrypoints.mcp_server.sdk import load_server_sdk
    from entrypoints.process_privacy import forbid_inspection

    forbid_inspection()
    pin_mmap_threshold()
    limit_arenas()
    load_server_sdk()
    from entrypoints.containers.server import build_server_container
    from entrypoints.mcp_server.lifecycle import run_until_client_leaves
    from entrypoints.mcp_server.protocol import build_server

    container = build_server_container(options)
    project = container.core.project()
    executor = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="capy-tool")
    server = build_server(
        container.tools.specs(),
        container.dispatch,
        executor,
        capy_version(),
    )
    container.tools.router()  # build every handler now, on one thread
    container.start_background(after=container.start_warm_up())

    capy = str(Path(shutil.which("capy") or sys.argv[0]).absolute())  # pasted from any directory
    for warning in container.core.config().warnings:
        _say(f"config warning: {warning}")

    def ready() -> None:
        _say(
            f"MCP server ready on stdio — project {project.root}, knowledge base "
            f"{project.db_path} (key: {container.core.key_provider().describe(project.db_path)})."
        )
        _say(
            "Connect a client: `capy setup` in your project (Claude Code and Codex), or "
            f"`claude mcp add capy -- {capy} serve`; any MCP client can start `{capy} serve`."
        )

    shutdown_once = threading.Lock()

    def shutdown(reason: str) -> None:
        if not shutdown_once.acquire(blocking=False):
            return
        _say(f"shutting down ({reason}).")
        container.shutdown()
        executor.shutdown(wait=False, cancel_futures=True)

    run_until_client_leaves(server, shutdown, on_ready=ready, parent_pid=os.getppid())
    return 0
