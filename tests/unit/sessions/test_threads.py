"""Which session continues which: resumed copies, parent links, /clear, and nothing else."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from adapters.memory.in_memory_session_files import InMemorySessionFiles
from application.sessions.threads import group_threads, predecessor, read_head, session_key
from domain.sessions.files import SessionFile
from tests.support.transcripts import ClaudeTranscript

T0 = datetime(2026, 8, 20, 9, 0, tzinfo=UTC)
ROOT = Path("/p")


def _ns(moment: datetime) -> int:
    return int(moment.timestamp() * 1e9)


def _modified(session: SessionFile) -> datetime:
    return datetime.fromtimestamp(session.mtime_ns / 1e9, tz=UTC)


def _add(files: InMemorySessionFiles, t: ClaudeTranscript, text: str | None = None) -> SessionFile:
    return files.add(ROOT, t.session_id, (text or t.text()).encode(), mtime_ns=_ns(t.now))


def _follows(files: InMemorySessionFiles, session: SessionFile) -> str:
    siblings = files.project_sessions(ROOT)
    found = predecessor(files, session, read_head(files, session), siblings, _modified)
    return found.session_id if found else ""


def test_a_session_whose_first_message_continues_another_file_follows_it() -> None:
    files = InMemorySessionFiles()
    first = ClaudeTranscript("first", "/p", T0)
    first.prompt("Set up the importer.")
    first.say("Done.")
    older = _add(files, first)
    leaf_uuid = json.loads(first.lines[-1])["uuid"]
    later = ClaudeTranscript("later", "/p", T0 + timedelta(days=1))
    later._parent = leaf_uuid  # --continue: the chain goes on from the earlier file's leaf
    later.prompt("Now add retries.")
    later.say("Added.")
    newer = _add(files, later)

    assert _follows(files, newer) == "first"
    assert _follows(files, older) == ""
    threads = group_threads([older, newer], {session_key(newer): session_key(older)})
    assert [[m.session_id for m in t.members] for t in threads] == [["first", "later"]]


def test_clear_links_only_to_the_session_written_just_before() -> None:
    files = InMemorySessionFiles()
    before = ClaudeTranscript("before", "/p", T0)
    before.prompt("a")
    _add(files, before)
    much_later = ClaudeTranscript("cleared-late", "/p", T0 + timedelta(days=2))
    much_later.local_command("/clear")
    much_later.prompt("b")
    late = _add(files, much_later)
    soon = ClaudeTranscript("cleared-soon", "/p", before.now + timedelta(minutes=1))
    soon.local_command("/clear")
    soon.prompt("c")
    quick = _add(files, soon)
    typed = ClaudeTranscript("typed", "/p", before.now + timedelta(minutes=2))
    typed.prompt("/clear is what I would type, but this is a prompt")
    plain = _add(files, typed)

    assert _follows(files, quick) == "before"
    assert _follows(files, late) == ""  # more than 12 hours after anything else was written
    assert _follows(files, plain) == ""


def test_summary_lines_of_other_sessions_are_not_links() -> None:
    files = InMemorySessionFiles()
    other = ClaudeTranscript("other", "/p", T0)
    other.prompt("x")
    _add(files, other)
    leaf = json.loads(other.lines[-1])["uuid"]
    fresh = ClaudeTranscript("fresh", "/p", T0 + timedelta(hours=1))
    fresh.record({"type": "summary", "summary": "Importer setup", "leafUuid": leaf})
    fresh.prompt("Unrelated question")
    session = _add(files, fresh)

    assert _follows(files, session) == ""


def test_a_cycle_of_links_still_gives_every_session_a_thread() -> None:
    files = InMemorySessionFiles()
    a = _add(files, ClaudeTranscript("a", "/p", T0))
    b = _add(files, ClaudeTranscript("b", "/p", T0))
    threads = group_threads(
        [a, b], {session_key(a): session_key(b), session_key(b): session_key(a)}
    )
    assert sorted(m.session_id for t in threads for m in t.members) == ["a", "b"]
