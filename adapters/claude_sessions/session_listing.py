"""Listing the sessions in one Claude Code project directory, with the files kept beside them.

Layout (``~/.claude/projects/<mangled project path>/``)::

    <uuid>.jsonl                         the session's transcript
    <uuid>/subagents/agent-<id>.jsonl    a subagent's transcript (+ agent-<id>.meta.json);
    <uuid>/subagents/workflows/<w>/…     agents of a workflow, one level deeper
    <uuid>/tool-results/…                large tool outputs moved out of the transcript
    agent-<id>.jsonl                     a subagent, as Claude Code ≤ 2.0 wrote it (its lines
                                         name the session in ``sessionId``)

Only regular files count; symlinks are never followed, so a link planted in the directory
cannot make capy read (or archive) a file the host did not write.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import attrs

from adapters.claude_sessions.jsonl_stream import head_objects
from domain.sessions.files import SessionFile, SessionHost, Sidecar

JSONL = ".jsonl"
LEGACY_AGENT_PREFIX = "agent-"
# Lines read from a legacy subagent file while looking for the session it belongs to.
HEAD_LINES = 20
HEAD_LINE_BYTES = 1024 * 1024


def _regular_entries(directory: Path) -> Iterator[os.DirEntry[str]]:
    try:
        with os.scandir(directory) as entries:
            found = list(entries)
    except OSError:
        return
    for entry in found:
        try:
            if entry.is_file(follow_symlinks=False):
                yield entry
        except OSError:
            continue


def _sidecar(entry: os.DirEntry[str], relative: str) -> Sidecar | None:
    try:
        info = entry.stat(follow_symlinks=False)
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode):
        return None
    return Sidecar(
        path=Path(entry.path), relative_path=relative, size=info.st_size, mtime_ns=info.st_mtime_ns
    )


def sidecars_under(directory: Path) -> tuple[Sidecar, ...]:
    """Every regular file below ``directory`` (no symlinks, files or directories), sorted."""
    found: list[Sidecar] = []
    pending: list[tuple[Path, str]] = [(directory, "")]
    while pending:
        current, prefix = pending.pop()
        try:
            with os.scandir(current) as scan:
                entries = list(scan)
        except OSError:
            continue
        for entry in entries:
            relative = f"{prefix}{entry.name}"
            try:
                if entry.is_dir(follow_symlinks=False):
                    pending.append((Path(entry.path), f"{relative}/"))
                    continue
                if not entry.is_file(follow_symlinks=False):
                    continue
            except OSError:
                continue
            sidecar = _sidecar(entry, relative)
            if sidecar is not None:
                found.append(sidecar)
    return tuple(sorted(found, key=lambda s: s.relative_path))


def _is_directory(path: Path) -> bool:
    try:
        return stat.S_ISDIR(path.lstat().st_mode)
    except OSError:
        return False


def first_session_id(path: Path) -> str:
    """The ``sessionId`` named by the first lines of a transcript (``""`` if none)."""
    for data in head_objects(path, HEAD_LINES, HEAD_LINE_BYTES):
        session_id = data.get("sessionId")
        if isinstance(session_id, str) and session_id:
            return session_id
    return ""


def list_project_dir(directory: Path) -> list[SessionFile]:
    """The sessions of one project directory, sorted by path."""
    sessions: dict[str, SessionFile] = {}
    legacy: list[os.DirEntry[str]] = []
    for entry in _regular_entries(directory):
        if not entry.name.endswith(JSONL):
            continue
        if entry.name.startswith(LEGACY_AGENT_PREFIX):
            legacy.append(entry)
            continue
        main = _sidecar(entry, entry.name)
        if main is None:
            continue
        session_id = entry.name.removesuffix(JSONL)
        own_dir = directory / session_id
        sessions[session_id] = SessionFile(
            host=SessionHost.CLAUDE_CODE,
            session_id=session_id,
            path=main.path,
            size=main.size,
            mtime_ns=main.mtime_ns,
            project_dir=directory,
            sidecars=sidecars_under(own_dir) if _is_directory(own_dir) else (),
        )
    for entry in sorted(legacy, key=lambda e: e.name):
        owner = sessions.get(first_session_id(Path(entry.path)))
        sidecar = _sidecar(entry, entry.name)
        if owner is not None and sidecar is not None:
            sessions[owner.session_id] = _with_legacy(owner, sidecar)
    return sorted(sessions.values(), key=lambda s: s.path)


def _with_legacy(session: SessionFile, sidecar: Sidecar) -> SessionFile:
    return attrs.evolve(session, legacy_subagents=(*session.legacy_subagents, sidecar))
