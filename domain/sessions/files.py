"""Session files as they lie on disk: a session's transcript and the files kept beside it."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path, PurePosixPath

import attrs


class SessionHost(StrEnum):
    """The AI coding tool that wrote a session."""

    CLAUDE_CODE = "claude-code"
    CODEX = "codex"


def is_subagent_transcript(relative_path: str) -> bool:
    """``subagents/…/agent-<id>.jsonl`` (workflow agents sit one level deeper)."""
    parts = PurePosixPath(relative_path).parts
    name = parts[-1] if parts else ""
    return (
        len(parts) >= 2
        and parts[0] == "subagents"
        and name.startswith("agent-")
        and name.endswith(".jsonl")
    )


def agent_id_of(relative_path: str) -> str:
    """``a4d2`` for ``…/agent-a4d2.jsonl`` (and for its ``.meta.json``); else ``""``."""
    name = PurePosixPath(relative_path).name
    if not name.startswith("agent-"):
        return ""
    return name.removeprefix("agent-").removesuffix(".jsonl").removesuffix(".meta.json")


@attrs.frozen
class Sidecar:
    """A regular file kept with a session (a subagent transcript, its ``.meta.json``, a
    tool-result dump, …).

    ``relative_path`` is slash-separated and relative to the session's own directory
    (``<uuid>/``), e.g. ``subagents/agent-a4d2.jsonl``; it never holds ``..`` or an absolute
    part. ``mtime_ns`` is the file's modification time in nanoseconds.
    """

    path: Path
    relative_path: str
    size: int
    mtime_ns: int

    @property
    def is_subagent_transcript(self) -> bool:
        """``subagents/…/agent-<id>.jsonl`` (workflow agents sit one level deeper)."""
        return is_subagent_transcript(self.relative_path)

    @property
    def agent_id(self) -> str:
        """``a4d2`` for ``…/agent-a4d2.jsonl`` (and for its ``.meta.json``); else ``""``."""
        return agent_id_of(self.relative_path)


@attrs.frozen
class SessionFile:
    """One session's transcript file and what belongs to it.

    ``session_id`` is the session's id as its file names it (the ``<uuid>`` of ``<uuid>.jsonl``
    for Claude Code; the uuid at the end of ``rollout-<time>-<uuid>.jsonl`` for Codex).
    ``project_dir`` is the directory the host filed it under (Claude Code:
    ``~/.claude/projects/<mangled project path>``; Codex: its sessions root). ``sidecars`` are
    every regular file under ``<project_dir>/<uuid>/`` (symlinks never followed), sorted by
    relative path. ``legacy_subagents`` are subagent transcripts that older Claude Code
    versions wrote beside the session files (``<project_dir>/agent-<id>.jsonl``) and that name
    this session; their ``relative_path`` is their file name within ``project_dir``.
    """

    host: SessionHost
    session_id: str
    path: Path
    size: int
    mtime_ns: int
    project_dir: Path
    sidecars: tuple[Sidecar, ...] = ()
    legacy_subagents: tuple[Sidecar, ...] = ()

    @property
    def subagent_transcripts(self) -> tuple[Sidecar, ...]:
        """Subagent transcripts of this session, both layouts, sorted by relative path."""
        nested = tuple(s for s in self.sidecars if s.is_subagent_transcript)
        return nested + self.legacy_subagents

    def subagent_meta_file(self, transcript: Sidecar) -> Sidecar | None:
        """The ``agent-<id>.meta.json`` beside a subagent transcript, if there is one."""
        wanted = transcript.relative_path.removesuffix(".jsonl") + ".meta.json"
        return next((s for s in self.sidecars if s.relative_path == wanted), None)

    @property
    def total_size(self) -> int:
        """Bytes of the transcript and every file that belongs to it."""
        return (
            self.size
            + sum(s.size for s in self.sidecars)
            + sum(s.size for s in self.legacy_subagents)
        )

    @property
    def last_modified_ns(self) -> int:
        """The latest modification time among the transcript and its files."""
        times = [self.mtime_ns, *(s.mtime_ns for s in self.sidecars)]
        times.extend(s.mtime_ns for s in self.legacy_subagents)
        return max(times)

    @property
    def fingerprint(self) -> str:
        """Changes whenever the transcript or a subagent transcript (or its meta) changes size
        or modification time; tool-result dumps do not count (a transcript never shows them)."""
        parts = [f"{self.size}:{self.mtime_ns}"]
        for sidecar in sorted(
            (*self.sidecars, *self.legacy_subagents), key=lambda s: s.relative_path
        ):
            if sidecar.relative_path.startswith("tool-results/"):
                continue
            parts.append(f"{sidecar.relative_path}={sidecar.size}:{sidecar.mtime_ns}")
        return "|".join(parts)


@attrs.frozen
class SubagentMeta:
    """What ``agent-<id>.meta.json`` says about a subagent: its type and task description."""

    agent_type: str = ""
    description: str = ""
