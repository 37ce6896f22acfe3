"""``mcpServers.<name>`` in a Claude Code ``.mcp.json``; every other server is kept as it is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from adapters.setup.text_files import (
    bad_shape,
    dump_json,
    json_indent,
    read_json_object,
    write_text,
)
from application.ports.project_files import FileChange, ServerSpec


def register_mcp_json(path: Path, shown: str, server: ServerSpec) -> FileChange:
    document = read_json_object(path, shown, "the capy server") or {}
    servers = document.setdefault("mcpServers", {})
    if not isinstance(servers, dict):
        raise bad_shape(shown, '"mcpServers" is not a JSON object')
    entry: dict[str, Any] = {"type": "stdio", "command": server.command, "args": list(server.args)}
    previous = servers.get(server.name)
    if isinstance(previous, dict) and isinstance(previous.get("env"), dict):
        entry["env"] = previous["env"]  # the user's own additions survive a re-run
    servers[server.name] = entry
    action = write_text(path, dump_json(document, json_indent(path)))
    return FileChange(shown, action, f"MCP server {server.name!r}")
