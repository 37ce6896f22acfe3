"""capy's handlers in a JSON hooks file (Claude Code settings, Codex ``hooks.json``).

The structure is ``{"hooks": {"<Event>": [{"matcher": …, "hooks": [{"type": "command",
"command": …}]}]}}``. capy's handlers are recognised by a marker in their command; on every run
they are taken out wherever they are and put back in one group per event, at the position of
the first group that held one (else at the end), so a second run writes the same bytes and the
user's own handlers stay where they were. capy's handlers under events it no longer registers
(an earlier version's) are removed: each would cost the host a process per call for nothing.
"""

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
from application.ports.project_files import ChangeAction, FileChange, HookSpec


def merge_hooks(
    path: Path, shown: str, hooks: tuple[HookSpec, ...], markers: tuple[str, ...]
) -> FileChange:
    document = read_json_object(path, shown, "capy's hooks") or {}
    table = _hooks_table(document, shown)
    wanted = dict.fromkeys(spec.event for spec in hooks)
    retired = _retire(table, wanted, markers)
    for event in wanted:
        groups = _groups(table, event, shown)
        position = _strip_capy(groups, markers)
        group = _group([spec for spec in hooks if spec.event == event])
        groups.insert(len(groups) if position is None else position, group)
    action = write_text(path, dump_json(document, json_indent(path)))
    detail = f"{len(hooks)} capy hook(s)"
    if retired:
        detail += f"; removed capy's unused {', '.join(retired)} hook(s)"
    return FileChange(shown, action, detail)


def _retire(table: dict[str, Any], wanted: dict[str, None], markers: tuple[str, ...]) -> list[str]:
    """Drop capy's handlers from events it does not register any more; their names."""
    retired: list[str] = []
    for event in list(table):
        groups = table[event]
        if event in wanted or not isinstance(groups, list):
            continue
        if _strip_capy(groups, markers) is not None:
            retired.append(event)
            if not groups:
                del table[event]
    return retired


def remove_hooks(path: Path, shown: str, markers: tuple[str, ...]) -> FileChange:
    if not path.exists():
        return FileChange(shown, ChangeAction.UNCHANGED, "absent")
    document = read_json_object(path, shown, "anything") or {}
    table = document.get("hooks")
    if not isinstance(table, dict):
        return FileChange(shown, ChangeAction.UNCHANGED, "no capy hooks")
    found = False
    for event in list(table):
        groups = table[event]
        if isinstance(groups, list) and _strip_capy(groups, markers) is not None:
            found = True
            if not groups:
                del table[event]
    if not found:
        return FileChange(shown, ChangeAction.UNCHANGED, "no capy hooks")
    if not table:
        del document["hooks"]
    action = write_text(path, dump_json(document, json_indent(path)))
    return FileChange(shown, action, "capy hooks moved to the other settings file")


def _hooks_table(document: dict[str, Any], shown: str) -> dict[str, Any]:
    table = document.setdefault("hooks", {})
    if not isinstance(table, dict):
        raise bad_shape(shown, '"hooks" is not a JSON object')
    return table


def _groups(table: dict[str, Any], event: str, shown: str) -> list[Any]:
    groups = table.setdefault(event, [])
    if not isinstance(groups, list):
        raise bad_shape(shown, f'"hooks.{event}" is not a JSON array')
    return groups


def _strip_capy(groups: list[Any], markers: tuple[str, ...]) -> int | None:
    """Remove capy's handlers; the index of the first group that had one (None if none)."""
    first: int | None = None
    index = 0
    while index < len(groups):
        group = groups[index]
        handlers = group.get("hooks") if isinstance(group, dict) else None
        if not isinstance(handlers, list):
            index += 1
            continue
        kept = [h for h in handlers if not _is_capy(h, markers)]
        if len(kept) == len(handlers):
            index += 1
            continue
        first = index if first is None else first
        if kept:
            group["hooks"] = kept
            index += 1
        else:
            del groups[index]
    return first


def _is_capy(handler: Any, markers: tuple[str, ...]) -> bool:
    command = handler.get("command") if isinstance(handler, dict) else None
    return isinstance(command, str) and any(marker in command for marker in markers)


def _group(specs: list[HookSpec]) -> dict[str, Any]:
    group: dict[str, Any] = {}
    if specs[0].matcher:
        group["matcher"] = specs[0].matcher
    group["hooks"] = [_handler(spec) for spec in specs]
    return group


def _handler(spec: HookSpec) -> dict[str, Any]:
    handler: dict[str, Any] = {"type": "command", "command": spec.command, "timeout": spec.timeout}
    if spec.run_async:
        handler["async"] = True
    return handler
