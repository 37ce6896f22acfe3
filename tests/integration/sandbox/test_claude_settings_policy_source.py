"""Permission rules read from real settings files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from adapters.claude_settings_policy_source import ClaudeSettingsPolicySource
from domain.errors import PolicyError
from domain.permissions.evaluation import Decision, evaluate_read, evaluate_shell
from domain.permissions.path_rules import ReadTarget
from domain.permissions.rules import RuleKind


def _write(path: Path, data: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return tmp_path / "project"


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


def test_missing_files_mean_no_rules(project: Path, home: Path) -> None:
    assert ClaudeSettingsPolicySource(project, home).load().is_empty


def test_reads_all_three_files_in_precedence_order(project: Path, home: Path) -> None:
    _write(project / ".claude/settings.local.json", {"permissions": {"deny": ["Bash(sudo *)"]}})
    _write(project / ".claude/settings.json", {"permissions": {"ask": ["Bash(git push:*)"]}})
    _write(
        home / ".claude/settings.json",
        {"permissions": {"allow": ["Bash(ls *)", 42], "deny": ["Read(~/.ssh/**)"]}},
    )
    policy = ClaudeSettingsPolicySource(project, home).load()
    assert [r.origin for r in policy.rules] == [
        str(project / ".claude/settings.local.json"),
        str(project / ".claude/settings.json"),
        str(home / ".claude/settings.json"),
        str(home / ".claude/settings.json"),
    ]
    assert evaluate_shell(policy, "echo; sudo x").decision is Decision.DENY
    assert evaluate_shell(policy, "git push").decision is Decision.ASK
    assert evaluate_shell(policy, "ls -l").decision is Decision.ALLOW
    key = str(home / ".ssh/id_ed25519")
    assert evaluate_read(policy, ReadTarget(key, key, None)).decision is Decision.DENY
    assert policy.for_tool("Read", RuleKind.DENY)[0].specifier == f"/{home}/.ssh/**"


@pytest.mark.parametrize(
    "content",
    ["{not json", "[1, 2]", '{"permissions": []}', '{"permissions": {"deny": "Bash(x)"}}'],
)
def test_broken_file_fails_closed_naming_the_file(project: Path, home: Path, content: str) -> None:
    settings = project / ".claude/settings.json"
    _write(settings, content)
    with pytest.raises(PolicyError) as err:
        ClaudeSettingsPolicySource(project, home).load()
    assert str(settings) in err.value.message
    assert str(settings) in err.value.hint


def test_unreadable_file_fails_closed(project: Path, home: Path) -> None:
    settings = project / ".claude/settings.json"
    _write(settings, {"permissions": {}})
    settings.chmod(0)
    try:
        if os.access(settings, os.R_OK):
            pytest.skip("running as a user who can read any file")
        with pytest.raises(PolicyError, match="cannot read"):
            ClaudeSettingsPolicySource(project, home).load()
    finally:
        settings.chmod(0o644)


def test_directory_in_place_of_file_fails_closed(project: Path, home: Path) -> None:
    (project / ".claude/settings.json").mkdir(parents=True)
    with pytest.raises(PolicyError):
        ClaudeSettingsPolicySource(project, home).load()


def test_edits_are_seen_without_restart(project: Path, home: Path) -> None:
    source = ClaudeSettingsPolicySource(project, home)
    settings = project / ".claude/settings.json"
    _write(settings, {"permissions": {"deny": []}})
    assert evaluate_shell(source.load(), "sudo x").decision is Decision.NONE
    _write(settings, {"permissions": {"deny": ["Bash(sudo *)"]}})
    os.utime(settings, ns=(1, 10**18))
    assert evaluate_shell(source.load(), "sudo x").decision is Decision.DENY
