"""capy import-kb on real files: a knowledge base laid out and encrypted as the Go capy does."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.sqlcipher.go_knowledge_base import GoKnowledgeBase
from domain.errors import InvalidInput, WrongKey
from domain.source_kind import SourceKind
from tests.integration.store.helpers import fingerprint, open_store
from tests.support.go_capy import (
    GO_KNOWLEDGE_SCHEMA,
    GoSource,
    copied_while_open,
    go_connect,
    write_go_sources,
)

GO_KEY = "the go capy's passphrase, with spaces & 100% of ?#"
SOURCES = [
    GoSource(
        "docs/deploy.md",
        "durable",
        "markdown",
        (
            ("Deploy > Staging", "Staging runs on the kestrel cluster behind nginx.", "prose"),
            ("Deploy > Rollback", "```sh\nkubectl rollout undo deploy/kestrel\n```", "code"),
        ),
    ),
    GoSource(
        "execute:shell:ab12",
        "ephemeral",
        "plaintext",
        (("Output", "npm ERR! peer dep missing: react@18 for marmot-ui", "prose"),),
    ),
    GoSource(
        "fetch:https://example.org/api",
        "durable",
        "json",
        (("items > id-7", '{"id": 7, "name": "heron feeder"}', "code"),),
    ),
]


def _go_knowledge_base(tmp_path: Path) -> Path:
    live, copy = tmp_path / "live" / "knowledge.db", tmp_path / "go" / "knowledge.db"
    live.parent.mkdir()
    copy.parent.mkdir()
    with copied_while_open(live, GO_KEY, GO_KNOWLEDGE_SCHEMA, copy) as go:
        write_go_sources(go, SOURCES)
    return copy


def capy(cwd: Path, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "entrypoints.main", *args],
        check=False,
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, **env},
        timeout=120,
    )


def test_the_go_knowledge_base_is_read_source_by_source(tmp_path: Path) -> None:
    base = GoKnowledgeBase(_go_knowledge_base(tmp_path), GO_KEY)
    try:
        assert base.count() == 3
        found = list(base.sources())
    finally:
        base.close()
    assert [(s.label, s.kind, s.content_type.value) for s in found] == [
        ("docs/deploy.md", SourceKind.DURABLE, "markdown"),
        ("execute:shell:ab12", SourceKind.EPHEMERAL, "plaintext"),
        ("fetch:https://example.org/api", SourceKind.DURABLE, "json"),
    ]
    assert [(c.title, c.has_code) for c in found[0].chunks] == [
        ("Deploy > Staging", False),
        ("Deploy > Rollback", True),
    ]


def test_import_kb_end_to_end_and_the_go_file_is_untouched(tmp_path: Path) -> None:
    source = _go_knowledge_base(tmp_path)
    before = {k: v for k, v in fingerprint(source.parent).items() if not k.endswith("-shm")}
    project = tmp_path / "project"
    project.mkdir()
    db = tmp_path / "python" / "knowledge.db"
    env = {"CAPY_DB_KEY": GO_KEY}

    done = capy(project, "--db", str(db), "import-kb", "--from", str(source), env=env)

    assert done.returncode == 0, done.stderr
    assert "imported  docs/deploy.md [durable]: 2 sections" in done.stdout
    assert "3 imported" in done.stdout
    found = capy(project, "--db", str(db), "search", "kestrel rollback", env=env)
    assert "docs/deploy.md" in found.stdout
    found = capy(project, "--db", str(db), "search", "marmot", "--all-kinds", env=env)
    assert "execute:shell:ab12" in found.stdout
    again = capy(project, "--db", str(db), "import-kb", "--from", str(source), env=env)
    assert "0 imported, 3 unchanged" in again.stdout
    after = {k: v for k, v in fingerprint(source.parent).items() if not k.endswith("-shm")}
    assert after == before


def test_wrong_key_own_layout_and_an_old_file_without_kinds(tmp_path: Path) -> None:
    source = _go_knowledge_base(tmp_path)
    with pytest.raises(WrongKey) as refused:
        GoKnowledgeBase(source, "not it")
    assert "CAPY_DB_KEY" in refused.value.hint

    ours = tmp_path / "ours.db"
    open_store(ours, key="k").close()
    with pytest.raises(InvalidInput) as own:
        GoKnowledgeBase(ours, "k")
    assert "this capy" in str(own.value)

    old = tmp_path / "old.db"
    connection = go_connect(old, "k")
    connection.executescript(
        GO_KNOWLEDGE_SCHEMA.replace(
            ",\n    kind TEXT NOT NULL DEFAULT 'durable' CHECK (kind IN ('ephemeral','durable','session'))",
            "",
        )
    )
    connection.execute(
        "INSERT INTO sources (label, content_type) VALUES ('batch:1', 'plaintext'), ('notes', 'plaintext')"
    )
    for source_id in (1, 2):
        connection.execute(
            "INSERT INTO chunks (title, content, source_id, content_type) VALUES ('t', 'text', ?, 'prose')",
            (source_id,),
        )
    connection.close()
    base = GoKnowledgeBase(old, "k")
    try:
        assert [(s.label, s.kind) for s in base.sources()] == [
            ("batch:1", SourceKind.EPHEMERAL),
            ("notes", SourceKind.DURABLE),
        ]
    finally:
        base.close()


def test_a_go_file_where_this_capy_keeps_its_own_says_how_to_bring_it_in(tmp_path: Path) -> None:
    from adapters.sqlcipher.vault.sqlcipher_vault_store import SqlcipherVaultStore
    from domain.errors import StoreError
    from tests.support.go_capy import GO_VAULT_SCHEMA

    for name, schema, command in (
        ("knowledge.db", GO_KNOWLEDGE_SCHEMA, "capy import-kb --from"),
        ("vault.db", GO_VAULT_SCHEMA, "capy vault merge --from"),
    ):
        path = tmp_path / name
        connection = go_connect(path, "k")
        connection.executescript(schema)
        connection.close()
        before = path.read_bytes()
        with pytest.raises(StoreError) as refused:
            (open_store if name == "knowledge.db" else SqlcipherVaultStore)(path, "k")
        assert f"mv {path} {path}.go" in refused.value.hint
        assert f"{command} {path}.go" in refused.value.hint
        assert path.read_bytes() == before
