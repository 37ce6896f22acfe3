"""The session journal on real files: private, bounded, safe with concurrent hooks."""

from __future__ import annotations

import json
import multiprocessing
import os
import stat
import time
from pathlib import Path

from adapters import private_state_files
from adapters.jsonl_session_journal import (
    COMPACT_AFTER_BYTES,
    JsonlSessionJournal,
    journal_directory,
)
from domain.continuity.event import DECISION, FILE, OK, SessionEvent
from domain.continuity.kept_snapshot import KeptSnapshot


def _journal(tmp_path: Path) -> JsonlSessionJournal:
    return JsonlSessionJournal(str(tmp_path / "state" / "capy" / "sessions"))


def _read(i: int, at: float | None = None) -> SessionEvent:
    return SessionEvent(
        FILE, "read", f"src/f{i}.py", f"src/f{i}.py", time.time() if at is None else at
    )


def test_files_are_private_and_hold_what_was_appended(tmp_path: Path) -> None:
    journal = _journal(tmp_path)
    project = tmp_path / "project"
    project.mkdir()
    journal.append(str(project), "s1", [_read(1), _read(2)])
    journal.keep_snapshot(str(project), "s1", KeptSnapshot("Goal: x", 12.5))
    directory = tmp_path / "state" / "capy" / "sessions"
    assert stat.S_IMODE(directory.stat().st_mode) == 0o700
    files = sorted(directory.iterdir())
    assert [f.suffix for f in files] == [".jsonl", ".snapshot"]
    assert all(stat.S_IMODE(f.stat().st_mode) == 0o600 for f in files)
    assert [e.key for e in journal.events(str(project), "s1")] == ["src/f1.py", "src/f2.py"]
    assert journal.snapshot(str(project), "s1") == KeptSnapshot("Goal: x", 12.5)
    journal.consume_snapshot(str(project), "s1")
    assert journal.snapshot(str(project), "s1") == KeptSnapshot("Goal: x", 12.5, consumed=True)
    header = json.loads(files[0].read_text().splitlines()[0])
    assert header["project"] == str(project.resolve()) and header["session"] == "s1"


def test_a_repeat_of_a_recent_fact_is_not_written_again(tmp_path: Path) -> None:
    journal = _journal(tmp_path)
    journal.append("/p", "s", [_read(1)])
    journal.append("/p", "s", [_read(1), _read(2)])
    journal.append("/p", "s", [_read(1)])
    assert [e.key for e in journal.events("/p", "s")] == ["src/f1.py", "src/f2.py"]


def test_past_its_limit_a_journal_is_folded_keeping_what_matters(tmp_path: Path) -> None:
    journal = _journal(tmp_path)
    decision = SessionEvent(DECISION, "stated", "d", "Use httpx instead of requests.", 1.0)
    journal.append("/p", "s", [decision])
    for batch in range(40):
        events = [
            SessionEvent(OK, "passed", f"cmd:c{batch}-{i}", "x" * 120, 10.0 + batch * 100 + i)
            for i in range(60)
        ]
        journal.append("/p", "s", events)
    path = next((tmp_path / "state" / "capy" / "sessions").glob("*.jsonl"))
    assert path.stat().st_size <= COMPACT_AFTER_BYTES + 60 * 200
    kept = journal.events("/p", "s")
    assert decision in kept  # the highest priority survives every fold
    assert len(kept) < 40 * 60
    assert max(e.at for e in kept) == 10.0 + 39 * 100 + 59  # the newest survive too


def _append_many(directory: str, worker: int) -> None:
    # What is asserted is the append and fold protocol, not the hook's patience: on a loaded
    # machine a lock not taken within 0.2 s drops the event by design (ADR 0039).
    private_state_files.LOCK_WAIT_SECONDS = 60.0
    journal = JsonlSessionJournal(directory)
    for i in range(150):
        journal.append("/p", "shared", [_read(worker * 1000 + i)])


