"""Reading a session's records into search rows and what the vault lists about it.

One row per message: the person's text (``user``), the agent's text and tool calls
(``assistant``), each tool result tagged with the call it answers (``tool``), and the host's
notes (``system``: away summaries, compaction summaries, pull-request links, attachments).
Streamed snapshots of one assistant message make one row, at the line of its first snapshot.
Results of file dumps and edits are left out (``indexing``). Every row and the title are
redacted; nothing else of a session is changed (its bytes are archived verbatim elsewhere).
The scanner sees one record at a time, so a session of any size is scanned in one pass.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime

import attrs

from domain.redaction import redact_secrets
from domain.sessions.noise import clean_user_text
from domain.sessions.records import ContentBlock, SessionRecord
from domain.sessions.snapshots import SnapshotTracker
from domain.vault.indexing import result_is_indexed
from domain.vault.session import MessageRole, SessionSummary, VaultMessage
from domain.vault.tool_calls import call_summary

RESULT_CHARS = 16_384
MESSAGE_CHARS = 65_536
TITLE_CHARS = 120
_HEAD_SHARE = 0.75
_ATTACHMENT_KEYS = ("text", "filename", "fileName", "name", "title", "source", "path")


def head_and_tail(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters: three quarters from its start, one from its end."""
    if len(text) <= limit:
        return text
    head = int(limit * _HEAD_SHARE)
    tail = limit - head - 1
    return text[:head] + "…" + text[len(text) - tail :]


def parse_timestamp(text: str) -> datetime | None:
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else None


@attrs.define
class _Row:
    role: MessageRole
    parts: list[str]
    line_index: int
    turn_index: int
    message_index: int
    subagent_id: str


@attrs.frozen
class ScanResult:
    summary: SessionSummary
    messages: tuple[VaultMessage, ...]


class _FileScan:
    """The state of one transcript file (the session's or one subagent's)."""

    def __init__(self, owner: SessionScanner, subagent_id: str) -> None:
        self.owner = owner
        self.subagent_id = subagent_id
        self.tracker = SnapshotTracker()
        self.rows_of_message: dict[str, _Row] = {}
        self.calls: dict[str, str] = {}  # tool_use id → call summary
        self.call_names: dict[str, str] = {}
        self.turn = 0
        self.in_turn = 0
        self.rows = 0

    def row(self, role: MessageRole, text: str, line: int, *, new_turn: bool = False) -> _Row:
        if new_turn and self.rows:
            self.turn += 1
            self.in_turn = 0
        made = _Row(role, [text], line, self.turn, self.in_turn, self.subagent_id)
        self.in_turn += 1
        self.rows += 1
        self.owner.rows.append(made)
        return made


