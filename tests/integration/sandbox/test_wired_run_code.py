"""RunCode through the production container: real settings files, real subprocesses."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from application.use_cases.run_code import RunCode
from application.use_cases.run_code_request import RunCodeRequest
from domain.errors import PolicyDenied, PolicyError
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.runtime import RuntimeOptions


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / ".claude").mkdir(parents=True)
    (root / ".claude/settings.json").write_text(
        json.dumps({"permissions": {"deny": ["Bash(sudo *)", "Read(.env)"]}})
    )
    (root / ".env").write_text("SECRET=1\n")
    (root / "notes.txt").write_text("alpha\nbeta\n")
    return root


@pytest.fixture
def run_code(project: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[RunCode]:
    monkeypatch.setenv("CAPY_DB_KEY", "parent-db-key-123")
    monkeypatch.setenv("CAPY_VAULT_KEY", "parent-vault-key-456")
    container = CliContainer(options=RuntimeOptions(project_dir=project, cwd=project))
    use_case = container.use_cases.run_code()
    assert isinstance(use_case, RunCode)
    yield use_case
    container.adapters.shutdown_resources()


def test_capy_keys_set_in_the_parent_never_reach_the_child(run_code: RunCode) -> None:
    for language, code in (
        ("shell", "env"),
        ("python", "import os\nprint(dict(os.environ))"),
    ):
        result = run_code.execute(RunCodeRequest(language=language, code=code))
        assert not result.is_error
        assert "parent-db-key-123" not in result.text
        assert "parent-vault-key-456" not in result.text
        assert "CAPY_" not in result.text


def test_rules_from_the_project_settings_are_enforced(run_code: RunCode) -> None:
    with pytest.raises(PolicyDenied):
        run_code.execute(RunCodeRequest(language="shell", code="echo hi\nsudo id"))
    with pytest.raises(PolicyDenied):
        run_code.execute(RunCodeRequest(language="shell", code="cat", file_path="./.env"))
    result = run_code.execute(
        RunCodeRequest(language="shell", code='echo "$FILE_CONTENT" | wc -l', file_path="notes.txt")
    )
    assert result.text.strip() == "2"


def test_broken_settings_stop_execution(run_code: RunCode, project: Path) -> None:
    (project / ".claude/settings.json").write_text("{broken")
    with pytest.raises(PolicyError, match="settings"):
        run_code.execute(RunCodeRequest(language="shell", code="echo hi"))


def test_grep_no_match_keeps_stderr(run_code: RunCode) -> None:
    result = run_code.execute(
        RunCodeRequest(language="shell", code="echo found; echo warning >&2; exit 1")
    )
    assert not result.is_error
    assert result.text == "found\n\nstderr:\nwarning\n"