def test_concurrent_hooks_neither_tear_nor_lose_lines(tmp_path: Path) -> None:
    directory = str(tmp_path / "sessions")
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_append_many, args=(directory, w)) for w in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    text = next(Path(directory).glob("*.jsonl")).read_text()
    lines = text.splitlines()
    assert all(json.loads(line) for line in lines)  # every line whole
    assert len(lines) == 1 + 4 * 150  # the header and every event


def test_a_planted_link_is_never_followed(tmp_path: Path) -> None:
    target = tmp_path / "victim.txt"
    target.write_text("precious")
    journal = _journal(tmp_path)
    journal.append("/p", "s", [_read(1)])  # creates the directory
    path = next((tmp_path / "state" / "capy" / "sessions").glob("*.jsonl"))
    path.unlink()
    path.symlink_to(target)
    journal.append("/p", "s", [_read(2)])
    journal.keep_snapshot("/p", "s", KeptSnapshot("x", 1.0))
    assert target.read_text() == "precious"
    assert journal.events("/p", "s") == []


def test_a_directory_that_is_a_link_or_a_file_turns_capture_off_quietly(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "state" / "capy").mkdir(parents=True)
    (tmp_path / "state" / "capy" / "sessions").symlink_to(elsewhere)
    linked = _journal(tmp_path)
    linked.append("/p", "s", [_read(1)])
    assert list(elsewhere.iterdir()) == [] and linked.events("/p", "s") == []
    blocker = tmp_path / "file"
    blocker.write_text("x")
    JsonlSessionJournal(str(blocker / "sessions")).append("/p", "s", [_read(1)])


def test_a_directory_open_to_others_is_made_private(tmp_path: Path) -> None:
    directory = tmp_path / "sessions"
    directory.mkdir(mode=0o777)
    directory.chmod(0o777)
    JsonlSessionJournal(str(directory)).append("/p", "s", [_read(1)])
    assert stat.S_IMODE(directory.stat().st_mode) == 0o700


def test_an_odd_session_id_never_names_a_path_outside(tmp_path: Path) -> None:
    journal = _journal(tmp_path)
    journal.append("/p", "../../escape", [_read(1)])
    written = list((tmp_path / "state" / "capy" / "sessions").iterdir())
    assert len(written) == 1 and ".." not in written[0].name
    assert journal.events("/p", "../../escape")[0].key == "src/f1.py"


def test_latest_session_entries_and_pruning(tmp_path: Path) -> None:
    journal = _journal(tmp_path)
    project, other = tmp_path / "p", tmp_path / "q"
    (project / "api").mkdir(parents=True)
    other.mkdir()
    journal.append(str(project), "older", [_read(1)])
    journal.append(str(project / "api"), "inside", [_read(2)])
    journal.append(str(other), "other", [_read(3)])
    directory = tmp_path / "state" / "capy" / "sessions"
    old = time.time() - 3600
    for path in directory.glob("*-older.jsonl"):
        os.utime(path, (old, old))
    journal.append(str(project), "newer", [_read(4)])
    assert journal.latest_session(str(project), "unknown") == "newer"
    assert journal.latest_session(str(project), "older") == "older"  # resumed with its own id
    assert journal.latest_session(str(tmp_path / "none"), "") == ""
    sessions = sorted(e.session_id for e in journal.entries(str(project)))
    assert sessions == ["inside", "newer", "older"]
    assert journal.prune(str(project), idle_before=time.time() - 60) == 1
    assert sorted(e.session_id for e in journal.entries(str(project))) == ["inside", "newer"]
    assert [e.session_id for e in journal.entries(str(other))] == ["other"]


def test_the_directory_follows_xdg_state_home() -> None:
    assert journal_directory({"XDG_STATE_HOME": "/s", "HOME": "/h"}) == "/s/capy/sessions"
    assert journal_directory({"XDG_STATE_HOME": "rel", "HOME": "/h"}) == (
        "/h/.local/state/capy/sessions"
    )


