"""A session's conversation: its files read, merged and turned into turn pairs.

One conversation may span several files — a session continued after ``/clear`` or
``--resume`` (see ``threads``). Its files are read oldest first; a record seen before (same
``uuid``: history a resumed session copied) is read once. Subagents follow the main pairs:
the transcripts under ``<uuid>/subagents/`` (typed by their ``.meta.json``), the ones older
Claude Code versions wrote beside the session, and sidechain lines inside the main file.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import attrs

from application.ports.session_files import SessionFiles
from domain.sessions.files import SessionFile
from domain.sessions.records import ReadStats, SessionRecord
from domain.sessions.snapshots import merge_snapshots
from domain.sessions.turns import Subagent, TurnPair, build_pairs

SIDECHAIN = Subagent("sidechain", "")
# Read between two questions whether to stop (a long session must not hold a sweep up): this
# many records, or this many bytes of them, whichever comes first (~10 ms of parsing).
STOP_CHECK_RECORDS = 256
STOP_CHECK_BYTES = 1024 * 1024


class Interrupted(Exception):
    """Reading stopped because the caller asked it to."""


def _never() -> bool:
    return False


@attrs.frozen
class Conversation:
    """The turn pairs of one or more session files, with what reading them met.

    ``started`` is the timestamp of the first typed message (else of the first record);
    ``stats`` adds up every file read.
    """

    pairs: tuple[TurnPair, ...]
    started: str
    stats: ReadStats


def _add(total: ReadStats, more: ReadStats) -> ReadStats:
    return ReadStats(
        *(a + b for a, b in zip(attrs.astuple(total), attrs.astuple(more), strict=True))
    )


class _Reader:
    def __init__(self, files: SessionFiles, should_stop: Callable[[], bool]) -> None:
        self.files = files
        self.should_stop = should_stop
        self.seen: set[str] = set()
        self.stats = ReadStats()
        self.first_timestamp = ""

    def records(self, path: Path) -> Iterable[SessionRecord]:
        stream = self.files.records(path)
        records = size = 0
        for record in stream:
            records += 1
            size += record.length
            if records >= STOP_CHECK_RECORDS or size >= STOP_CHECK_BYTES:
                if self.should_stop():
                    raise Interrupted
                records = size = 0
            if record.uuid:
                if record.uuid in self.seen:
                    continue
                self.seen.add(record.uuid)
            if not self.first_timestamp and record.timestamp:
                self.first_timestamp = record.timestamp
            yield record.lightened()
        self.stats = _add(self.stats, stream.stats)


def read_conversation(
    files: SessionFiles, members: Sequence[SessionFile], should_stop: Callable[[], bool] = _never
) -> Conversation:
    """Read ``members`` (oldest first) as one conversation. Raises ``OSError`` when a main
    transcript cannot be read (an unreadable subagent transcript is left out), and
    ``Interrupted`` as soon as ``should_stop`` (asked every few hundred records) says so."""
    reader = _Reader(files, should_stop)
    main: list[SessionRecord] = []
    sidechains: dict[str, list[SessionRecord]] = defaultdict(list)
    for member in members:
        for record in reader.records(member.path):
            if record.is_sidechain:
                sidechains[record.agent_id].append(record)
            else:
                main.append(record)
    pairs = build_pairs(merge_snapshots(main))
    started = next((p.timestamp for p in pairs if p.human and p.timestamp), "")
    for records in sidechains.values():
        pairs.extend(build_pairs(merge_snapshots(records), SIDECHAIN))
    for member in members:
        for transcript in member.subagent_transcripts:
            meta_file = member.subagent_meta_file(transcript)
            meta = files.subagent_meta(meta_file.path) if meta_file else None
            subagent = Subagent(meta.agent_type, meta.description) if meta else Subagent()
            try:
                records = list(reader.records(transcript.path))
            except OSError:
                continue
            pairs.extend(build_pairs(merge_snapshots(records), subagent))
    return Conversation(tuple(pairs), started or reader.first_timestamp, reader.stats)
