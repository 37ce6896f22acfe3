"""The session benchmark's inputs: a generated history and a checked question corpus."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adapters.claude_sessions.claude_code_session_files import ClaudeCodeSessionFiles
from domain.errors import InvalidInput
from entrypoints.bench.session_history import generate_history
from entrypoints.bench.sweep_quality import load_corpus
from entrypoints.cli.commands.bench_sessions import SESSION_CORPUS


def test_a_generated_history_is_readable_sessions_of_the_project(tmp_path: Path) -> None:
    history = generate_history(tmp_path, 300_000, max_session_bytes=100_000)
    files = ClaudeCodeSessionFiles(history.root / "projects")
    sessions = files.project_sessions(history.project)
    assert len(sessions) == history.sessions >= 2
    stream = files.records(sessions[0].path)
    assert any(r.type == "assistant" for r in stream) and stream.stats.malformed == 0


def test_the_bundled_corpus_has_thirty_questions_quoting_their_sessions() -> None:
    corpus = load_corpus(SESSION_CORPUS)
    assert len(corpus["questions"]) == 30


def test_a_needle_missing_from_its_session_is_refused(tmp_path: Path) -> None:
    corpus = json.loads(SESSION_CORPUS.read_text())
    corpus["questions"][0]["needle"] = "words nobody wrote"
    broken = tmp_path / "sessions.json"
    broken.write_text(json.dumps(corpus))
    with pytest.raises(InvalidInput, match="q01"):
        load_corpus(broken)
