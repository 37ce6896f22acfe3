"""``[mcp_servers.<name>]`` in a Codex ``config.toml``, edited as text and checked with tomllib.

capy rewrites only the keys it owns (``command``, ``args``, ``env_vars``) inside its own table
and leaves every other line — comments, other servers, the user's extra keys for capy — as it
was. The result is parsed again and compared with the original before anything is written; if
the edit could not be made safely, the file is left alone and the table to add is shown.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

from adapters.setup.text_files import read_text, write_text
from application.ports.project_files import ChangeAction, FileChange, ServerSpec

_OWNED_KEYS = ("command", "args", "env_vars")
_TABLE = re.compile(r"^\s*\[\s*([^\[\]]+?)\s*\]\s*(?:#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_-]+|\"[^\"]*\")\s*=")


def register_codex_toml(path: Path, shown: str, server: ServerSpec) -> FileChange:
    original = read_text(path) or ""
    try:
        before = tomllib.loads(original)
    except tomllib.TOMLDecodeError as error:
        return FileChange(
            shown,
            ChangeAction.FAILED,
            f"not valid TOML ({error})",
            "fix the file (Codex cannot read it either), then run `capy setup` again",
        )
    wanted = _owned_values(server)
    current = before.get("mcp_servers", {}).get(server.name)
    if isinstance(current, dict) and all(current.get(k) == v for k, v in wanted.items()):
        return FileChange(shown, ChangeAction.UNCHANGED, f"MCP server {server.name!r}")
    updated = _edit(original, server)
    if updated is None or not _safe(before, updated, server.name, wanted):
        return FileChange(
            shown,
            ChangeAction.FAILED,
            f"capy could not merge its [mcp_servers.{server.name}] table safely",
            "add this table by hand:\n" + _table(server),
        )
    return FileChange(shown, write_text(path, updated), f"MCP server {server.name!r}")


def _owned_values(server: ServerSpec) -> dict[str, Any]:
    return {"command": server.command, "args": list(server.args), "env_vars": list(server.env_vars)}


def _table(server: ServerSpec) -> str:
    return f"[mcp_servers.{server.name}]\n" + "".join(
        f"{key} = {_toml(value)}\n" for key, value in _owned_values(server).items()
    )


def _toml(value: Any) -> str:
    # JSON strings and arrays of strings are valid TOML basic strings and arrays.
    return json.dumps(value, ensure_ascii=False)


def _edit(text: str, server: ServerSpec) -> str | None:
    lines = text.splitlines(keepends=True)
    own = f"mcp_servers.{server.name}"
    start = next(
        (i for i, line in enumerate(lines) if _table_name(line) == own),
        None,
    )
    if start is None:
        prefix = text if not text or text.endswith("\n") else text + "\n"
        separator = "\n" if prefix.strip() else ""
        return prefix + separator + _table(server)
    end = start + 1
    while end < len(lines):
        name = _table_name(lines[end])
        if name is not None or lines[end].lstrip().startswith("[["):
            break
        end += 1
    body = _drop_owned(lines[start + 1 : end])
    new_body = [f"{key} = {_toml(value)}\n" for key, value in _owned_values(server).items()]
    return "".join([*lines[: start + 1], *new_body, *body, *lines[end:]])


def _table_name(line: str) -> str | None:
    match = _TABLE.match(line)
    if match is None or line.lstrip().startswith("[["):
        return None
    return ".".join(part.strip().strip('"') for part in match.group(1).split("."))


def _drop_owned(body: list[str]) -> list[str]:
    kept: list[str] = []
    depth = 0
    for line in body:
        if depth > 0:
            depth += _bracket_balance(line)
            continue
        match = _KEY.match(line)
        if match and match.group(1).strip('"') in _OWNED_KEYS:
            depth = max(0, _bracket_balance(line))
            continue
        kept.append(line)
    return kept


def _bracket_balance(line: str) -> int:
    stripped = re.sub(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'', "", line.split("#", 1)[0])
    return stripped.count("[") - stripped.count("]")


def _safe(before: dict[str, Any], updated: str, name: str, wanted: dict[str, Any]) -> bool:
    try:
        after = tomllib.loads(updated)
    except tomllib.TOMLDecodeError:
        return False
    mine = after.get("mcp_servers", {}).get(name)
    if not isinstance(mine, dict) or any(mine.get(k) != v for k, v in wanted.items()):
        return False
    previous = dict(before.get("mcp_servers", {}).get(name) or {})
    if {k: v for k, v in mine.items() if k not in wanted} != {
        k: v for k, v in previous.items() if k not in wanted
    }:
        return False
    others_before = {k: v for k, v in before.items() if k != "mcp_servers"}
    others_after = {k: v for k, v in after.items() if k != "mcp_servers"}
    servers_before = {k: v for k, v in before.get("mcp_servers", {}).items() if k != name}
    servers_after = {k: v for k, v in after.get("mcp_servers", {}).items() if k != name}
    return others_before == others_after and servers_before == servers_after
