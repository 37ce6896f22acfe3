"""Session transcripts written the way the hosts write them (benchmarks and tests).

``ClaudeTranscript`` produces Claude Code JSONL: user prompts, assistant responses streamed as
one line per content block sharing ``message.id`` (optionally repeating earlier blocks, as
some versions do), tool results, ``<system-reminder>`` noise, local-command records, away and
compaction summaries, sidechain lines. ``CodexRollout`` produces Codex CLI rollouts.
Nothing here reads the user's real ``~/.claude`` or ``~/.codex``; callers choose where files go.
"""

from __future__ import annotations

import json
import uuid as uuidlib
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

VERSION = "2.1.140"
MODEL = "claude-sonnet-4-5-20250929"


def mangle(path: Path | str) -> str:
    return "".join(c if c.isalnum() else "-" for c in str(path))


def _id(seed: str, n: int) -> str:
    return str(uuidlib.uuid5(uuidlib.NAMESPACE_URL, f"{seed}/{n}"))


class ClaudeTranscript:
    """Lines of one Claude Code session (or subagent) transcript."""

    def __init__(
        self,
        session_id: str,
        cwd: Path | str,
        start: datetime | None = None,
        *,
        branch: str = "main",
        agent_id: str = "",
        sidechain: bool = False,
    ) -> None:
        self.session_id = session_id
        self.cwd = str(cwd)
        self.now = start or datetime(2026, 8, 20, 9, 14, 3, tzinfo=UTC)
        self.branch = branch
        self.agent_id = agent_id
        self.sidechain = sidechain or bool(agent_id)
        self.lines: list[str] = []
        self._parent: str | None = None
        self._n = 0

    # -- building blocks -------------------------------------------------------------------
    def _tick(self, seconds: float = 2.5) -> str:
        self.now += timedelta(seconds=seconds)
        return self.now.isoformat(timespec="milliseconds").replace("+00:00", "Z")

    def _base(self, kind: str) -> dict[str, Any]:
        self._n += 1
        uid = _id(f"{self.session_id}{self.agent_id}{self.sidechain}", self._n)
        base: dict[str, Any] = {
            "parentUuid": self._parent,
            "isSidechain": self.sidechain,
            "userType": "external",
            "cwd": self.cwd,
            "sessionId": self.session_id,
            "version": VERSION,
            "gitBranch": self.branch,
            "type": kind,
            "uuid": uid,
            "timestamp": self._tick(),
        }
        if self.agent_id:
            base["agentId"] = self.agent_id
        self._parent = uid
        return base

    def raw(self, line: str) -> ClaudeTranscript:
        """Append a line verbatim (malformed lines, huge lines, foreign types)."""
        self.lines.append(line)
        return self

    def record(self, data: dict[str, Any]) -> ClaudeTranscript:
        self.lines.append(json.dumps(data, ensure_ascii=False))
        return self

    # -- what a session holds --------------------------------------------------------------
    def user(self, content: str | list[dict[str, Any]], **extra: Any) -> str:
        line = self._base("user")
        line["message"] = {"role": "user", "content": content}
        line.update(extra)
        self.record(line)
        return str(line["uuid"])

    def prompt(self, text: str, *, reminder: bool = False) -> str:
        """A typed prompt; with ``reminder`` Claude Code's injected reminder block comes too."""
        if reminder:
            text = (
                f"{text}\n\n<system-reminder>\nThe user opened the file /tmp/x.py in the "
                "IDE. This may or may not be related to the current task.\n</system-reminder>"
            )
        return self.user(text, promptId=_id("prompt", self._n))

    def assistant(
        self,
        *blocks: dict[str, Any],
        repeat_earlier: bool = False,
        message_id: str | None = None,
    ) -> str:
        """One API response streamed as one line per block, all sharing ``message.id``.

        ``repeat_earlier`` writes each later snapshot with the earlier blocks again."""
        mid = message_id or f"msg_{_id(self.session_id, self._n + 1000)[:20]}"
        shown: list[dict[str, Any]] = []
        for block in blocks:
            shown.append(block)
            line = self._base("assistant")
            line["requestId"] = f"req_{mid[4:14]}"
            line["message"] = {
                "id": mid,
                "type": "message",
                "role": "assistant",
                "model": MODEL,
                "content": list(shown) if repeat_earlier else [block],
                "stop_reason": None,
                "usage": {"input_tokens": 6, "output_tokens": 3},
            }
            self.record(line)
        return mid

    def say(self, text: str) -> str:
        return self.assistant(
            {"type": "thinking", "thinking": "Let me think.", "signature": "x"},
            {"type": "text", "text": text},
        )

    def tool(
        self, name: str, tool_input: dict[str, Any], result: str = "ok", *, text: str = ""
    ) -> str:
        """An assistant turn calling one tool (with optional text first), then its result."""
        tool_id = f"toolu_{_id(self.session_id, self._n + 5000)[:12]}"
        blocks: list[dict[str, Any]] = []
        if text:
            blocks.append({"type": "text", "text": text})
        blocks.append({"type": "tool_use", "id": tool_id, "name": name, "input": tool_input})
        self.assistant(*blocks)
        self.user(
            [{"tool_use_id": tool_id, "type": "tool_result", "content": result, "is_error": False}],
            toolUseResult={"stdout": result, "stderr": "", "interrupted": False},
        )
        return tool_id

    def bash(self, command: str, output: str = "", description: str = "") -> str:
        args = {"command": command}
        if description:
            args["description"] = description
        return self.tool("Bash", args, output)

    def local_command(self, name: str, stdout: str = "", args: str = "") -> None:
        """A slash command the user ran (``/clear``, ``/model``…), as Claude Code records it."""
        self.user(
            f"<command-name>{name}</command-name>\n            <command-message>"
            f"{name.lstrip('/')}</command-message>\n            <command-args>{args}"
            "</command-args>"
        )
        self.user(f"<local-command-stdout>{stdout}</local-command-stdout>")

    def caveat(self) -> None:
        self.user(
            "<local-command-caveat>Caveat: The messages below were generated by the user while "
            "running local commands. DO NOT respond to these messages.</local-command-caveat>",
            isMeta=True,
        )

    def away_summary(self, text: str) -> None:
        line = self._base("system")
        line.update({"subtype": "away_summary", "content": text, "level": "info"})
        self.record(line)

    def compaction(self, summary: str) -> None:
        """``/compact``: a boundary line, then the summary as a user message."""
        boundary = self._base("system")
        boundary.update(
            {
                "subtype": "compact_boundary",
                "content": "Conversation compacted",
                "logicalParentUuid": self._parent,
                "compactMetadata": {"trigger": "manual", "preTokens": 91234},
            }
        )
        boundary["parentUuid"] = None
        self.record(boundary)
        self.user(
            "This session is being continued from a previous conversation that ran out of "
            f"context. The conversation is summarized below:\n{summary}",
            isCompactSummary=True,
            isVisibleInTranscriptOnly=True,
        )

    def title(self, text: str) -> None:
        self.record({"type": "ai-title", "aiTitle": text, "sessionId": self.session_id})

    def text(self) -> str:
        return "".join(line + "\n" for line in self.lines)

    def write(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.text(), encoding="utf-8")
        return path


