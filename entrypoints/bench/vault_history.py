"""A generated Claude Code history for measuring the vault: real text, Claude Code's layout.

Sessions are written as Claude Code writes them (``projects/<mangled path>/<uuid>.jsonl``,
one line per streamed content block sharing ``message.id``, tool results with
``toolUseResult``, subagent transcripts and tool-result files under ``<uuid>/``), so the
import reads, hashes, compresses and indexes what it would read on a real machine. The text
is real: source files and comments of this Python's standard library stand in for the files
an agent reads and edits, the prose the user and the agent write, and the output of searches,
test runs and listings. Sizes follow a long tail (most sessions a few hundred KB, a few tens
of MB). Deterministic for a seed.
"""

from __future__ import annotations

import os
import random
import re
import sysconfig
import uuid as uuidlib
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import attrs

from entrypoints.bench.transcript_files import ClaudeHome, ClaudeTranscript

MB = 1_000_000
_COMMENT = re.compile(r"^\s*#\s?(.{30,})$")
_MAX_SOURCE_FILES = 1500
_MEDIAN_SESSION = 200_000
_LARGEST_SESSION = 40 * MB


@attrs.frozen
class HistoryPart:
    """One generated Claude config folder (``<root>/projects/...``) and its size."""

    root: Path
    sessions: int
    bytes: int


class _Texts:
    """Real text from the standard library: files, their lines, their comments."""

    def __init__(self, rng: random.Random) -> None:
        stdlib = Path(sysconfig.get_paths()["stdlib"])
        names = sorted(
            p for p in stdlib.rglob("*.py") if "site-packages" not in p.parts and p.is_file()
        )
        rng.shuffle(names)
        self.files: list[tuple[str, str]] = []
        self.prose: list[str] = []
        for path in names[:_MAX_SOURCE_FILES]:
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            if not 200 < len(text) < 400_000:
                continue
            self.files.append((str(path.relative_to(stdlib)), text))
            self.prose += [m.group(1).strip() for m in map(_COMMENT.match, text.splitlines()) if m]
        self.rng = rng

    def file(self) -> tuple[str, str]:
        return self.rng.choice(self.files)

    def sentences(self, count: int) -> str:
        return " ".join(self.rng.choice(self.prose) for _ in range(count))

    def lines(self, count: int) -> list[str]:
        _, text = self.file()
        lines = text.splitlines()
        start = self.rng.randrange(max(len(lines) - count, 1))
        return lines[start : start + count]


def _size(transcript: ClaudeTranscript, since: int = 0) -> int:
    return sum(len(line.encode()) + 1 for line in transcript.lines[since:])


