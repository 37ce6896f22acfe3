"""The ``capy_stats`` report: every figure derived from what this server actually did."""

from __future__ import annotations

from datetime import datetime

from application.ports.knowledge_store import StoreStats
from domain.retention import RetentionTier, TtlBucket
from domain.server.tiers import SourceTiers
from domain.server.usage import BYTES_PER_TOKEN, UsageSnapshot
from domain.source_kind import SourceKind


def human_bytes(count: int) -> str:
    if count >= 1024 * 1024:
        return f"{count / (1024 * 1024):.1f} MB"
    if count >= 1024:
        return f"{count / 1024:.1f} KB"
    return f"{count} B"


def _tier_lines(tiers: SourceTiers) -> list[str]:
    durable = ", ".join(f"{tiers.durable.get(t, 0)} {t.value}" for t in RetentionTier)
    lines = [f"Durable by retention: {durable}."]
    for name, buckets in (("Ephemeral", tiers.ephemeral), ("Session", tiers.session)):
        if buckets:
            counts = ", ".join(f"{buckets.get(b, 0)} {b.value}" for b in TtlBucket)
            lines.append(f"{name}: {counts} (stale ones go at the next purge or cleanup).")
    return lines


def render_stats(
    usage: UsageSnapshot,
    store: StoreStats | None,
    tiers: SourceTiers | None = None,
    *,
    now: datetime,
) -> str:
    minutes = (now - usage.started_at).total_seconds() / 60
    lines = [f"## capy — this session ({minutes:.1f} min)", ""]
    if usage.total_calls == 0:
        lines.append(
            "No capy tool calls yet. Run noisy commands with capy_execute or "
            "capy_batch_execute (with an intent) to keep their output out of your context."
        )
    else:
        processed, returned = usage.bytes_processed, usage.bytes_returned
        kept = usage.bytes_kept_out
        lines += [
            "| | bytes | ≈ tokens |",
            "|---|---:|---:|",
            f"| Processed by capy | {human_bytes(processed)} | {processed // BYTES_PER_TOKEN:,} |",
            f"| Entered your context | {human_bytes(returned)} | {returned // BYTES_PER_TOKEN:,} |",
            f"| Kept out of context | {human_bytes(kept)} | {kept // BYTES_PER_TOKEN:,} |",
            "",
        ]
        if processed:
            share = 100 * kept / processed
            lines.append(f"{share:.0f}% of what capy handled stayed out of your context.")
            lines.append("")
        origins = ", ".join(f"{o.value} {human_bytes(n)}" for o, n in usage.processed.items())
        if origins:
            lines += [f"Processed: {origins}.", ""]
        lines += ["| Tool | Calls | Bytes returned | ≈ tokens |", "|---|---:|---:|---:|"]
        for name in sorted(usage.tools):
            tool = usage.tools[name]
            lines.append(
                f"| {name} | {tool.calls} | {human_bytes(tool.bytes_returned)} | "
                f"{tool.bytes_returned // BYTES_PER_TOKEN:,} |"
            )
        if usage.cache_hits:
            lines += ["", f"Fetch cache: {usage.cache_hits} re-fetches avoided."]
    if store is not None:
        kinds = ", ".join(f"{store.sources_by_kind.get(k, 0)} {k.value}" for k in SourceKind)
        lines += [
            "",
            "### Knowledge base",
            f"Sources: {kinds}; {store.chunk_count:,} "
            f"{'section' if store.chunk_count == 1 else 'sections'}; "
            f"{store.vocabulary_size:,} vocabulary words; {human_bytes(store.db_size_bytes)} "
            "on disk (encrypted).",
        ]
        if tiers is not None and any(store.sources_by_kind.values()):
            lines += _tier_lines(tiers)
    lines += [
        "",
        f"Tokens are estimated as bytes / {BYTES_PER_TOKEN}. Bytes are counted as they "
        "happened: output produced, pages fetched, files read, and replies returned.",
    ]
    return "\n".join(lines)