class SessionScanner:
    """Feed the main transcript with ``scan(records)``, each subagent's with its id, then
    ``finish()``. Times, working directory, branch and title come from the main transcript."""

    def __init__(self) -> None:
        self.rows: list[_Row] = []
        self._start: datetime | None = None
        self._end: datetime | None = None
        self._cwd: str | None = None
        self._branch: str | None = None
        self._titles: dict[str, str] = {}
        self._summaries: list[tuple[str, str]] = []  # (leaf uuid, summary)
        self._uuids: set[str] = set()
        self._first_prompt: str | None = None

    def scan(self, records: Iterable[SessionRecord], subagent_id: str = "") -> None:
        state = _FileScan(self, subagent_id)
        main = not subagent_id
        for record in records:
            if main:
                self._note(record)
            handler = _HANDLERS.get(record.type)
            if handler is not None:
                handler(self, state, record)

    def _note(self, record: SessionRecord) -> None:
        moment = parse_timestamp(record.timestamp)
        if moment is not None:
            self._start = self._start or moment
            self._end = moment
        if record.type in ("user", "assistant") and record.uuid:
            self._uuids.add(record.uuid)
        if record.type == "user" and self._cwd is None and record.cwd:
            self._cwd = record.cwd
            self._branch = record.git_branch or None

    # -- line types --------------------------------------------------------------------------
    def _user(self, state: _FileScan, record: SessionRecord) -> None:
        if record.is_meta:
            return
        if record.is_compact_summary:
            state.row(MessageRole.SYSTEM, record.text or _texts(record.blocks), record.line_index)
            return
        if record.text is not None:
            self._prompt(state, record.text, record.line_index)
            return
        said = _texts(record.blocks)
        if said.strip():
            self._prompt(state, said, record.line_index)
        for block in record.blocks:
            if block.type == "tool_result":
                self._result(state, block, record.line_index)

    def _prompt(self, state: _FileScan, text: str, line: int) -> None:
        """What the person typed; the host's injected blocks (reminders, command bookkeeping)
        are left out of the index and the title by the same rule as the session sweep's."""
        typed = clean_user_text(text)
        if not typed.strip():
            return
        state.row(MessageRole.USER, typed, line, new_turn=True)
        if self._first_prompt is None and not state.subagent_id:
            self._first_prompt = typed

    def _result(self, state: _FileScan, block: ContentBlock, line: int) -> None:
        name = state.call_names.get(block.tool_use_id)
        if not result_is_indexed(name):
            return
        body = head_and_tail(block.text, RESULT_CHARS)
        call = state.calls.get(block.tool_use_id)
        state.row(MessageRole.TOOL, f"{call}\n{body}" if call else body, line)

    def _assistant(self, state: _FileScan, record: SessionRecord) -> None:
        snapshot = state.tracker.see(record)
        parts = []
        for block in snapshot.new_blocks:
            if block.type == "text" and block.text.strip():
                parts.append(block.text)
            elif block.type in ("tool_use", "server_tool_use"):
                summary = call_summary(block)
                state.calls[block.id] = summary
                state.call_names[block.id] = block.name
                parts.append(f"→ {summary}")
        if snapshot.first:
            if record.text is not None and record.text.strip():
                parts.insert(0, record.text)
            state.rows_of_message[snapshot.key] = state.row(
                MessageRole.ASSISTANT, "\n".join(parts), record.line_index
            )
        elif parts:
            state.rows_of_message[snapshot.key].parts.extend(parts)

    def _system(self, state: _FileScan, record: SessionRecord) -> None:
        if record.subtype == "away_summary" and record.text:
            state.row(MessageRole.SYSTEM, record.text, record.line_index)

    def _title(self, state: _FileScan, record: SessionRecord) -> None:
        if state.subagent_id:
            return
        title = _string(record.fields, "customTitle", "aiTitle", "title")
        if title:
            self._titles[record.type] = title

    def _summary(self, state: _FileScan, record: SessionRecord) -> None:
        if not state.subagent_id and record.text:
            self._summaries.append((record.logical_parent_uuid, record.text))

    def _pr_link(self, state: _FileScan, record: SessionRecord) -> None:
        fields = record.fields
        number = fields.get("prNumber", fields.get("number"))
        repo = _string(fields, "prRepository", "repository", "repo")
        url = _string(fields, "prUrl", "url")
        shown = f"#{number}" if isinstance(number, int | str) and str(number) else ""
        text = " ".join(part for part in ("PR", shown, repo, url) if part)
        if text != "PR":
            state.row(MessageRole.SYSTEM, text, record.line_index)

    def _attachment(self, state: _FileScan, record: SessionRecord) -> None:
        found: list[str] = []
        _gather(record.fields.get("attachment"), found, depth=0)
        if found:
            state.row(MessageRole.SYSTEM, "\n".join(found), record.line_index)

    # -- result ------------------------------------------------------------------------------
    def finish(self) -> ScanResult:
        messages = []
        count = 0
        for row in self.rows:
            limit = RESULT_CHARS + 2 * 1024 if row.role is MessageRole.TOOL else MESSAGE_CHARS
            text = redact_secrets(head_and_tail("\n".join(row.parts).strip(), limit))
            if not text:
                continue
            if not row.subagent_id and row.role in (MessageRole.USER, MessageRole.ASSISTANT):
                count += 1
            messages.append(
                VaultMessage(
                    role=row.role,
                    text=text,
                    line_index=row.line_index,
                    turn_index=row.turn_index,
                    message_index=row.message_index,
                    subagent_id=row.subagent_id,
                )
            )
        summary = SessionSummary(
            title=self._title_text(),
            start_time=self._start,
            end_time=self._end,
            message_count=count,
            cwd=self._cwd,
            git_branch=self._branch,
        )
        return ScanResult(summary, tuple(messages))

    def _title_text(self) -> str | None:
        title = self._titles.get("custom-title") or self._titles.get("ai-title")
        if not title:
            trusted = [text for leaf, text in self._summaries if leaf in self._uuids]
            title = trusted[-1] if trusted else self._first_prompt
        if not title:
            return None
        flat = " ".join(redact_secrets(title).split())
        return flat if len(flat) <= TITLE_CHARS else flat[:TITLE_CHARS].rstrip() + "…"


def _texts(blocks: Iterable[ContentBlock]) -> str:
    return "\n".join(block.text for block in blocks if block.type == "text" and block.text)


def _string(fields: Mapping[str, object], *keys: str) -> str:
    for key in keys:
        value = fields.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return ""


def _gather(value: object, found: list[str], depth: int) -> None:
    """Strings under the keys that name or hold an attachment's content, a few levels deep."""
    if depth > 3 or len(found) > 20:
        return
    if isinstance(value, Mapping):
        for key in _ATTACHMENT_KEYS:
            text = value.get(key)
            if isinstance(text, str) and text.strip():
                found.append(text.strip())
        for nested in value.values():
            if isinstance(nested, Mapping | list):
                _gather(nested, found, depth + 1)
    elif isinstance(value, list):
        for item in value[:20]:
            _gather(item, found, depth + 1)


_HANDLERS = {
    "user": SessionScanner._user,
    "assistant": SessionScanner._assistant,
    "system": SessionScanner._system,
    "ai-title": SessionScanner._title,
    "custom-title": SessionScanner._title,
    "summary": SessionScanner._summary,
    "pr-link": SessionScanner._pr_link,
    "attachment": SessionScanner._attachment,
}
