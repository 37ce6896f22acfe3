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

import json
import os
import random
import re
import sysconfig
import uuid as uuidlib
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import attrs

MB = 1_000_000
_VERSION = "2.1.140"
_MODEL = "claude-sonnet-4-5-20250929"
_MANGLE = re.compile(r"[^A-Za-z0-9]")
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


class _Session:
    """Lines of one transcript, written as Claude Code writes them."""

    def __init__(self, session_id: str, cwd: str, start: datetime, agent_id: str = "") -> None:
        self.session_id = session_id
        self.cwd = cwd
        self.now = start
        self.agent_id = agent_id
        self.parent: str | None = None
        self.lines: list[str] = []
        self.size = 0

    def _base(self, kind: str) -> dict[str, object]:
        self.now += timedelta(seconds=3)
        uid = str(uuidlib.uuid4())
        line: dict[str, object] = {
            "parentUuid": self.parent,
            "isSidechain": bool(self.agent_id),
            "userType": "external",
            "cwd": self.cwd,
            "sessionId": self.session_id,
            "version": _VERSION,
            "gitBranch": "main",
            "type": kind,
            "uuid": uid,
            "timestamp": self.now.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        }
        if self.agent_id:
            line["agentId"] = self.agent_id
        self.parent = uid
        return line

    def add(self, line: dict[str, object]) -> None:
        text = json.dumps(line, ensure_ascii=False)
        self.lines.append(text)
        self.size += len(text.encode()) + 1

    def user(self, content: object, **extra: object) -> None:
        line = self._base("user")
        line["message"] = {"role": "user", "content": content}
        line.update(extra)
        self.add(line)

    def assistant(self, blocks: list[dict[str, object]]) -> None:
        message_id = f"msg_{uuidlib.uuid4().hex[:24]}"
        for block in blocks:
            line = self._base("assistant")
            line["requestId"] = f"req_{message_id[4:20]}"
            line["message"] = {
                "id": message_id,
                "type": "message",
                "role": "assistant",
                "model": _MODEL,
                "content": [block],
                "stop_reason": None,
                "usage": {"input_tokens": 8, "cache_read_input_tokens": 21_034, "output_tokens": 3},
            }
            self.add(line)

    def text(self) -> bytes:
        return "".join(line + "\n" for line in self.lines).encode()