class ClaudeHome:
    """A fake ``~/.claude`` (or ``CLAUDE_CONFIG_DIR``) to write sessions into."""

    def __init__(self, config_dir: Path) -> None:
        self.config_dir = config_dir
        self.projects = config_dir / "projects"

    def project_dir(self, project: Path | str) -> Path:
        return self.projects / mangle(project)

    def session(self, project: Path | str, transcript: ClaudeTranscript) -> Path:
        return transcript.write(self.project_dir(project) / f"{transcript.session_id}.jsonl")

    def subagent(
        self,
        project: Path | str,
        session_id: str,
        transcript: ClaudeTranscript,
        agent_type: str = "general-purpose",
        description: str = "",
    ) -> Path:
        folder = self.project_dir(project) / session_id / "subagents"
        path = transcript.write(folder / f"agent-{transcript.agent_id}.jsonl")
        meta = {"agentType": agent_type, "description": description}
        (folder / f"agent-{transcript.agent_id}.meta.json").write_text(json.dumps(meta))
        return path


class CodexRollout:
    """Lines of one Codex CLI rollout file."""

    def __init__(self, session_id: str, cwd: Path | str, start: datetime | None = None) -> None:
        self.session_id = session_id
        self.cwd = str(cwd)
        self.now = start or datetime(2026, 8, 21, 15, 2, 11, tzinfo=UTC)
        self.start = self.now
        self.lines: list[str] = []
        self._line(
            "session_meta",
            {
                "id": session_id,
                "timestamp": self._stamp(),
                "cwd": self.cwd,
                "originator": "codex_cli_rs",
                "cli_version": "0.41.0",
                "instructions": "# AGENTS.md\nUse pytest.",
                "git": {
                    "commit_hash": "4f2a9c1",
                    "branch": "main",
                    "repository_url": "git@example.com:team/app.git",
                },
            },
        )
        self._line(
            "turn_context",
            {"cwd": self.cwd, "approval_policy": "on-request", "model": "gpt-5-codex"},
        )

    def _stamp(self) -> str:
        return self.now.isoformat(timespec="milliseconds").replace("+00:00", "Z")

    def _line(self, kind: str, payload: dict[str, Any]) -> None:
        self.now += timedelta(seconds=2)
        self.lines.append(
            json.dumps({"timestamp": self._stamp(), "type": kind, "payload": payload})
        )

    def user(self, text: str) -> None:
        self._line(
            "response_item",
            {
                "type": "message",
                "role": "user",
                "content": [
                    {
                        "type": "input_text",
                        "text": (
                            "<environment_context>\n  <cwd>" + self.cwd + "</cwd>\n"
                            "</environment_context>"
                        ),
                    }
                ],
            }
            if text == "<env>"
            else {
                "type": "message",
                "role": "user",
                "content": [{"type": "input_text", "text": text}],
            },
        )
        if text != "<env>":
            self._line("event_msg", {"type": "user_message", "message": text, "images": []})

    def say(self, text: str) -> None:
        self._line(
            "response_item",
            {
                "type": "reasoning",
                "summary": [{"type": "summary_text", "text": "**Planning**"}],
                "encrypted_content": "gAAA",
            },
        )
        self._line(
            "response_item",
            {
                "type": "message",
                "role": "assistant",
                "content": [{"type": "output_text", "text": text}],
            },
        )
        self._line("event_msg", {"type": "agent_message", "message": text})

    def shell(self, command: str, output: str = "") -> None:
        call = f"call_{len(self.lines)}"
        self._line(
            "response_item",
            {
                "type": "function_call",
                "name": "shell",
                "call_id": call,
                "arguments": json.dumps({"command": ["bash", "-lc", command], "workdir": self.cwd}),
            },
        )
        self._line(
            "response_item",
            {
                "type": "function_call_output",
                "call_id": call,
                "output": json.dumps({"output": output, "metadata": {"exit_code": 0}}),
            },
        )

    def patch(self, path: str) -> None:
        self._line(
            "response_item",
            {
                "type": "custom_tool_call",
                "name": "apply_patch",
                "call_id": "call_p",
                "input": f"*** Begin Patch\n*** Update File: {path}\n@@\n-a\n+b\n*** End Patch",
            },
        )

    def compacted(self, summary: str) -> None:
        self._line("compacted", {"message": summary})

    def text(self) -> str:
        return "".join(line + "\n" for line in self.lines)

    def write(self, codex_home: Path) -> Path:
        day = self.start
        stamp = day.strftime("%Y-%m-%dT%H-%M-%S")
        path = (
            codex_home
            / "sessions"
            / f"{day:%Y}"
            / f"{day:%m}"
            / f"{day:%d}"
            / f"rollout-{stamp}-{self.session_id}.jsonl"
        )
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.text(), encoding="utf-8")
        return path
