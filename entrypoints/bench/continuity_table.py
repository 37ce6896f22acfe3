"""Printing ``capy bench continuity`` as plain lines (whole, also when piped)."""

from __future__ import annotations

from entrypoints.bench.continuity import ContinuityReport
from entrypoints.bench.continuity_library_run import LibraryReport


def print_continuity(report: ContinuityReport) -> None:
    lines = [
        "Snapshot restored after the compaction "
        f"({report.snapshot_bytes} bytes; same bytes on a second call: "
        f"{'yes' if report.stable else 'NO'}):",
        "",
        *(f"    {line}" for line in report.after_compaction.splitlines()),
        "",
        "Facts it holds:",
        *(f"    [{'x' if held else ' '}] {name}" for name, held in report.facts),
        "",
        "Restored on resume:",
        "",
        *(f"    {line}" for line in report.on_resume.splitlines()),
        "",
        f"startup restores: {_what(report.on_startup)}",
        f"clear restores:   {_what(report.on_clear)}",
        "",
        f"Hook time, median of {report.samples} interleaved runs:",
        f"    bare interpreter (python -c pass)   {report.bare_ms:6.1f} ms",
        f"    capy hook posttooluse               {report.capture_ms:6.1f} ms "
        f"({report.capture_ms / report.bare_ms:.1f}x)",
        f"    capy hook userpromptsubmit          {report.prompt_ms:6.1f} ms "
        f"({report.prompt_ms / report.bare_ms:.1f}x)",
    ]
    print("\n".join(lines))


def _what(context: str) -> str:
    if not context:
        return "nothing"
    return "session facts" if "capy's record of" in context else "the routing block only"


def print_library(report: LibraryReport) -> None:
    lines = [
        f"{'session':<36} {'server':<6} {'calls':>5} {'facts back':>10} {'restore':>8} "
        f"{'+routing':>8}",
    ]
    for result in report.sessions:
        back = sum(ok for _, ok in result.facts)
        lines.append(
            f"{result.name:<36} {'yes' if result.server else 'no':<6} {result.hook_calls:>5} "
            f"{back:>4} / {len(result.facts):<3} {result.restore_bytes:>6} B "
            f"{result.context_bytes:>6} B"
        )
    missing = [
        f"    {result.name}: {fact}"
        for result in report.sessions
        for fact, ok in result.facts
        if not ok
    ]
    lines += ["", "Facts that did not come back:" if missing else "Every listed fact came back."]
    lines += missing
    lines += [
        "",
        f"Hook time, median of {report.samples} capturing calls "
        f"(a bare interpreter after every third):",
        f"    bare interpreter (python -c pass)   {report.bare_ms:6.1f} ms",
        f"    capturing hook                      {report.capture_ms:6.1f} ms "
        f"({report.capture_ms / report.bare_ms:.1f}x)",
        f"    sessionstart (restore)              {report.start_ms:6.1f} ms "
        f"({report.start_ms / report.bare_ms:.1f}x)",
    ]
    print("\n".join(lines))
