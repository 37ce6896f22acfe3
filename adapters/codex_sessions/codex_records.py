"""Codex CLI rollout lines decoded into host-neutral ``SessionRecord`` values.

A rollout line is ``{"timestamp", "type", "payload"}``: ``session_meta`` (id, cwd, git),
``turn_context`` (cwd, model), ``response_item`` (the conversation: ``message`` with a role,
``function_call``/``custom_tool_call``/``local_shell_call``/``web_search_call`` and their
outputs, ``reasoning``), ``compacted`` (a summary replacing earlier history) and ``event_msg``
(what the UI showed, which repeats the messages). Early versions wrote the session header as a
bare ``{"id", "timestamp", "instructions"}`` and the response items without an envelope.

The conversation maps onto the same record shape as Claude Code's: user and assistant messages
with text blocks, tool calls as ``tool_use`` blocks on assistant records, tool output as
``tool_result`` blocks on user records, and a compaction as a user record flagged
``is_compact_summary``. ``event_msg`` lines keep their own type (``event_msg``, subtype = the
event) so a transcript never counts a message twice.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import attrs

from adapters.claude_sessions.claude_records import as_object, text_of, tool_result_text
from adapters.claude_sessions.jsonl_stream import JsonLine
from domain.sessions.records import ContentBlock, JsonObject, SessionRecord


@attrs.frozen
class _Origin:
    """Where a record comes from: its line, its timestamp and the line's JSON object."""

    line: JsonLine
    timestamp: str
    fields: JsonObject

    def record(self, kind: str, **values: Any) -> SessionRecord:
        values.setdefault("timestamp", self.timestamp)
        return SessionRecord(
            line_index=self.line.index,
            offset=self.line.offset,
            length=len(self.line.raw),
            type=kind,
            fields=self.fields,
            **values,
        )


_ENVELOPES = frozenset({"session_meta", "response_item", "compacted", "turn_context", "event_msg"})
_TEXT_PARTS = frozenset({"input_text", "output_text", "text"})


def _arguments(raw: object) -> JsonObject:
    """A function call's arguments: a JSON object encoded in a string (or already decoded)."""
    if isinstance(raw, dict):
        return MappingProxyType(raw)
    if isinstance(raw, str):
        try:
            value = json.loads(raw)
        except (ValueError, RecursionError):
            return MappingProxyType({"arguments": raw})
        if isinstance(value, dict):
            return MappingProxyType(value)
        return MappingProxyType({"arguments": raw})
    return MappingProxyType({})


def _output_text(output: object) -> str:
    if isinstance(output, dict):
        return tool_result_text(output.get("content")) or text_of(output.get("output"))
    return tool_result_text(output)


def _message(item: Mapping[str, object], origin: _Origin) -> SessionRecord:
    role = text_of(item.get("role"))
    parts = item.get("content")
    blocks: list[ContentBlock] = []
    if isinstance(parts, str):
        blocks.append(ContentBlock(type="text", text=parts))
    elif isinstance(parts, list):
        for part in parts:
            if isinstance(part, dict) and text_of(part.get("type")) in _TEXT_PARTS:
                blocks.append(ContentBlock(type="text", text=text_of(part.get("text"))))
            elif isinstance(part, dict):
                blocks.append(ContentBlock(type=text_of(part.get("type")) or "unknown"))
    kind = role if role in ("user", "assistant") else (role or "message")
    return origin.record(kind, role=role, blocks=tuple(blocks))


def _tool_call(item: Mapping[str, object], origin: _Origin) -> SessionRecord:
    kind = text_of(item.get("type"))
    call_id = text_of(item.get("call_id")) or text_of(item.get("id"))
    if kind == "function_call":
        name, tool_input = text_of(item.get("name")), _arguments(item.get("arguments"))
    elif kind == "custom_tool_call":
        name = text_of(item.get("name"))
        tool_input = MappingProxyType({"input": text_of(item.get("input"))})
    elif kind == "local_shell_call":
        action = as_object(item.get("action"))
        name, tool_input = "local_shell", MappingProxyType({"command": action.get("command")})
    else:  # web_search_call
        action = as_object(item.get("action"))
        name, tool_input = "web_search", MappingProxyType({"query": text_of(action.get("query"))})
    block = ContentBlock(type="tool_use", name=name, id=call_id, input=tool_input)
    return origin.record("assistant", role="assistant", blocks=(block,))


_TOOL_CALLS = frozenset(
    {"function_call", "custom_tool_call", "local_shell_call", "web_search_call"}
)
_TOOL_OUTPUTS = frozenset({"function_call_output", "custom_tool_call_output"})


def _response_item(item: Mapping[str, object], origin: _Origin) -> SessionRecord:
    kind = text_of(item.get("type"))
    if kind == "message":
        return _message(item, origin)
    if kind in _TOOL_CALLS:
        return _tool_call(item, origin)
    if kind in _TOOL_OUTPUTS:
        block = ContentBlock(
            type="tool_result",
            text=_output_text(item.get("output")),
            tool_use_id=text_of(item.get("call_id")),
        )
        return origin.record("user", role="user", blocks=(block,))
    if kind == "reasoning":
        summary = item.get("summary")
        parts = summary if isinstance(summary, list) else []
        texts = [text_of(part.get("text")) for part in parts if isinstance(part, dict)]
        blocks = tuple(ContentBlock(type="thinking", text=t) for t in texts if t)
        return origin.record("assistant", role="assistant", blocks=blocks)
    return origin.record(kind or "response_item")


def codex_record(data: dict[str, object], line: JsonLine) -> SessionRecord | None:
    """One rollout line as a record (None: not a rollout line)."""
    envelope = text_of(data.get("type"))
    origin = _Origin(line, text_of(data.get("timestamp")), MappingProxyType(data))
    payload = as_object(data.get("payload"))
    if envelope in _ENVELOPES and "payload" in data:
        if envelope == "session_meta":
            return _meta(payload, origin)
        if envelope == "turn_context":
            return origin.record(envelope, cwd=text_of(payload.get("cwd")))
        if envelope == "compacted":
            return origin.record(
                "user", role="user", is_compact_summary=True, text=text_of(payload.get("message"))
            )
        if envelope == "event_msg":
            message = payload.get("message")
            return origin.record(
                envelope,
                subtype=text_of(payload.get("type")),
                text=message if isinstance(message, str) else None,
            )
        return _response_item(payload, origin)
    if "instructions" in data and isinstance(data.get("id"), str) and not envelope:
        return _meta(data, origin)  # the header line of an early rollout
    if text_of(data.get("record_type")):
        return origin.record(text_of(data.get("record_type")))
    if envelope:
        return _response_item(data, origin)  # an early rollout's bare response item
    return None


def _meta(payload: Mapping[str, object], origin: _Origin) -> SessionRecord:
    git = as_object(payload.get("git"))
    return origin.record(
        "session_meta",
        timestamp=text_of(payload.get("timestamp")) or origin.timestamp,
        session_id=text_of(payload.get("id")),
        cwd=text_of(payload.get("cwd")),
        git_branch=text_of(git.get("branch")),
    )
