"""A project wired to Codex only (`capy setup --platform codex`) passes the Claude hooks check,
and doctor finds every Codex hook that setup registered."""

from __future__ import annotations

import json
from pathlib import Path

from adapters.doctor.host_checks import ClaudeHooksCheck, CodexHooksCheck
from adapters.setup.filesystem_project_files import FileSystemProjectFiles
from application.use_cases.setup_project import SetupProject, SetupRequest
from domain.doctor.check import CheckStatus
from domain.doctor.hooks import CODEX_EVENTS

_CODEX = '[mcp_servers.capy]\ncommand = "/p/.capy/capy.sh"\nargs = ["serve"]\n'


def test_codex_only_is_not_a_claude_code_failure(tmp_path: Path) -> None:
    (tmp_path / ".codex").mkdir()
    (tmp_path / ".codex" / "config.toml").write_text(_CODEX)
    result = ClaudeHooksCheck(tmp_path, tmp_path / "home").run()
    assert result.status is CheckStatus.PASS
    assert "Claude Code is not set up" in result.detail


def test_claude_code_registered_without_hooks_still_fails(tmp_path: Path) -> None:
    (tmp_path / ".codex").mkdir()
    (tmp_path / ".codex" / "config.toml").write_text(_CODEX)
    (tmp_path / ".mcp.json").write_text('{"mcpServers": {"capy": {"command": "capy"}}}')
    result = ClaudeHooksCheck(tmp_path, tmp_path / "home").run()
    assert result.status is CheckStatus.FAIL and "capy setup" in result.fix


def test_nothing_set_up_still_fails(tmp_path: Path) -> None:
    assert ClaudeHooksCheck(tmp_path, tmp_path / "home").run().status is CheckStatus.FAIL


def test_doctor_finds_every_codex_hook_setup_registers(tmp_path: Path) -> None:
    files = FileSystemProjectFiles(tmp_path)
    report = SetupProject(files).execute(SetupRequest(tmp_path, "/bin/capy", platforms=("codex",)))
    assert report.ok and (tmp_path / ".codex" / "hooks.json").exists(), "nothing set up"
    result = CodexHooksCheck(tmp_path).run()
    assert result.status is CheckStatus.PASS, result.detail
    assert f"all {len(CODEX_EVENTS)} events in .codex/hooks.json" in result.detail
    for event in CODEX_EVENTS:
        assert event in result.detail


def test_a_codex_hook_missing_is_named(tmp_path: Path) -> None:
    SetupProject(FileSystemProjectFiles(tmp_path)).execute(
        SetupRequest(tmp_path, "/bin/capy", platforms=("codex",))
    )
    hooks = tmp_path / ".codex" / "hooks.json"
    document = json.loads(hooks.read_text())
    assert "SessionStart" in document["hooks"], "setup registered no SessionStart: nothing to check"
    del document["hooks"]["SessionStart"]
    hooks.write_text(json.dumps(document))
    result = CodexHooksCheck(tmp_path).run()
    assert result.status is CheckStatus.WARN and "missing SessionStart" in result.detail
