"""A project wired to Codex only (`capy setup --platform codex`) passes the Claude hooks check."""

from __future__ import annotations

from pathlib import Path

from adapters.doctor.host_checks import ClaudeHooksCheck
from domain.doctor.check import CheckStatus

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
