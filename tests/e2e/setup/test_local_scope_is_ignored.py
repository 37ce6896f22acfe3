"""``capy setup --scope local`` keeps the hooks it writes for you out of git."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.setup.conftest import RunSetup, git


def test_local_hooks_file_is_ignored_by_git(run_setup: RunSetup, repo: Path) -> None:
    assert run_setup("--platform", "claude-code", "--scope", "local").returncode == 0
    assert (repo / ".claude" / "settings.local.json").exists()
    checked = git(repo, "check-ignore", "-q", ".claude/settings.local.json", check=False)
    assert checked.returncode == 0
    again = run_setup("--platform", "claude-code", "--scope", "local")
    assert ".gitignore  (capy entries present)" in again.stdout


def test_project_scope_leaves_settings_local_alone(run_setup: RunSetup, repo: Path) -> None:
    assert run_setup().returncode == 0
    assert ".claude/settings.local.json" not in (repo / ".gitignore").read_text()
