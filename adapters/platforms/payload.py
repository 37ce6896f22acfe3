"""Reading hook input tolerantly: a field of the wrong type is treated as absent."""

# On the hook path: importing pathlib (and urllib.parse with it) costs ~4 ms per tool call.
# ruff: noqa: PTH109, PTH110, PTH118, PTH120

from __future__ import annotations

import os
from collections.abc import Mapping

from domain.hooks.tool_call import ToolCall

TYPE_CHECKING = False  # typing is not imported at run time (ADR 0102)
if TYPE_CHECKING:
    from typing import Any

_UUID_CHARS = frozenset("0123456789abcdefABCDEF-")
_PROJECT_MARKERS = (".git", ".capy", ".capy.toml")


def text(payload: Mapping[str, Any], *keys: str) -> str:
    """The first of ``keys`` holding a non-empty string."""
    for key in keys:
        value = payload.get(key)
        if isinstance(value, str) and value:
            return value
    return ""


def mapping(payload: Mapping[str, Any], *keys: str) -> Mapping[str, Any]:
    for key in keys:
        value = payload.get(key)
        if isinstance(value, dict):
            return value
    return {}


def tool_call(name: str, arguments: Mapping[str, Any], aliases: Mapping[str, str]) -> ToolCall:
    from adapters.platforms.aliases import canonical_tool_name

    return ToolCall(canonical_tool_name(name, aliases), arguments, host_name=name)


def session_from_transcript(transcript_path: str) -> str:
    """The session UUID in a Claude Code transcript file name (``…/<uuid>.jsonl``)."""
    # What ``re.search(r"([0-9a-fA-F-]{36})\.jsonl$", path)`` finds, without loading ``re``
    # (ADR 0106): ``$`` matches at the end or before a final newline.
    end = len(transcript_path) - 1 if transcript_path.endswith("\n") else len(transcript_path)
    name = transcript_path[:end]
    if end < 42 or not name.endswith(".jsonl"):
        return ""
    found = name[-42:-6]
    return found if all(c in _UUID_CHARS for c in found) else ""


def fallback_session(env: Mapping[str, str], *names: str) -> str:
    """A session id from the environment, else the host process (stable for one session)."""
    for name in names:
        if env.get(name):
            return env[name]
    return f"pid-{os.getppid()}"


def project_root(explicit: str, env_dir: str, cwd: str) -> str:
    """``--project-dir``, then the host's project variable, then the nearest marked parent
    of the working directory, then the working directory itself."""
    if explicit:
        return explicit
    if env_dir:
        return env_dir
    start = cwd or os.getcwd()
    current = start
    for _ in range(64):
        if any(os.path.exists(os.path.join(current, marker)) for marker in _PROJECT_MARKERS):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            break
        current = parent
    return start
