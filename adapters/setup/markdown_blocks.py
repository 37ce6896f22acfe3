"""capy's lines in markdown instruction files (``CLAUDE.md``, ``AGENTS.md``)."""

from __future__ import annotations

from pathlib import Path

from adapters.setup.text_files import read_text, write_text
from application.ports.project_files import ChangeAction, FileChange


def ensure_import(path: Path, shown: str, line: str, heading: str) -> FileChange:
    """Append ``heading`` + ``line`` once; an existing import line anywhere is enough."""
    text = read_text(path) or ""
    if any(existing.strip() == line for existing in text.splitlines()):
        return FileChange(shown, ChangeAction.UNCHANGED, f"imports {line[1:]}")
    prefix = text.rstrip("\n") + "\n\n" if text.strip() else ""
    action = write_text(path, f"{prefix}{heading}\n\n{line}\n")
    return FileChange(shown, action, f"imports {line[1:]}")


def upsert_block(path: Path, shown: str, begin: str, end: str, body: str) -> FileChange:
    """Replace the text between the marker lines, or append the block at the end."""
    text = read_text(path) or ""
    block = f"{begin}\n{body.strip()}\n{end}\n"
    lines = text.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.strip() == begin]
    stops = [i for i, line in enumerate(lines) if line.strip() == end]
    if starts and stops and stops[0] > starts[0]:
        updated = "".join([*lines[: starts[0]], block, *lines[stops[0] + 1 :]])
    elif starts or stops:
        return FileChange(
            shown,
            ChangeAction.FAILED,
            "holds only one of capy's two marker lines",
            f"remove the stray line ({begin} or {end}), then run `capy setup` again",
        )
    else:
        prefix = text.rstrip("\n") + "\n\n" if text.strip() else ""
        updated = prefix + block
    return FileChange(shown, write_text(path, updated), "capy routing instructions")


def ensure_lines(path: Path, shown: str, lines: tuple[str, ...], heading: str) -> FileChange:
    """Append the ``lines`` a file lacks (``.gitignore``), under a comment ``heading``."""
    text = read_text(path) or ""
    present = {line.strip() for line in text.splitlines()}
    missing = [line for line in lines if line not in present]
    if not missing:
        return FileChange(shown, ChangeAction.UNCHANGED, "capy entries present")
    prefix = text if not text or text.endswith("\n") else text + "\n"
    if prefix.strip():
        prefix += "\n"
    header = f"{heading}\n" if heading not in present else ""
    action = write_text(path, prefix + header + "".join(f"{line}\n" for line in missing))
    return FileChange(shown, action, ", ".join(missing))
