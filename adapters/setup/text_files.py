"""Reading and writing project files: atomic, only when the content changes, mode kept."""

from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from application.ports.project_files import ChangeAction, FileChange


class Malformed(Exception):
    """A file capy would merge into cannot be parsed; it is reported, never overwritten."""

    def __init__(self, change: FileChange) -> None:
        super().__init__(change.detail)
        self.change = change


def read_text(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None


def write_text(path: Path, content: str, *, executable: bool = False) -> ChangeAction:
    """Write ``content`` unless the file already holds exactly it."""
    existing = read_text(path) if path.exists() else None
    mode = 0o755 if executable else 0o644
    if existing == content:
        if executable and not os.access(path, os.X_OK):
            path.chmod(path.stat().st_mode | 0o111)
            return ChangeAction.UPDATED
        return ChangeAction.UNCHANGED
    path.parent.mkdir(parents=True, exist_ok=True)
    if existing is not None:
        mode = stat.S_IMODE(path.stat().st_mode) | (0o111 if executable else 0)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(content)
        Path(temporary).chmod(mode)
        Path(temporary).replace(path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return ChangeAction.CREATED if existing is None else ChangeAction.UPDATED


def read_json_object(path: Path, shown: str, what: str) -> dict[str, Any] | None:
    """The JSON object in ``path`` (None when absent); ``Malformed`` when it is not one."""
    text = read_text(path)
    if text is None or not text.strip():
        return None
    try:
        value = json.loads(text)
    except ValueError as error:
        raise Malformed(
            FileChange(
                shown,
                ChangeAction.FAILED,
                f"not valid JSON ({error})",
                f"fix or remove the file, then run `capy setup` again; capy left it untouched "
                f"and did not add {what}",
            )
        ) from None
    if not isinstance(value, dict):
        raise Malformed(
            FileChange(
                shown,
                ChangeAction.FAILED,
                f"holds a JSON {type(value).__name__}, not an object",
                "make it a JSON object ({}), then run `capy setup` again",
            )
        )
    return value


def json_indent(path: Path) -> int:
    """The indentation the file already uses (2 when new or flat)."""
    text = read_text(path) or ""
    for line in text.splitlines()[1:]:
        stripped = line.lstrip(" ")
        if stripped and len(stripped) < len(line):
            return len(line) - len(stripped)
    return 2


def dump_json(value: Any, indent: int) -> str:
    return json.dumps(value, indent=indent, ensure_ascii=False) + "\n"


def bad_shape(shown: str, detail: str) -> Malformed:
    return Malformed(
        FileChange(
            shown,
            ChangeAction.FAILED,
            detail,
            "fix that entry by hand (or remove it), then run `capy setup` again; capy left the "
            "file untouched",
        )
    )
