"""Where Claude Code keeps its session transcripts: ``CLAUDE_CONFIG_DIR`` or ``~/.claude``."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

CONFIG_DIR_VAR = "CLAUDE_CONFIG_DIR"


def claude_projects_dir(env: Mapping[str, str], home: Path) -> Path:
    configured = env.get(CONFIG_DIR_VAR, "").strip()
    base = Path(configured).expanduser() if configured else home / ".claude"
    return base / "projects"
