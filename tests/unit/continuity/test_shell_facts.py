"""What a shell command line tells: the command's key, git operations, environment, files."""

from __future__ import annotations

import pytest

from domain.continuity.shell_facts import (
    command_key,
    environment_facts,
    git_operations,
    printed_files,
    scanned_commands,
)
from domain.continuity.state import command_resolves


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ("pytest -q tests/test_auth.py::test_login", "pytest tests/test_auth.py"),
        ("cd api && .venv/bin/python -m pytest -x tests/", "pytest tests"),
        ("PYTHONPATH=src python3 -m pytest", "pytest"),
        ("uv run pytest -q tests/unit", "pytest tests/unit"),
        ("uv sync --frozen", "uv sync"),
        ("npx tsc --noEmit", "tsc"),
        ("npm run build", "npm run build"),
        ("make test 2>&1 | tail -20", "make test"),
        ("cargo test --workspace", "cargo test"),
        ("export A=1; go test ./...", "go test ./..."),
        ("", ""),
    ],
)
def test_command_keys_name_the_program_and_what_it_ran_on(line: str, key: str) -> None:
    assert command_key(line) == key


def test_a_passing_run_resolves_what_it_covers() -> None:
    assert command_resolves("pytest tests/test_auth.py", "pytest tests/test_auth.py")
    assert command_resolves("pytest", "pytest tests/test_auth.py")  # the whole suite
    assert command_resolves("pytest tests", "pytest tests/test_auth.py")  # a directory above
    assert not command_resolves("pytest tests/test_other.py", "pytest tests/test_auth.py")
    assert not command_resolves("mypy src", "pytest src")
    assert not command_resolves("", "pytest")


def test_git_operations_that_change_something() -> None:
    line = (
        'git checkout -b fix/login && git add -A && git commit -m "Fix login\n\nbody" && '
        "git push -u origin fix/login; git status; git log -3; git -C sub stash pop"
    )
    found = [text for _, text in git_operations(scanned_commands(line))]
    assert found == [
        "created and switched to branch fix/login",
        "committed: Fix login",
        "push origin fix/login",
        "stash pop",
    ]
    bundled = git_operations(scanned_commands("git commit -am 'Reconcile with an upsert'"))
    assert [t for _, t in bundled] == ["committed: Reconcile with an upsert"]
    assert [t for _, t in git_operations(scanned_commands("git switch main"))] == [
        "switched to main"
    ]
    restored = git_operations(scanned_commands("git checkout -- a.py"))
    assert [t for _, t in restored] == ["restored a.py"]
    deleted = git_operations(scanned_commands("git branch -D old"))
    assert [t for _, t in deleted] == ["deleted branch old"]


def test_environment_facts_keep_variable_names_never_values() -> None:
    line = (
        "cd /p/api && source .venv/bin/activate && pip install -U requests httpx && "
        "export API_TOKEN=sk-live-abc123 DEBUG=1 && nvm use 20 && npm install"
    )
    facts = [text for _, text in environment_facts(scanned_commands(line), "/p")]
    assert facts == [
        "working directory api",
        "virtualenv .venv",
        "installed with pip: requests httpx",
        "exported API_TOKEN",
        "exported DEBUG",
        "nvm use 20",
    ]
    assert not any("sk-live" in fact for fact in facts)


def test_files_a_command_printed() -> None:
    line = "cat README.md | head -20; sed -n 1,40p src/app.py; tail -f log.txt; ls docs"
    assert printed_files(scanned_commands(line)) == ["README.md", "src/app.py", "log.txt"]


def test_a_pasted_script_is_read_only_at_its_start() -> None:
    huge = "git commit -m start && " + "echo x; " * 50_000 + "git push"
    found = [text for _, text in git_operations(scanned_commands(huge))]
    assert found == ["committed: start"]
