"""``capy sweep`` exits 1 when a session could not be read or indexed, 0 otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from application.use_cases.sweep_request import SweepReport, SweepStatus, SweptThread
from domain.sessions.files import SessionHost
from entrypoints.cli import app as cli
from entrypoints.cli.commands import sweep as command


def _report(*, failed: bool) -> SweepReport:
    row = SweptThread(
        SessionHost.CLAUDE_CODE,
        "7c1d2e90",
        1,
        "2026-12-01T16:33:25Z",
        900,
        SweepStatus.SKIPPED,
        reason="unreadable: [Errno 5] Input/output error" if failed else "only one turn pair",
        failed=failed,
    )
    return SweepReport(Path("/home/dev/app"), (row,), 1, dry_run=False)


@pytest.mark.parametrize(("failed", "code"), [(True, 1), (False, 0)])
def test_the_exit_code_says_whether_every_session_was_read(
    failed: bool, code: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    report = _report(failed=failed)
    monkeypatch.setattr(command, "_sweep_one", lambda *args: report)
    assert cli.invoke(["sweep", "--force"]) == code
    err = capsys.readouterr().err
    if failed:
        assert "1 session could not be read or indexed" in err
    else:
        assert err == ""