class HistoryWriter:
    """Writes sessions (with ``ClaudeTranscript``, the writer of the tests and the session
    benchmark) until a part reaches its size."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.texts = _Texts(self.rng)
        self.clock = datetime(2025, 6, 1, 8, 0, tzinfo=UTC)

    def part(self, root: Path, size: int, projects: int) -> HistoryPart:
        kinds = ("api", "web", "tools", "infra")
        folders = [f"/home/dev/{self.rng.choice(kinds)}-{n:02d}" for n in range(projects)]
        home = ClaudeHome(root)
        written = sessions = 0
        while written < size:
            project = self.rng.choice(folders)
            target = min(int(self.rng.lognormvariate(0, 1.3) * _MEDIAN_SESSION), _LARGEST_SESSION)
            written += self._session(home, project, target)
            sessions += 1
        return HistoryPart(root, sessions, written)

    def sessions(self, root: Path, count: int, target: int, projects: int) -> HistoryPart:
        """``count`` sessions of about ``target`` bytes each (a vault with many sessions)."""
        folders = [f"/home/dev/project-{n:02d}" for n in range(projects)]
        home = ClaudeHome(root)
        written = sum(self._session(home, self.rng.choice(folders), target) for _ in range(count))
        return HistoryPart(root, count, written)

    def _session(self, home: ClaudeHome, project: str, target: int) -> int:
        session_id = str(uuidlib.UUID(int=self.rng.getrandbits(128), version=4))
        self.clock += timedelta(minutes=self.rng.randrange(5, 600))
        main = ClaudeTranscript(session_id, project, self.clock)
        sidecars: dict[str, bytes] = {}
        main.prompt(self.texts.sentences(self.rng.randint(1, 4)))
        size = _size(main)
        while size < target:
            before = len(main.lines)
            size += self._turn(home, main, sidecars, project)
            size += _size(main, before)
        main.title(self.texts.sentences(1)[:60])
        total = home.session(project, main).stat().st_size
        own = home.project_dir(project) / session_id
        for relative, data in sidecars.items():
            path = own / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        return total + sum(f.stat().st_size for f in own.rglob("*") if f.is_file())

    def _turn(
        self, home: ClaudeHome, t: ClaudeTranscript, sidecars: dict[str, bytes], project: str
    ) -> int:
        """One turn; returns the bytes it wrote beside the transcript (subagents, files)."""
        rng = self.rng
        beside = 0
        t.assistant(
            {"type": "thinking", "thinking": self.texts.sentences(2), "signature": "Eq" + "x" * 40},
            {"type": "text", "text": self.texts.sentences(rng.randint(1, 5))},
        )
        for _ in range(rng.randint(1, 4)):
            beside += self._tool(home, t, sidecars, project)
        if rng.random() < 0.35:
            t.prompt(self.texts.sentences(rng.randint(1, 3)))
        return beside

    def _tool(
        self, home: ClaudeHome, t: ClaudeTranscript, sidecars: dict[str, bytes], project: str
    ) -> int:
        rng = self.rng
        kind = rng.random()
        if kind < 0.35:
            name, text = self.texts.file()
            numbered = (f"{n:>6}\t{line}" for n, line in enumerate(text.splitlines()[:2000], 1))
            t.tool("Read", {"file_path": f"{project}/{name}"}, "\n".join(numbered))
        elif kind < 0.6:
            command = rng.choice(["pytest -q", "grep -rn", "ls -la", "git log --stat", "make"])
            t.bash(
                f"{command} {self.texts.file()[0]}",
                "\n".join(self.texts.lines(rng.randint(5, 400))),
            )
        elif kind < 0.8:
            self._edit(t, project)
        elif kind < 0.9:
            pattern = (self.texts.lines(1) or ["def "])[0][:30]
            found = (
                f"{self.texts.file()[0]}:{rng.randint(1, 900)}:{line}"
                for line in self.texts.lines(rng.randint(3, 60))
            )
            t.tool("Grep", {"pattern": pattern}, "\n".join(found))
        elif kind < 0.97:
            prompt = self.texts.sentences(3)
            t.tool(
                "Task",
                {"description": "explore", "prompt": prompt, "subagent_type": "Explore"},
                self.texts.sentences(4),
            )
            agent = ClaudeTranscript(
                t.session_id, project, t.now, agent_id=uuidlib.uuid4().hex[:16]
            )
            agent.prompt(prompt)
            for _ in range(rng.randint(2, 8)):
                self._turn(home, agent, sidecars, project)
            return home.subagent(project, t.session_id, agent, "Explore", "explore").stat().st_size
        else:
            shot = f"tool-results/{uuidlib.uuid4().hex[:12]}.png"
            sidecars[shot] = b"\x89PNG\r\n\x1a\n" + os.urandom(rng.randint(20_000, 150_000))
            t.tool("mcp__browser__screenshot", {"url": "http://localhost:3000"}, f"Saved {shot}")
            return len(sidecars[shot])
        return 0

    def _edit(self, t: ClaudeTranscript, project: str) -> None:
        name, _ = self.texts.file()
        path = f"{project}/{name}"
        old, new = self.texts.lines(3), self.texts.lines(4)
        tool_id = f"toolu_{uuidlib.uuid4().hex[:24]}"
        edit = {"file_path": path, "old_string": "\n".join(old), "new_string": "\n".join(new)}
        t.assistant({"type": "tool_use", "id": tool_id, "name": "Edit", "input": edit})
        patch = {
            "oldStart": 10,
            "oldLines": len(old),
            "newStart": 10,
            "newLines": len(new),
            "lines": [*("-" + line for line in old), *("+" + line for line in new)],
        }
        result = f"The file {path} has been updated successfully."
        t.user(
            [{"tool_use_id": tool_id, "type": "tool_result", "content": result}],
            toolUseResult={"filePath": path, "structuredPatch": [patch]},
        )


def write_history(out: Path, parts_mb: list[int], seed: int = 7) -> Iterator[HistoryPart]:
    """One Claude config folder per size (``<out>/part-N``), written one after the other."""
    writer = HistoryWriter(seed)
    for number, megabytes in enumerate(parts_mb, start=1):
        yield writer.part(out / f"part-{number}", megabytes * MB, projects=max(megabytes // 50, 2))
