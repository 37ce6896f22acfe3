"""A hard link is the same file under another name: ``Read`` rules and capy's key store are
compared by identity, not by spelling (real files, real links)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from application.use_cases import read_target
from application.use_cases.read_target import read_search, resolve_read_target
from application.use_cases.run_code import RunCode
from application.use_cases.run_code_request import RunCodeRequest
from domain.errors import PolicyDenied
from domain.permissions.evaluation import Decision, evaluate_read
from domain.permissions.rules import policy_from_lists
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.runtime import RuntimeOptions


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / ".claude").mkdir(parents=True)
    (root / ".claude/settings.json").write_text(
        json.dumps({"permissions": {"deny": ["Read(.env)", "Read(secrets/**)", "Read(*.pem)"]}})
    )
    (root / ".env").write_text("SECRET=hunter2-hunter2\n")
    (root / "secrets").mkdir()
    (root / "secrets/db.txt").write_text("db-password\n")
    (root / "deep/er").mkdir(parents=True)
    (root / "deep/er/server.pem").write_text("-----BEGIN KEY-----\n")
    return root


@pytest.fixture
def run_code(project: Path) -> Iterator[RunCode]:
    container = CliContainer(options=RuntimeOptions(project_dir=project, cwd=project))
    use_case = container.use_cases.run_code()
    yield use_case
    container.adapters.shutdown_resources()


@pytest.mark.parametrize(
    ("original", "link"),
    [
        (".env", "notes.txt"),
        (".env", "sub/dir/readme.md"),
        ("secrets/db.txt", "public.txt"),
        ("deep/er/server.pem", "cert.txt"),
    ],
)
def test_a_hard_link_to_a_denied_file_is_denied(
    project: Path, run_code: RunCode, original: str, link: str
) -> None:
    (project / link).parent.mkdir(parents=True, exist_ok=True)
    os.link(project / original, project / link)
    with pytest.raises(PolicyDenied) as denied:
        run_code.execute(RunCodeRequest(language="shell", code="cat", file_path=link))
    assert "same file" in denied.value.message
    (project / link).unlink()
    (project / link).write_text("ordinary\n")
    result = run_code.execute(RunCodeRequest(language="shell", code="true", file_path=link))
    assert not result.is_error


def test_a_link_to_an_absolute_rule_outside_the_project_is_found(
    project: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "home/.aws"
    outside.mkdir(parents=True)
    (outside / "credentials").write_text("aws_secret_access_key=x\n")
    os.link(outside / "credentials", project / "creds.txt")
    policy = policy_from_lists(deny=(f"Read(/{outside}/credentials)",))
    target = resolve_read_target("creds.txt", project, read_search(policy, project))
    assert evaluate_read(policy, target).decision is Decision.DENY


def test_files_with_one_name_are_not_searched(project: Path) -> None:
    policy = policy_from_lists(deny=("Read(.env)",))
    (project / "plain.txt").write_text("x")
    target = resolve_read_target("plain.txt", project, read_search(policy, project))
    assert target.links == 1 and target.aliases == ()


def test_past_the_search_bound_the_read_is_denied(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for i in range(30):
        (project / f"f{i}.txt").write_text("x")
    os.link(project / "f0.txt", project / "f0-again.txt")
    monkeypatch.setattr(read_target, "MAX_ENTRIES_SEARCHED", 10)
    policy = policy_from_lists(deny=("Read(.env)",))
    target = resolve_read_target("f0.txt", project, read_search(policy, project))
    assert target.unsearched
    verdict = evaluate_read(policy, target)
    assert verdict.decision is Decision.DENY and "hard links" in verdict.reason


def test_a_hard_link_to_a_capy_key_file_is_refused(
    project: Path, run_code: RunCode, isolated_home: Path
) -> None:
    keys = isolated_home / ".config/capy/keys"
    keys.mkdir(parents=True)
    (keys / "abc.key").write_text("0" * 64)
    os.link(keys / "abc.key", project / "innocent.txt")
    with pytest.raises(PolicyDenied) as denied:
        run_code.execute(
            RunCodeRequest(language="python", code="print(1)", file_path="innocent.txt")
        )
    assert "key store" in denied.value.message