def _append_past_the_limit(directory: str, worker: int) -> None:
    journal = JsonlSessionJournal(directory)
    for i in range(300):
        text = f"worker {worker} step {i} " + "y" * 400
        journal.append(
            "/p", "shared", [SessionEvent(FILE, "read", f"w{worker}-{i}", text, time.time())]
        )
    last = SessionEvent(DECISION, "stated", f"w{worker}-last", "the last word", time.time())
    journal.append("/p", "shared", [last])


def test_folds_while_other_hooks_append_keep_the_journal_whole(tmp_path: Path) -> None:
    directory = str(tmp_path / "sessions")
    context = multiprocessing.get_context("spawn")
    workers = [
        context.Process(target=_append_past_the_limit, args=(directory, w)) for w in range(4)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
    assert [worker.exitcode for worker in workers] == [0, 0, 0, 0]
    path = next(Path(directory).glob("*.jsonl"))
    lines = path.read_text().splitlines()
    assert all(json.loads(line) for line in lines)
    keys = {e.key for e in JsonlSessionJournal(directory).events("/p", "shared")}
    # every hook's final decision is there: no append was lost to a fold (the reads around
    # it may be, by priority and age)
    assert {f"w{w}-last" for w in range(4)} <= keys
    assert path.stat().st_size < 2 * COMPACT_AFTER_BYTES
    assert not list(Path(directory).glob("*.tmp"))


def test_a_snapshot_an_older_capy_kept_counts_as_covering_no_event(tmp_path: Path) -> None:
    journal = _journal(tmp_path)
    journal.append("/p", "s", [_read(1)])
    stem = next((tmp_path / "state" / "capy" / "sessions").glob("*.jsonl")).with_suffix("")
    stem.with_suffix(".snapshot").write_text("Goal: from before")
    assert journal.snapshot("/p", "s") == KeptSnapshot("Goal: from before", 0.0)


def test_expire_deletes_idle_journals_of_every_project_at_most_once_per_interval(
    tmp_path: Path,
) -> None:
    journal = _journal(tmp_path)
    journal.append("/p", "old", [_read(1)])
    journal.keep_snapshot("/p", "old", KeptSnapshot("x", 1.0))
    journal.append("/elsewhere", "other", [_read(1)])
    directory = tmp_path / "state" / "capy" / "sessions"
    long_ago = time.time() - 20 * 24 * 3600
    for path in directory.iterdir():
        os.utime(path, (long_ago, long_ago))
    journal.append("/p", "fresh", [_read(2)])
    assert journal.expire(time.time() - 14 * 24 * 3600, 3600) == 2
    assert [e.session_id for e in journal.entries("/p")] == ["fresh"]
    assert journal.snapshot("/p", "old") is None
    journal.append("/p", "again", [_read(3)])
    path = next(p for p in directory.glob("*again.jsonl"))
    os.utime(path, (long_ago, long_ago))
    assert journal.expire(time.time() - 14 * 24 * 3600, 3600) == 0  # ran within the hour
    assert journal.expire(time.time() - 14 * 24 * 3600, 0) == 1


def test_a_fifo_at_a_journal_or_snapshot_path_never_blocks(tmp_path: Path) -> None:
    import threading

    journal = _journal(tmp_path)
    project = tmp_path / "project"
    project.mkdir()
    journal.append(str(project), "s1", [_read(1)])
    journal.keep_snapshot(str(project), "s1", KeptSnapshot("Goal: x", 1.0))
    directory = tmp_path / "state" / "capy" / "sessions"
    for planted in sorted(directory.iterdir()):
        planted.unlink()
        os.mkfifo(planted, 0o600)
    done: list[object] = []

    def use() -> None:
        journal.append(str(project), "s1", [_read(2)])
        done.append(journal.events(str(project), "s1"))
        done.append(journal.snapshot(str(project), "s1"))
        done.append(journal.latest_session(str(project), "s2"))

    worker = threading.Thread(target=use, daemon=True)
    worker.start()
    worker.join(timeout=60)  # a bound against a hang, not a measure of speed
    assert not worker.is_alive(), "a FIFO blocked the journal"
    assert done[:2] == [[], None]
