"""``capy stats``: what capy kept out of context — last session, today, all time."""

from __future__ import annotations

import json
from typing import Annotated

import attrs
from cyclopts import Parameter
from rich.markup import escape

from application.use_cases.describe_knowledge import KnowledgeOverview
from application.use_cases.embed_chunks import EmbedChunks
from domain.server.usage import BYTES_PER_TOKEN, UsageCounts
from domain.server.usage_history import UsageHistory, UsageSession
from domain.source_kind import ALL_KINDS
from entrypoints.cli.app import app
from entrypoints.cli.options import global_options
from entrypoints.containers.runtime import RuntimeOptions
from entrypoints.mcp_server.stats_report import last_session


@app.command
def stats(
    *,
    as_json: Annotated[
        bool, Parameter(name="--json", negative=(), help="Print JSON instead of the report.")
    ] = False,
) -> int:
    """Show how much output capy kept out of agents' context windows in this project — the
    last session, today and all time — and what the knowledge base holds.

    Every MCP server session writes its counts into the project's knowledge base after each
    tool call, so this works while no server runs. All figures are real byte counts (output
    produced, pages fetched, files read, replies returned); tokens are estimated as bytes / 4.
    """
    from entrypoints.containers.applications import CliContainer

    options = global_options()
    container = CliContainer(
        options=RuntimeOptions(db=options.db, project_dir=options.project_dir, read_only=True)
    )
    database = container.core.project().db_path
    if not database.exists():  # a look must not create the file it looks at
        if as_json:
            print(json.dumps({"database": str(database), "exists": False}))
        else:
            print(f"No knowledge database at {database} yet — capy has not run in this project.")
        return 0
    try:
        history = container.use_cases.read_usage_history().execute()
        knowledge = container.use_cases.describe_knowledge().execute()
        meaning = semantic_status(container.use_cases.embed_chunks())
        now = container.core.clock().now()
    finally:
        container.shutdown_resources()
    if as_json:
        report = _as_json(str(database), history, knowledge)
        report["semantic_layer"] = attrs.asdict(meaning)
        print(json.dumps(report, indent=2))
    else:
        from entrypoints.cli.console import stdout_console
        from entrypoints.cli.stats_output import print_stats

        console = stdout_console(highlight=False, soft_wrap=False)
        print_stats(console, last_session(history, now), history, knowledge)
        console.print(escape(meaning.line()))
    return 0


@attrs.frozen
class SemanticStatus:
    """Whether search by meaning is on here, and how much of the knowledge base it covers."""

    on: bool
    reason: str
    embedded: int = 0
    sections: int = 0
    waiting_sources: int = 0

    def line(self) -> str:
        if not self.on:
            return f"Search by meaning: off ({self.reason})"
        waiting = (
            f", {self.waiting_sources} source(s) waiting (embedded by the server in its spare "
            "time, or by `capy index`)"
            if self.waiting_sources
            else ""
        )
        return (
            f"Search by meaning: on — {self.embedded} of {self.sections} sections embedded{waiting}"
        )


def semantic_status(embed: EmbedChunks) -> SemanticStatus:
    status = embed.status()
    if not status.available:
        return SemanticStatus(False, status.reason)
    progress = embed.progress(ALL_KINDS)
    return SemanticStatus(
        True, status.reason, progress.embedded, progress.total, len(progress.waiting_sources)
    )


def _as_json(
    database: str, history: UsageHistory, knowledge: KnowledgeOverview
) -> dict[str, object]:
    stats = knowledge.stats
    first = history.sessions.first_started_at
    return {
        "database": database,
        "exists": True,
        "last_session": _session(history.session, history.session_counts),
        "today": _counts(history.today),
        "all_time": {
            **_counts(history.all_time),
            "sessions": history.sessions.count,
            "since": first.isoformat() if first else None,
        },
        "knowledge_base": {
            "sources": {kind.value: n for kind, n in stats.sources_by_kind.items()},
            "chunks": stats.chunk_count,
            "vocabulary_words": stats.vocabulary_size,
            "size_bytes": stats.db_size_bytes,
        },
    }


def _session(session: UsageSession | None, counts: UsageCounts) -> dict[str, object] | None:
    if session is None:
        return None
    return {
        "started_at": session.started_at.isoformat(),
        "last_call_at": session.last_seen_at.isoformat(),
        **_counts(counts),
    }


def _counts(counts: UsageCounts) -> dict[str, object]:
    return {
        "tool_calls": counts.total_calls,
        "bytes_processed": counts.bytes_processed,
        "bytes_returned": counts.bytes_returned,
        "bytes_kept_out": counts.bytes_kept_out,
        "tokens_kept_out_estimate": counts.bytes_kept_out // BYTES_PER_TOKEN,
        "bytes_indexed": counts.bytes_indexed,
        "cache_hits": counts.cache_hits,
        "processed": {origin.value: n for origin, n in counts.processed.items()},
        "tools": {
            name: {"calls": tool.calls, "bytes_returned": tool.bytes_returned}
            for name, tool in sorted(counts.tools.items())
        },
    }
