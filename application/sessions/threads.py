"""Sessions that continue one another, found from their first lines.

Claude Code splits one line of work across files in three ways:

- ``/clear`` starts a new session file whose first typed record is the ``/clear`` command
  itself; the session it cleared is the one in the same project directory last written just
  before (within ``CLEAR_WINDOW``);
- ``--resume`` / ``--continue`` in older versions started a new file that first copies the
  earlier conversation: its first lines still name the earlier session's id;
- a file whose first message's ``parentUuid`` points outside the file continues the file that
  holds that message.

A session ``follows`` at most one other; following the links from the newest file back gives
a thread, which is indexed as one conversation under its first session's label. Summary lines
(``leafUuid``) are not links: Claude Code writes summaries of *other* sessions into new files.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timedelta

import attrs

from application.ports.session_files import SessionFiles
from domain.sessions.files import SessionFile
from domain.sessions.noise import slash_command
from domain.sessions.records import SessionRecord

HEAD_RECORDS = 40
CLEAR_WINDOW = timedelta(hours=12)
CLOCK_SLACK = timedelta(seconds=5)
# Files searched for the message a continuation's first line points at.
MAX_LINK_CANDIDATES = 50
_CONVERSATION = frozenset({"user", "assistant", "system"})


def session_key(session: SessionFile) -> str:
    return f"{session.host.value}:{session.session_id}"


@attrs.frozen
class SessionHead:
    """What a session's first lines say about where it came from."""

    first_timestamp: str = ""
    cleared: bool = False
    foreign_sessions: tuple[str, ...] = ()
    parent_link: str = ""


def _typed_command(record: SessionRecord) -> str:
    if record.type != "user" or record.is_meta:
        return ""
    text = record.text if record.text is not None else ""
    if not text:
        text = "\n".join(b.text for b in record.blocks if b.type == "text")
    return slash_command(text) if text else "-"


def read_head(files: SessionFiles, session: SessionFile) -> SessionHead:
    first_timestamp, parent_link = "", ""
    cleared: bool | None = None
    first_message = True
    foreign: list[str] = []
    own: set[str] = set()
    for count, record in enumerate(files.records(session.path)):
        if count >= HEAD_RECORDS:
            break
        first_timestamp = first_timestamp or record.timestamp
        if record.uuid:
            own.add(record.uuid)
        if record.type not in _CONVERSATION or record.is_sidechain:
            continue
        if record.session_id and record.session_id != session.session_id:
            foreign.append(record.session_id)
        if cleared is None and record.type == "user":
            command = _typed_command(record)
            if command:
                cleared = command == "/clear"
        if first_message and record.parent_uuid not in own:
            parent_link = record.parent_uuid
        first_message = False
    return SessionHead(
        first_timestamp=first_timestamp,
        cleared=bool(cleared),
        foreign_sessions=tuple(dict.fromkeys(foreign)),
        parent_link=parent_link,
    )


def _moment(timestamp: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(timestamp)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


def _holds(files: SessionFiles, session: SessionFile, uuid: str) -> bool:
    try:
        return any(record.uuid == uuid for record in files.records(session.path))
    except OSError:
        return False


def predecessor(
    files: SessionFiles,
    session: SessionFile,
    head: SessionHead,
    siblings: Sequence[SessionFile],
    modified: Callable[[SessionFile], datetime],
) -> SessionFile | None:
    """The session ``session`` continues, among ``siblings`` (its project directory's)."""
    others = [s for s in siblings if s.path != session.path]
    by_id = {s.session_id: s for s in others}
    for foreign in head.foreign_sessions:
        if foreign in by_id:
            return by_id[foreign]
    newest_first = sorted(others, key=lambda s: s.mtime_ns, reverse=True)
    if head.parent_link:
        for candidate in newest_first[:MAX_LINK_CANDIDATES]:
            if _holds(files, candidate, head.parent_link):
                return candidate
    began = _moment(head.first_timestamp)
    if head.cleared and began is not None:
        for candidate in newest_first:
            last_write = modified(candidate)
            if last_write <= began + CLOCK_SLACK:
                return candidate if began - last_write <= CLEAR_WINDOW else None
    return None


@attrs.frozen
class Thread:
    """Sessions read as one conversation, the one they all continue first."""

    members: tuple[SessionFile, ...]

    @property
    def root(self) -> SessionFile:
        return self.members[0]

    @property
    def size(self) -> int:
        return sum(member.total_size for member in self.members)

    @property
    def last_modified_ns(self) -> int:
        return max(member.last_modified_ns for member in self.members)


def group_threads(sessions: Sequence[SessionFile], follows: Mapping[str, str]) -> list[Thread]:
    """Threads from ``follows`` (session key → key of the session it continues).

    A link to a session that is not among ``sessions`` is ignored; members are ordered
    predecessor first, siblings by modification time; threads by their root's path."""
    by_key = {session_key(s): s for s in sessions}
    children: dict[str, list[SessionFile]] = {}
    roots: list[SessionFile] = []
    for session in sessions:
        parent = follows.get(session_key(session), "")
        if parent and parent in by_key and parent != session_key(session):
            children.setdefault(parent, []).append(session)
        else:
            roots.append(session)
    threads: list[Thread] = []
    placed: set[str] = set()
    for root in roots:
        members: list[SessionFile] = []
        pending = [root]
        while pending:
            current = pending.pop(0)
            key = session_key(current)
            if key in placed:
                continue
            placed.add(key)
            members.append(current)
            pending.extend(sorted(children.get(key, []), key=lambda s: s.mtime_ns))
        threads.append(Thread(tuple(members)))
    for session in sessions:  # a cycle of links has no root: each becomes its own thread
        if session_key(session) not in placed:
            placed.add(session_key(session))
            threads.append(Thread((session,)))
    return sorted(threads, key=lambda t: t.root.path)
