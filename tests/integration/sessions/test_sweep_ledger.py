"""The sweep ledger in the encrypted knowledge database survives reopening."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from application.ports.sweep_ledger import SweptSession

KEY = "x" * 40


def test_entries_are_replaced_by_key_and_read_back_after_reopening(tmp_path: Path) -> None:
    at = datetime(2026, 8, 20, 9, 14, tzinfo=UTC)
    store = SqlcipherKnowledgeStore(tmp_path / "knowledge.db", KEY)
    store.record_swept(
        [
            SweptSession("claude-code:a", "10:1", at, "indexed", "session:x:a", turns=7),
            SweptSession("claude-code:b", "20:2", at, "too short (1 turn)", follows=""),
        ]
    )
    store.record_swept(
        [
            SweptSession(
                "claude-code:b", "30:3", at, "indexed", "session:x:a", follows="claude-code:a"
            )
        ]
    )
    store.close()

    reopened = SqlcipherKnowledgeStore(tmp_path / "knowledge.db", KEY)
    entries = reopened.swept_sessions()
    reopened.close()

    assert entries["claude-code:a"].turns == 7 and entries["claude-code:a"].swept_at == at
    assert entries["claude-code:b"].follows == "claude-code:a"
    assert entries["claude-code:b"].fingerprint == "30:3"
    assert b"claude-code" not in (tmp_path / "knowledge.db").read_bytes()


def test_releasing_memory_keeps_the_store_usable(tmp_path: Path) -> None:
    store = SqlcipherKnowledgeStore(tmp_path / "knowledge.db", KEY)
    store.release_memory()
    assert store.swept_sessions() == {}
    store.close()
