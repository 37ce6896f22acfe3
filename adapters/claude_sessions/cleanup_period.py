"""How many days Claude Code keeps a session's transcript: ``cleanupPeriodDays``.

Claude Code deletes transcripts older than that at start-up (30 days unless set). It reads the
setting from the user's settings, then the project's shared and local ones, the later winning;
a value that is not a whole number is ignored as Claude Code ignores it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

DEFAULT_DAYS = 30
SETTING = "cleanupPeriodDays"


def cleanup_period_days(env: Mapping[str, str], home: Path, project_root: Path) -> int:
    configured = env.get("CLAUDE_CONFIG_DIR", "").strip()
    user = (Path(configured).expanduser() if configured else home / ".claude") / "settings.json"
    days = DEFAULT_DAYS
    for path in (
        user,
        project_root / ".claude" / "settings.json",
        project_root / ".claude" / "settings.local.json",
    ):
        value = _setting(path)
        if value is not None:
            days = value
    return days


def _setting(path: Path) -> int | None:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    value = document.get(SETTING) if isinstance(document, dict) else None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        return None
    return value
