"""The doctor's report as markdown (the ``capy_doctor`` tool) and as terminal text."""

from __future__ import annotations

from domain.doctor.check import CheckStatus, DoctorReport

_BOXES = {CheckStatus.PASS: "[x]", CheckStatus.WARN: "[-]", CheckStatus.FAIL: "[ ]"}
_WORDS = {CheckStatus.PASS: "ok  ", CheckStatus.WARN: "warn", CheckStatus.FAIL: "FAIL"}


def render_markdown(report: DoctorReport) -> str:
    """``## capy doctor`` then ``- [x] Name: detail`` per check, the fix under each problem."""
    lines = ["## capy doctor", ""]
    for check in report.checks:
        lines.append(f"- {_BOXES[check.status]} **{check.name}**: {check.detail}")
        if check.fix and check.status is not CheckStatus.PASS:
            lines.append(f"  - fix: {check.fix}")
    lines += ["", _summary(report)]
    return "\n".join(lines)


def render_text(report: DoctorReport) -> str:
    lines = ["capy doctor"]
    width = max((len(c.name) for c in report.checks), default=0)
    for check in report.checks:
        lines.append(f"  {_WORDS[check.status]}  {check.name:<{width}}  {check.detail}")
        if check.fix and check.status is not CheckStatus.PASS:
            lines.append(f"        {'':<{width}}  → {check.fix}")
    lines.append(_summary(report))
    return "\n".join(lines)


def _summary(report: DoctorReport) -> str:
    counts = dict.fromkeys(CheckStatus, 0)
    for check in report.checks:
        counts[check.status] += 1
    verdict = "capy is ready." if not report.failures else "capy needs attention."
    return (
        f"{counts[CheckStatus.PASS]} ok, {counts[CheckStatus.WARN]} warning(s), "
        f"{counts[CheckStatus.FAIL]} failure(s) — {verdict}"
    )
