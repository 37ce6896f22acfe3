"""The hook reads the settings files its own light way; it must see the rules the server sees.

``ClaudeSettingsToolPermissions`` (the hook) builds the policy from the JSON it already read,
without pathlib or the cached ``ClaudeSettingsPolicySource`` (the server). Same files in, same
answer out — except that a broken file is no opinion for the hook and an error for the server.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adapters.claude_settings_policy_source import ClaudeSettingsPolicySource
from adapters.settings_tool_permissions import ClaudeSettingsToolPermissions
from application.use_cases.read_target import resolve_read_target
from domain.errors import PolicyError
from domain.hooks.decision import Ask, Deny
from domain.hooks.permission_check import check_permissions
from domain.hooks.tool_call import ToolCall

EXECUTE_FILE = "mcp__capy__capy_execute_file"
EXECUTE = "mcp__capy__capy_execute"


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return tmp_path / "project"


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


def _write(path: Path, content: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content if isinstance(content, str) else json.dumps(content))


def _server(root: Path, home: Path, tool: ToolCall) -> Deny | Ask | None:
    policy = ClaudeSettingsPolicySource(root, home).load()
    return check_permissions(policy, tool, lambda p: resolve_read_target(p, str(root)))


def _hook(root: Path, home: Path, tool: ToolCall) -> Deny | Ask | None:
    return ClaudeSettingsToolPermissions(str(root), str(home)).check(tool)


TOOLS = [
    ToolCall("Bash", {"command": "ls -l"}),
    ToolCall("Bash", {"command": "echo hi; sudo rm -rf /"}),
    ToolCall("Bash", {"command": "git push origin main"}),
    ToolCall("Bash", {"command": "python3 -c 'import os; os.system(\"sudo id\")'"}),
    ToolCall(EXECUTE, {"language": "python", "code": "import subprocess as s; s.run(cmd)"}),
    ToolCall(EXECUTE, {"language": "shell", "code": "git push --force"}),
    ToolCall(EXECUTE_FILE, {"path": "~/.ssh/id_ed25519", "language": "shell", "code": "cat"}),
    ToolCall(EXECUTE_FILE, {"path": ".env", "language": "python", "code": "print(1)"}),
    ToolCall("Read", {"file_path": "/etc/hosts"}),
]


@pytest.mark.parametrize("tool", TOOLS, ids=lambda t: f"{t.name}:{sorted(t.arguments.items())}")
def test_hook_and_server_agree_on_every_call(root: Path, home: Path, tool: ToolCall) -> None:
    _write(root / ".claude/settings.local.json", {"permissions": {"deny": ["Bash(sudo *)"]}})
    _write(
        root / ".claude/settings.json",
        {"permissions": {"ask": ["Bash(git push:*)"], "deny": ["Read(.env)"]}},
    )
    _write(
        home / ".claude/settings.json",
        {"permissions": {"allow": ["Bash(ls *)", 7], "deny": ["Read(~/.ssh/**)"]}},
    )
    assert _hook(root, home, tool) == _server(root, home, tool)


def test_the_shared_reader_gives_the_answers_expected(root: Path, home: Path) -> None:
    _write(root / ".claude/settings.json", {"permissions": {"deny": ["Bash(sudo *)"]}})
    _write(home / ".claude/settings.json", {"permissions": {"deny": ["Read(~/.ssh/**)"]}})
    denied = _hook(root, home, ToolCall("Bash", {"command": "ls && sudo id"}))
    assert isinstance(denied, Deny)
    assert str(root / ".claude/settings.json") in denied.reason
    key = ToolCall(EXECUTE_FILE, {"path": str(home / ".ssh/id_rsa"), "code": "x"})
    assert isinstance(_hook(root, home, key), Deny)
    assert _hook(root, home, ToolCall("Bash", {"command": "ls"})) is None


def test_an_empty_settings_file_does_not_hide_the_others(root: Path, home: Path) -> None:
    _write(root / ".claude/settings.local.json", "  \n")
    _write(root / ".claude/settings.json", {"permissions": {"deny": ["Bash(sudo *)"]}})
    assert isinstance(_hook(root, home, ToolCall("Bash", {"command": "sudo id"})), Deny)


@pytest.mark.parametrize("content", ['{"permissions": null}', "{}", '{"other": 1}'])
def test_settings_without_rules_say_nothing(root: Path, home: Path, content: str) -> None:
    _write(root / ".claude/settings.json", content)
    assert _hook(root, home, ToolCall("Bash", {"command": "sudo id"})) is None


@pytest.mark.parametrize(
    "content",
    ["{not json", "[1, 2]", '{"permissions": []}', '{"permissions": {"deny": "Bash(x)"}}'],
)
def test_a_broken_file_is_no_opinion_for_the_hook_and_an_error_for_the_server(
    root: Path, home: Path, content: str
) -> None:
    _write(root / ".claude/settings.local.json", {"permissions": {"deny": ["Bash(sudo *)"]}})
    _write(root / ".claude/settings.json", content)
    tool = ToolCall("Bash", {"command": "sudo id"})
    assert _hook(root, home, tool) is None
    with pytest.raises(PolicyError):
        _server(root, home, tool)
