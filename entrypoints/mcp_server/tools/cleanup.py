"""``capy_cleanup``: a dry run unless asked otherwise, one table of what goes and why."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from application.use_cases.cleanup_report import CleanupMode, CleanupReport, CleanupRequest
from application.use_cases.cleanup_sources import CleanupSources
from domain.source_kind import SourceKind
from domain.wording import plural
from entrypoints.mcp_server import arguments
from entrypoints.mcp_server.replies import ToolArgumentError, ToolReply


def _request(args: Mapping[str, Any]) -> CleanupRequest:
    dry_run = arguments.boolean(args, "dry_run", True)
    source = arguments.text(args, "source")
    ephemeral = arguments.boolean(args, "purge_ephemeral", False)
    session = arguments.boolean(args, "purge_session", False)
    if ephemeral and session:
        raise ToolArgumentError(
            "purge_ephemeral and purge_session cannot be combined; purge one kind per call"
        )
    if source and (ephemeral or session):
        raise ToolArgumentError(
            "source cannot be combined with purge_ephemeral or purge_session; either remove "
            "one source by label or purge one kind"
        )
    kind = SourceKind.EPHEMERAL if ephemeral else SourceKind.SESSION if session else None
    return CleanupRequest(dry_run=dry_run, purge_kind=kind, label=source or None)


def render_cleanup(report: CleanupReport) -> str:
    if report.mode is CleanupMode.MANUAL and report.candidates:
        c = report.candidates[0]
        verb = "would be removed (dry run)" if report.dry_run else "was removed"
        text = (
            f'Source "{c.label}" ({c.source.kind.value}, '
            f"{plural(c.source.chunk_count, 'section')}) {verb}."
        )
        if report.dry_run:
            text += "\nCall again with dry_run: false to remove it."
        return text
    kept = ""
    if report.kept_shared:
        kept = (
            f"\n\n{plural(report.kept_shared, 'team source')} kept: the team's shared knowledge "
            "is removed only by a person, with capy cleanup --team."
        )
    if not report.candidates:
        return "No evictable sources found." + kept
    mode = "" if report.mode is CleanupMode.FULL else f" ({report.mode.value})"
    count = len(report.candidates)
    noun = "source" if count == 1 else "sources"
    if report.dry_run:
        heading = f"## Cleanup{mode} preview (dry run) — {count} {noun} would be removed"
    else:
        heading = f"## Cleanup{mode} — {count} {noun} removed"
    lines = [
        f"{heading}: {report.reason_summary()}",
        "",
        "| Source | Reason | Score | Age | Sections |",
        "|---|---|---:|---:|---:|",
    ]
    for c in report.candidates:
        score = "—" if c.score is None else f"{c.score:.2f}"
        label = c.label.replace("|", "\\|")
        lines.append(
            f"| {label} | {c.reason.value} | {score} | {c.age_label} | {c.source.chunk_count} |"
        )
    if report.dry_run:
        lines += ["", "Call again with dry_run: false to remove these sources."]
    elif report.vacuumed:
        lines += ["", "The database file was compacted (VACUUM)."]
    return "\n".join(lines) + kept


class CleanupTool:
    def __init__(self, use_case: Callable[[], CleanupSources]) -> None:
        self._use_case = use_case

    def __call__(self, args: Mapping[str, Any]) -> ToolReply:
        return ToolReply(render_cleanup(self._use_case().execute(_request(args))))
