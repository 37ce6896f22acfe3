"""The pre-commit guard blocks a real ``git commit`` of a plaintext knowledge database."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from tests.e2e.setup.conftest import RunSetup, git


def _plaintext_db(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(path) as connection:
        connection.execute("create table t (x)")
        connection.execute("insert into t values ('secret')")
    connection.close()


def test_a_staged_plaintext_database_blocks_the_commit(run_setup: RunSetup, repo: Path) -> None:
    assert run_setup().returncode == 0
    _plaintext_db(repo / "data" / "knowledge.db")
    git(repo, "add", "data/knowledge.db")
    done = git(repo, "commit", "-m", "add db", check=False)
    assert done.returncode != 0
    assert "unencrypted SQLite database" in done.stderr
    # the fix names this file, not the project's default database
    assert "capy --db data/knowledge.db encrypt" in done.stderr
    assert git(repo, "rev-parse", "--verify", "HEAD", check=False).returncode != 0


def test_an_encrypted_database_and_other_files_commit(run_setup: RunSetup, repo: Path) -> None:
    assert run_setup().returncode == 0
    (repo / "data").mkdir()
    (repo / "data" / "knowledge.db").write_bytes(os.urandom(4096))  # what SQLCipher looks like
    (repo / "README.md").write_text("hi\n")
    git(repo, "add", "data/knowledge.db", "README.md", ".gitignore")
    done = git(repo, "commit", "-m", "ok", check=False)
    assert done.returncode == 0, done.stderr


def test_an_existing_hook_still_runs_and_the_block_is_replaced(
    run_setup: RunSetup, repo: Path
) -> None:
    hook = repo / ".git" / "hooks" / "pre-commit"
    hook.write_text("#!/bin/sh\necho own-check-ran >&2\nexit 0\n")
    hook.chmod(0o755)
    assert run_setup().returncode == 0
    assert run_setup().returncode == 0
    text = hook.read_text()
    assert text.count("capy_guard()") == 1
    assert text.index("capy_guard()") < text.index("own-check-ran")
    (repo / "a.txt").write_text("a\n")
    git(repo, "add", "a.txt")
    done = git(repo, "commit", "-m", "a", check=False)
    assert done.returncode == 0 and "own-check-ran" in done.stderr
    _plaintext_db(repo / "knowledge.db")
    git(repo, "add", "knowledge.db")
    refused = git(repo, "commit", "-m", "db", check=False)
    assert refused.returncode != 0 and "own-check-ran" not in refused.stderr


def test_a_hook_in_another_language_is_chained(run_setup: RunSetup, repo: Path) -> None:
    hook = repo / ".git" / "hooks" / "pre-commit"
    hook.write_text("#!/usr/bin/env python3\nimport sys\nprint('py-hook-ran', file=sys.stderr)\n")
    hook.chmod(0o755)
    assert run_setup().returncode == 0
    assert (repo / ".git" / "hooks" / "pre-commit.before-capy").exists()
    (repo / "a.txt").write_text("a\n")
    git(repo, "add", "a.txt")
    done = git(repo, "commit", "-m", "a", check=False)
    assert done.returncode == 0 and "py-hook-ran" in done.stderr


def test_the_wal_of_a_configured_database_is_merged_before_the_commit(
    capy_command: str, run_setup: RunSetup, repo: Path, tmp_path: Path
) -> None:
    import subprocess

    (repo / ".capy.toml").write_text('[store]\npath = "kb/project.sqlite"\n')
    assert run_setup("--platform", "claude-code").returncode == 0
    assert "/kb/project.sqlite" in (repo / ".git" / "hooks" / "pre-commit").read_text()
    document = tmp_path / "notes.md"
    document.write_text("# Notes\n\nThe deploy key rotates every Monday.\n")
    env = {k: v for k, v in os.environ.items() if k != "CLAUDE_PROJECT_DIR"}
    indexed = subprocess.run(
        [capy_command, "index", str(document)],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert indexed.returncode == 0, indexed.stderr
    database = repo / "kb" / "project.sqlite"
    assert not database.read_bytes().startswith(b"SQLite format 3")
    wal = database.with_name("project.sqlite-wal")
    wal.write_bytes(os.urandom(512))  # a log that was never merged
    git(repo, "add", "kb/project.sqlite")
    done = git(repo, "commit", "-m", "knowledge", check=False)
    assert done.returncode == 0, done.stderr
    assert not wal.exists() or wal.stat().st_size == 0
