"""Claude Code's JSONL lines decoded into ``SessionRecord`` values.

The format is internal to Claude Code and changes between versions, so decoding is tolerant:
an unknown line type is still a record (with its type), a field of the wrong JSON type reads as
missing, and only a line that has neither ``type`` nor a message role is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from adapters.claude_sessions.jsonl_stream import JsonLine
from domain.sessions.records import EMPTY_OBJECT, ContentBlock, JsonObject, SessionRecord


def text_of(value: object) -> str:
    return value if isinstance(value, str) else ""


def flag(value: object) -> bool:
    return value is True


def as_object(value: object) -> JsonObject:
    return MappingProxyType(value) if isinstance(value, dict) else EMPTY_OBJECT


def tool_result_text(content: object) -> str:
    """A tool result's text: its string, or the text items of its list joined by newlines."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [text_of(item.get("text")) for item in content if isinstance(item, dict)]
        parts += [item for item in content if isinstance(item, str)]
        return "\n".join(part for part in parts if part)
    return ""


def content_block(item: object) -> ContentBlock | None:
    if isinstance(item, str):
        return ContentBlock(type="text", text=item)
    if not isinstance(item, dict):
        return None
    kind = text_of(item.get("type"))
    if kind == "text":
        return ContentBlock(type=kind, text=text_of(item.get("text")))
    if kind == "thinking":
        return ContentBlock(type=kind, text=text_of(item.get("thinking")))
    if kind in ("tool_use", "server_tool_use"):
        tool_input = item.get("input")
        return ContentBlock(
            type=kind,
            name=text_of(item.get("name")),
            id=text_of(item.get("id")),
            input=as_object(tool_input),
        )
    if kind == "tool_result":
        return ContentBlock(
            type=kind,
            text=tool_result_text(item.get("content")),
            tool_use_id=text_of(item.get("tool_use_id")),
            is_error=flag(item.get("is_error")),
        )
    return ContentBlock(type=kind or "unknown", text=text_of(item.get("text")))


def content_of(content: object) -> tuple[str | None, tuple[ContentBlock, ...]]:
    """(string content, blocks): a string message has no blocks, a block list no string."""
    if isinstance(content, str):
        return content, ()
    if isinstance(content, list):
        blocks = (content_block(item) for item in content)
        return None, tuple(block for block in blocks if block is not None)
    return None, ()


def claude_record(data: dict[str, object], line: JsonLine) -> SessionRecord | None:
    """One line of a Claude Code transcript (main session or subagent) as a record."""
    message: Mapping[str, object] = as_object(data.get("message"))
    kind = text_of(data.get("type")) or text_of(message.get("role"))
    if not kind:
        return None
    if message:
        text, blocks = content_of(message.get("content"))
    elif kind == "summary":
        text, blocks = text_of(data.get("summary")), ()
    else:
        text, blocks = content_of(data.get("content"))
    return SessionRecord(
        line_index=line.index,
        offset=line.offset,
        length=len(line.raw),
        type=kind,
        subtype=text_of(data.get("subtype")),
        uuid=text_of(data.get("uuid")),
        parent_uuid=text_of(data.get("parentUuid")),
        logical_parent_uuid=text_of(data.get("logicalParentUuid") or data.get("leafUuid")),
        session_id=text_of(data.get("sessionId")),
        timestamp=text_of(data.get("timestamp")),
        cwd=text_of(data.get("cwd")),
        git_branch=text_of(data.get("gitBranch")),
        is_sidechain=flag(data.get("isSidechain")),
        agent_id=text_of(data.get("agentId")),
        is_meta=flag(data.get("isMeta")),
        is_compact_summary=flag(data.get("isCompactSummary")),
        message_id=text_of(message.get("id")),
        role=text_of(message.get("role")),
        text=text,
        blocks=blocks,
        fields=MappingProxyType(data),
    )
