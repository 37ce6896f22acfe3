"""The stats report of ``capy_stats`` and ``capy stats``: every figure from real byte counts.

The first column is one session (the server's own for ``capy_stats``, the latest for
``capy stats``); today and all time come from the usage history in the knowledge base, so a
client that starts a new server for every session still sees what capy saved.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import attrs

from application.use_cases.describe_knowledge import KnowledgeOverview
from domain.fetch.age import format_age
from domain.retention import RetentionTier, TtlBucket
from domain.server.tiers import SourceTiers
from domain.server.usage import BYTES_PER_TOKEN, UsageCounts
from domain.server.usage_history import UsageHistory
from domain.source_kind import SourceKind
from domain.wording import byte_size, plural


@attrs.frozen
class SessionUsage:
    """The session the report leads with: ``name`` is how the report refers to it,
    ``detail`` what the heading says about it (how long it ran, when it started)."""

    name: str
    counts: UsageCounts
    detail: str = ""


def this_session(counts: UsageCounts, started_at: datetime, now: datetime) -> SessionUsage:
    """The server's own session, for ``capy_stats``."""
    minutes = (now - started_at).total_seconds() / 60
    return SessionUsage("this session", counts, f"{minutes:.1f} min")


def last_session(history: UsageHistory, now: datetime) -> SessionUsage:
    """The latest session in the history, for ``capy stats`` (run outside any session)."""
    if history.session is None:
        return SessionUsage("the last session", history.session_counts, "none recorded yet")
    started = format_age(now - history.session.started_at)
    return SessionUsage("the last session", history.session_counts, f"started {started}")


def tier_lines(tiers: SourceTiers) -> list[str]:
    durable = ", ".join(f"{tiers.durable.get(t, 0)} {t.value}" for t in RetentionTier)
    lines = [f"Durable by retention: {durable}."]
    for name, buckets in (("Ephemeral", tiers.ephemeral), ("Session", tiers.session)):
        if buckets:
            counts = ", ".join(f"{buckets.get(b, 0)} {b.value}" for b in TtlBucket)
            lines.append(f"{name}: {counts} (stale ones go at the next purge or cleanup).")
    return lines


def _share(counts: UsageCounts) -> str:
    if not counts.bytes_processed:
        return "–"
    return f"{100 * counts.bytes_kept_out / counts.bytes_processed:.0f}%"


USAGE_ROWS: tuple[tuple[str, Callable[[UsageCounts], str]], ...] = (
    ("Tool calls", lambda c: f"{c.total_calls:,}"),
    ("Processed by capy", lambda c: byte_size(c.bytes_processed)),
    ("Entered your context", lambda c: byte_size(c.bytes_returned)),
    ("Kept out of context", lambda c: byte_size(c.bytes_kept_out)),
    ("≈ tokens kept out", lambda c: f"{c.bytes_kept_out // BYTES_PER_TOKEN:,}"),
    ("Share kept out", _share),
)


def _usage_table(columns: list[tuple[str, UsageCounts]]) -> list[str]:
    lines = [
        "| | " + " | ".join(name for name, _ in columns) + " |",
        "|---|" + "---:|" * len(columns),
    ]
    for label, cell in USAGE_ROWS:
        lines.append(f"| {label} | " + " | ".join(cell(c) for _, c in columns) + " |")
    return lines


def _tool_table(session: SessionUsage) -> list[str]:
    counts = session.counts
    lines = [
        f"| Tool ({session.name}) | Calls | Bytes returned | ≈ tokens |",
        "|---|---:|---:|---:|",
    ]
    for name in sorted(counts.tools):
        tool = counts.tools[name]
        lines.append(
            f"| {name} | {tool.calls} | {byte_size(tool.bytes_returned)} | "
            f"{tool.bytes_returned // BYTES_PER_TOKEN:,} |"
        )
    return lines


def history_note(history: UsageHistory) -> str:
    sessions = history.sessions
    if not sessions.count or sessions.first_started_at is None:
        return ""
    since = sessions.first_started_at.astimezone().date().isoformat()
    return (
        f"All time: {plural(sessions.count, 'session')} since {since} in this project's "
        "knowledge base."
    )


def _usage_lines(session: SessionUsage, history: UsageHistory | None) -> list[str]:
    counts = session.counts
    lines: list[str] = []
    if counts.total_calls == 0:
        lines += [
            f"No capy tool calls yet in {session.name}. Run noisy commands with capy_execute "
            "or capy_batch_execute (with an intent) to keep their output out of your context.",
            "",
        ]
    columns = [(session.name, counts)]
    if history is not None:
        columns += [("today", history.today), ("all time", history.all_time)]
    if counts.total_calls or (history is not None and history.all_time.total_calls):
        lines += [*_usage_table(columns), ""]
    if history is None:
        lines += ["(Today and all time are unavailable: the knowledge base could not be read.)", ""]
    elif note := history_note(history):
        lines += [note, ""]
    if counts.total_calls:
        origins = ", ".join(f"{o.value} {byte_size(n)}" for o, n in counts.processed.items())
        if origins:
            lines += [f"Processed in {session.name}: {origins}.", ""]
        lines += _tool_table(session)
        if counts.cache_hits:
            avoided = plural(counts.cache_hits, "re-fetch", "re-fetches")
            lines += ["", f"Fetch cache: {avoided} avoided."]
    return lines


def render_stats(
    session: SessionUsage,
    history: UsageHistory | None,
    knowledge: KnowledgeOverview | None,
    *,
    now: datetime,
) -> str:
    detail = f" ({session.detail})" if session.detail else ""
    lines = [f"## capy — {session.name}{detail}", "", *_usage_lines(session, history)]
    if knowledge is not None:
        lines += ["", "### Knowledge base", *knowledge_lines(knowledge)]
    lines += ["", TOKENS_NOTE]
    return _without_double_blank_lines(lines)


def knowledge_lines(knowledge: KnowledgeOverview) -> list[str]:
    """What the knowledge base holds: sources by kind, sections, size, retention tiers."""
    store, tiers = knowledge.stats, knowledge.tiers
    kinds = ", ".join(f"{store.sources_by_kind.get(k, 0)} {k.value}" for k in SourceKind)
    lines = [
        f"Sources: {kinds}; {plural(store.chunk_count, 'section')}; "
        f"{plural(store.vocabulary_size, 'vocabulary word')}; "
        f"{byte_size(store.db_size_bytes)} on disk (encrypted)."
    ]
    if tiers is not None and any(store.sources_by_kind.values()):
        lines += tier_lines(tiers)
    return lines


TOKENS_NOTE = (
    f"Tokens are estimated as bytes / {BYTES_PER_TOKEN}. Bytes are counted as they happened: "
    "output produced, pages fetched, files read, and replies returned."
)


def _without_double_blank_lines(lines: list[str]) -> str:
    kept: list[str] = []
    for line in lines:
        if line or (kept and kept[-1]):
            kept.append(line)
    return "\n".join(kept)
