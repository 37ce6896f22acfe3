"""The larger capture kept for indexing: its text, what was cut, and fitting text to a size."""

from __future__ import annotations

from domain.execution.classification import describe, describe_kept
from domain.execution.language import Language
from domain.execution.run import KeptOutput, RunOutcome
from domain.execution.truncation import truncate_bytes, truncate_text

LOG = "".join(f"line {i} of the build\n" for i in range(20_000)).encode()


def test_describe_kept_uses_the_kept_streams_and_the_same_exit_class() -> None:
    outcome = RunOutcome(
        stdout=truncate_bytes(LOG, 4_000),
        stderr=truncate_bytes(b"boom\n", 4_000),
        exit_code=3,
        kept=KeptOutput(truncate_bytes(LOG, len(LOG)), truncate_bytes(b"boom\n", 4_000)),
    )
    reply = describe(Language.PYTHON, outcome)
    indexed = describe_kept(Language.PYTHON, outcome)
    assert "line 10000 of the build" not in reply.text
    assert "line 10000 of the build" in indexed
    assert indexed.startswith("Exit code: 3") and reply.text.startswith("Exit code: 3")
    assert outcome.kept is not None and outcome.kept.cut_bytes == 0


def test_without_a_kept_capture_the_indexed_text_is_the_reply() -> None:
    outcome = RunOutcome(stdout=truncate_bytes(LOG, 4_000))
    assert describe_kept(Language.SHELL, outcome) == describe(Language.SHELL, outcome).text


def test_cut_bytes_counts_what_both_streams_lost() -> None:
    kept = KeptOutput(truncate_bytes(LOG, 10_000), truncate_bytes(LOG, 20_000))
    assert kept.cut_bytes == 2 * len(LOG) - kept.stdout.kept_bytes - kept.stderr.kept_bytes
    assert kept.cut_bytes > 2 * len(LOG) - 30_000


def test_truncate_text_measures_utf8_bytes() -> None:
    text = "é" * 10_000  # 20 000 bytes
    fitted = truncate_text(text, 5_000)
    assert fitted.total_bytes == 20_000
    assert fitted.kept_bytes <= 5_000
    assert len(fitted.text.encode()) < 5_200
    assert truncate_text("short", 5_000).text == "short"