class HistoryWriter:
    """Writes sessions until a part reaches its size."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.texts = _Texts(self.rng)
        self.clock = datetime(2025, 6, 1, 8, 0, tzinfo=UTC)

    def part(self, root: Path, size: int, projects: int) -> HistoryPart:
        folders = [
            f"/home/dev/{self.rng.choice(['api', 'web', 'tools', 'infra'])}-{n:02d}"
            for n in range(projects)
        ]
        written = sessions = 0
        while written < size:
            project = self.rng.choice(folders)
            target = min(int(self.rng.lognormvariate(0, 1.3) * _MEDIAN_SESSION), _LARGEST_SESSION)
            written += self._session(root / "projects" / _MANGLE.sub("-", project), project, target)
            sessions += 1
        return HistoryPart(root, sessions, written)

    def _session(self, folder: Path, project: str, target: int) -> int:
        session_id = str(uuidlib.UUID(int=self.rng.getrandbits(128), version=4))
        self.clock += timedelta(minutes=self.rng.randrange(5, 600))
        main = _Session(session_id, project, self.clock)
        sidecars: dict[str, bytes] = {}
        main.user(self.texts.sentences(self.rng.randint(1, 4)))
        while main.size < target:
            self._turn(main, sidecars, project)
        main.add(
            {"type": "ai-title", "aiTitle": self.texts.sentences(1)[:60], "sessionId": session_id}
        )
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{session_id}.jsonl").write_bytes(main.text())
        total = main.size
        for relative, data in sidecars.items():
            path = folder / session_id / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            total += len(data)
        return total

    def _turn(self, session: _Session, sidecars: dict[str, bytes], project: str) -> None:
        rng = self.rng
        session.assistant(
            [
                {
                    "type": "thinking",
                    "thinking": self.texts.sentences(2),
                    "signature": "Eq" + "x" * 40,
                },
                {"type": "text", "text": self.texts.sentences(rng.randint(1, 5))},
            ]
        )
        for _ in range(rng.randint(1, 4)):
            self._tool(session, sidecars, project)
        if rng.random() < 0.35:
            session.user(self.texts.sentences(rng.randint(1, 3)))

    def _tool(self, session: _Session, sidecars: dict[str, bytes], project: str) -> None:
        rng = self.rng
        tool_id = f"toolu_{uuidlib.uuid4().hex[:24]}"
        kind = rng.random()
        extra: dict[str, object] = {}
        if kind < 0.35:
            name, text = self.texts.file()
            call = {"name": "Read", "input": {"file_path": f"{project}/{name}"}}
            result = "\n".join(
                f"{n:>6}\t{line}" for n, line in enumerate(text.splitlines()[:2000], 1)
            )
        elif kind < 0.6:
            command = rng.choice(
                ["pytest -q", "grep -rn", "ls -la", "git log --stat", "make build"]
            )
            call = {"name": "Bash", "input": {"command": f"{command} {self.texts.file()[0]}"}}
            result = "\n".join(self.texts.lines(rng.randint(5, 400)))
            extra = {"toolUseResult": {"stdout": result, "stderr": "", "interrupted": False}}
        elif kind < 0.8:
            name, _ = self.texts.file()
            old, new = self.texts.lines(3), self.texts.lines(4)
            call = {
                "name": "Edit",
                "input": {
                    "file_path": f"{project}/{name}",
                    "old_string": "\n".join(old),
                    "new_string": "\n".join(new),
                },
            }
            result = f"The file {project}/{name} has been updated successfully."
            extra = {
                "toolUseResult": {
                    "filePath": f"{project}/{name}",
                    "structuredPatch": [
                        {
                            "oldStart": 10,
                            "oldLines": 3,
                            "newStart": 10,
                            "newLines": 4,
                            "lines": [*("-" + x for x in old), *("+" + x for x in new)],
                        }
                    ],
                }
            }
        elif kind < 0.9:
            call = {
                "name": "Grep",
                "input": {"pattern": rng.choice(self.texts.lines(1) or ["def "])[:30]},
            }
            result = "\n".join(
                f"{self.texts.file()[0]}:{rng.randint(1, 900)}:{line}"
                for line in self.texts.lines(rng.randint(3, 60))
            )
        elif kind < 0.97:
            agent_id = uuidlib.uuid4().hex[:16]
            prompt = self.texts.sentences(3)
            call = {
                "name": "Task",
                "input": {"description": "explore", "prompt": prompt, "subagent_type": "Explore"},
            }
            agent = _Session(session.session_id, session.cwd, session.now, agent_id)
            agent.user(prompt)
            for _ in range(rng.randint(2, 8)):
                self._turn(agent, {}, project)
            sidecars[f"subagents/agent-{agent_id}.jsonl"] = agent.text()
            sidecars[f"subagents/agent-{agent_id}.meta.json"] = json.dumps(
                {"agentType": "Explore", "description": "explore"}
            ).encode()
            result = self.texts.sentences(4)
        else:
            shot = f"tool-results/{uuidlib.uuid4().hex[:12]}.png"
            sidecars[shot] = b"\x89PNG\r\n\x1a\n" + os.urandom(rng.randint(20_000, 150_000))
            call = {"name": "mcp__browser__screenshot", "input": {"url": "http://localhost:3000"}}
            result = f"Saved screenshot to {shot}"
        session.assistant([{"type": "tool_use", "id": tool_id, **call}])
        session.user([{"tool_use_id": tool_id, "type": "tool_result", "content": result}], **extra)


def write_history(out: Path, parts_mb: list[int], seed: int = 7) -> Iterator[HistoryPart]:
    """One Claude config folder per size (``<out>/part-N``), written one after the other."""
    writer = HistoryWriter(seed)
    for number, megabytes in enumerate(parts_mb, start=1):
        yield writer.part(out / f"part-{number}", megabytes * MB, projects=max(megabytes // 50, 2))
