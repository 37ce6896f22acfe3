"""The MCP protocol side: tools/list and tools/call on the SDK's low-level ``Server``.

Tool handlers are synchronous (SQLCipher, subprocesses) and run on a small, fixed pool of
worker threads that live as long as the server — each keeps its own store connection, so the
~120 ms key derivation happens once per worker, not per call. No exception ever reaches the
transport: anything a handler raises becomes a tool result with ``isError``.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import mcp_types as types
from mcp.server.lowlevel import Server

from entrypoints.mcp_server.replies import ToolReply
from entrypoints.mcp_server.tool_specs import ToolSpec

log = logging.getLogger("capy.server")

Dispatch = Callable[[str, Mapping[str, Any]], ToolReply]


def _tool(spec: ToolSpec) -> types.Tool:
    return types.Tool(
        name=spec.name,
        description=spec.description,
        input_schema=spec.input_schema,
        annotations=types.ToolAnnotations(
            read_only_hint=spec.read_only,
            destructive_hint=spec.destructive,
            idempotent_hint=spec.idempotent,
            open_world_hint=spec.open_world,
        ),
    )


def build_server(
    specs: list[ToolSpec], dispatch: Dispatch, executor: ThreadPoolExecutor, version: str
) -> Server[Any]:
    """The MCP server object, ready to ``run`` over any transport (stdio, in-memory)."""
    tools = [_tool(spec) for spec in specs]
    known = {spec.name for spec in specs}

    async def list_tools(
        ctx: Any, params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        name = params.name
        if name not in known:
            reply = ToolReply(
                f"unknown tool {name!r}; capy's tools are: {', '.join(sorted(known))}", True
            )
        else:
            reply = await _run(executor, dispatch, name, dict(params.arguments or {}))
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=reply.text)], is_error=reply.is_error
        )

    return Server(
        "capy",
        version=version,
        instructions=(
            "capy keeps large output out of your context: run noisy commands with "
            "capy_execute/capy_batch_execute and pass an intent; query indexed output with "
            "capy_search."
        ),
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


async def _run(
    executor: ThreadPoolExecutor, dispatch: Dispatch, name: str, arguments: dict[str, Any]
) -> ToolReply:
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(executor, dispatch, name, arguments)
    except Exception as error:  # the transport must never see an exception
        print(f"capy: {name} failed: {error!r}", file=sys.stderr)
        return ToolReply(
            f"{name} failed inside capy ({type(error).__name__}: {error}). capy is still "
            "running; retry, or run capy_doctor and report the problem if it persists.",
            is_error=True,
        )
