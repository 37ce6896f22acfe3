"""RunDoctor collects the checklist; a crashing check is a failed item, not a crashed doctor."""

from __future__ import annotations

from pathlib import Path

from adapters.doctor.host_checks import ClaudeHooksCheck, McpRegistrationCheck
from application.use_cases.run_doctor import RunDoctor
from domain.doctor.check import CheckResult, CheckStatus, failed, passed, warned
from domain.doctor.hooks import CLAUDE_EVENTS, judge_claude_hooks
from domain.doctor.rendering import render_markdown, render_text


class FixedCheck:
    def __init__(self, result: CheckResult) -> None:
        self.name = result.name
        self._result = result

    def run(self) -> CheckResult:
        return self._result


class CrashingCheck:
    name = "Store"

    def run(self) -> CheckResult:
        raise RuntimeError("disk on fire")


def test_report_and_exit_code() -> None:
    report = RunDoctor(
        [FixedCheck(passed("Version", "capy 1")), FixedCheck(warned("Runtimes", "1/11", "more"))]
    ).execute()
    assert report.exit_code == 0
    report = RunDoctor([FixedCheck(passed("Version", "capy 1")), CrashingCheck()]).execute()
    assert report.exit_code == 1
    assert report.checks[1].status is CheckStatus.FAIL
    assert "disk on fire" in report.checks[1].detail


def test_markdown_checklist_shows_the_fix_for_each_problem() -> None:
    report = RunDoctor(
        [
            FixedCheck(passed("Version", "capy 1")),
            FixedCheck(warned("Runtimes", "1/11 (python)", "install Node.js")),
            FixedCheck(failed("MCP registration", "not registered", "run `capy setup`")),
        ]
    ).execute()
    text = render_markdown(report)
    assert text.startswith("## capy doctor")
    assert "- [x] **Version**: capy 1" in text
    assert "- [-] **Runtimes**: 1/11 (python)\n  - fix: install Node.js" in text
    assert "- [ ] **MCP registration**: not registered\n  - fix: run `capy setup`" in text
    assert "1 failure(s)" in text
    assert "FAIL" in render_text(report)


def test_hook_judgement() -> None:
    assert judge_claude_hooks(frozenset(), ()).status is CheckStatus.FAIL
    assert judge_claude_hooks(frozenset({"PreToolUse"}), ("s.json",)).status is CheckStatus.WARN
    every = frozenset(CLAUDE_EVENTS)
    assert judge_claude_hooks(every, ("s.json",)).status is CheckStatus.PASS


def test_host_checks_on_files(tmp_path: Path) -> None:
    (tmp_path / ".claude").mkdir()
    (tmp_path / ".claude" / "settings.json").write_text("{broken")
    result = ClaudeHooksCheck(tmp_path, tmp_path / "home").run()
    assert result.status is CheckStatus.FAIL and "cannot be parsed" in result.detail
    missing = McpRegistrationCheck(tmp_path, {}).run()
    assert missing.status is CheckStatus.FAIL and "capy setup" in missing.fix
    (tmp_path / ".mcp.json").write_text('{"mcpServers": {"capy": {"command": "/nope/capy"}}}')
    assert McpRegistrationCheck(tmp_path, {}).run().status is CheckStatus.WARN


class ConfigBlockedCheck:
    def __init__(self, name: str) -> None:
        self.name = name

    def run(self) -> CheckResult:
        from domain.errors import ConfigError

        raise ConfigError("/p/.capy.toml: unknown key 'store.titel_weight'", "did you mean …?")


def test_a_known_problem_is_shown_once_with_its_fix_and_never_called_a_bug() -> None:
    report = RunDoctor(
        [
            ConfigBlockedCheck("Project"),
            FixedCheck(passed("Version", "capy 1")),
            ConfigBlockedCheck("Runtimes"),
        ]
    ).execute()
    project, _, runtimes = report.checks
    assert project.detail == "/p/.capy.toml: unknown key 'store.titel_weight'"
    assert project.fix == "did you mean …?"
    assert runtimes.status is CheckStatus.FAIL
    assert runtimes.detail == "not checked: Project failed"
    assert "Project problem above" in runtimes.fix
    assert "bug" not in render_text(report)
