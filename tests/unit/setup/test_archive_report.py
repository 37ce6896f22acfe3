"""What `capy setup` and `capy doctor` say about archiving: on or off, where, for how long the
host keeps transcripts (``cleanupPeriodDays``)."""

from __future__ import annotations

import json
from pathlib import Path

from adapters.claude_sessions.cleanup_period import cleanup_period_days
from adapters.doctor.archive_check import SessionArchiveCheck, describe_archiving
from domain.doctor.check import CheckStatus
from domain.settings import VaultSweepScope

VAULT = Path("/home/dev/.local/share/capy/vault.db")


def test_the_host_keeps_transcripts_30_days_unless_told_otherwise(tmp_path: Path) -> None:
    home, project = tmp_path / "home", tmp_path / "app"
    assert cleanup_period_days({}, home, project) == 30
    (home / ".claude").mkdir(parents=True)
    (home / ".claude" / "settings.json").write_text(json.dumps({"cleanupPeriodDays": 7}))
    assert cleanup_period_days({}, home, project) == 7
    (project / ".claude").mkdir(parents=True)
    (project / ".claude" / "settings.local.json").write_text('{"cleanupPeriodDays": 90}')
    assert cleanup_period_days({}, home, project) == 90
    (project / ".claude" / "settings.local.json").write_text('{"cleanupPeriodDays": "soon"}')
    assert cleanup_period_days({}, home, project) == 7
    other = tmp_path / "elsewhere"
    other.mkdir()
    (other / "settings.json").write_text('{"cleanupPeriodDays": 3}')
    assert cleanup_period_days({"CLAUDE_CONFIG_DIR": str(other)}, home, project) == 3


def test_on_by_default_naming_the_vault_and_the_days(tmp_path: Path) -> None:
    on, sentence = describe_archiving({}, None, VAULT, tmp_path, tmp_path)
    assert on
    assert str(VAULT) in sentence and "this project's sessions" in sentence
    assert "30 days (cleanupPeriodDays)" in sentence


def test_off_says_which_switch_turned_it_off(tmp_path: Path) -> None:
    on, sentence = describe_archiving({}, VaultSweepScope.OFF, VAULT, tmp_path, tmp_path)
    assert not on and "[vault] sweep = false" in sentence
    on, sentence = describe_archiving({"CAPY_VAULT_SWEEP": "0"}, None, VAULT, tmp_path, tmp_path)
    assert not on and "CAPY_VAULT_SWEEP=0" in sentence


def test_the_doctor_warns_when_archiving_is_off(tmp_path: Path) -> None:
    def check(env: dict[str, str]) -> CheckStatus:
        return (
            SessionArchiveCheck(env, lambda: None, lambda: VAULT, tmp_path, tmp_path).run().status
        )

    assert check({}) is CheckStatus.PASS
    assert check({"CAPY_VAULT_SWEEP_ALL": "1"}) is CheckStatus.PASS
    assert check({"CAPY_VAULT_SWEEP": "0"}) is CheckStatus.WARN
    assert check({"CAPY_VAULT_SWEEP": "bogus"}) is CheckStatus.FAIL
