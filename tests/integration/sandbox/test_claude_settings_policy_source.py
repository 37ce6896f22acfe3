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


def test_rules_only_get_stricter_while_the_server_runs(project: Path, home: Path) -> None:
    settings = project / ".claude/settings.json"
    _write(settings, {"permissions": {"deny": ["Bash(touch *)"], "ask": ["Bash(git push:*)"]}})
    warnings: list[str] = []
    source = ClaudeSettingsPolicySource(project, home, warn=warnings.append)
    assert evaluate_shell(source.load(), "touch M").decision is Decision.DENY
    for loosened in ({}, {"permissions": {"allow": ["Bash(touch *)"]}}, "{}"):
        _write(settings, loosened)
        policy = source.load()
        assert evaluate_shell(policy, "touch M").decision is Decision.DENY
        assert evaluate_shell(policy, "git push").decision is Decision.ASK
    settings.unlink()
    assert evaluate_shell(source.load(), "touch M").decision is Decision.DENY
    assert len(warnings) == 1, warnings  # said once, not on every call
    assert "Bash(touch *)" in warnings[0] and "restart" in warnings[0]
    _write(settings, {"permissions": {"deny": ["Bash(sudo *)"]}})
    stricter = source.load()
    assert evaluate_shell(stricter, "sudo ls").decision is Decision.DENY
    assert evaluate_shell(stricter, "touch M").decision is Decision.DENY
    fresh = ClaudeSettingsPolicySource(project, home, warn=warnings.append)
    assert evaluate_shell(fresh.load(), "touch M").decision is Decision.NONE  # next start


def test_a_replaced_file_with_the_same_size_and_time_is_read_again(
    project: Path, home: Path
) -> None:
    settings = project / ".claude/settings.json"
    _write(settings, {"permissions": {"deny": ["Bash(sudo *)"]}})
    source = ClaudeSettingsPolicySource(project, home, warn=lambda _: None)
    source.load()
    stat = settings.stat()
    replacement = project / "other.json"
    _write(replacement, {"permissions": {"deny": ["Bash(curl *)"]}})
    os.utime(replacement, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    replacement.replace(settings)
    assert evaluate_shell(source.load(), "curl x").decision is Decision.DENY


def _returns_within(seconds: float, call: object) -> object:
    import threading

    result: list[object] = []
    worker = threading.Thread(target=lambda: result.append(_capture(call)), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "reading the settings file hung"
    return result[0]


def _capture(call: object) -> object:
    try:
        return call()  # type: ignore[operator]
    except Exception as error:
        return error


@pytest.mark.parametrize("kind", ["fifo", "directory", "device", "huge"])
def test_non_regular_or_huge_settings_fail_closed_without_hanging(
    project: Path, home: Path, kind: str
) -> None:
    settings = project / ".claude/settings.json"
    settings.parent.mkdir(parents=True)
    if kind == "fifo":
        os.mkfifo(settings)
    elif kind == "directory":
        settings.mkdir()
    elif kind == "device":
        settings.symlink_to("/dev/zero")
    else:
        settings.write_bytes(b" " * (5 * 1024 * 1024) + b"{}")
    outcome = _returns_within(10, ClaudeSettingsPolicySource(project, home).load)
    assert isinstance(outcome, PolicyError), outcome
    assert str(settings) in outcome.message
