"""Importing the Go capy's knowledge base: labels, kinds and sections kept, secrets redacted."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.memory.in_memory_foreign_knowledge_base import InMemoryForeignKnowledgeBases
from application.ports.foreign_knowledge_base import ForeignSource
from application.use_cases.import_knowledge_base import KnowledgeImportRequest
from application.use_cases.index_request import IndexRequest
from domain.chunk import Chunk
from domain.content_type import ContentType
from domain.errors import WrongKey
from domain.knowledge_import import KnowledgeImportReport, SourceImportStatus
from domain.search_hit import SearchScope
from domain.settings import Settings, StoreSettings
from domain.source_kind import ALL_KINDS, SourceKind
from entrypoints.containers.applications import CliContainer
from tests.unit.indexing.harness import memory_container

GO = Path("/old/capy/knowledge.db")
README = ForeignSource(
    "README.md",
    SourceKind.DURABLE,
    ContentType.MARKDOWN,
    (
        Chunk("Install > Linux", "Run the installer with --prefix /opt/quokka."),
        Chunk(
            "Install > Linux",
            "```sh\nquokka init --token ghp_abcdefghijklmnopqrstuvwxyz0123456789\n```",
            True,
        ),
    ),
)
LOG = ForeignSource(
    "execute:shell:9f2c",
    SourceKind.EPHEMERAL,
    ContentType.PLAINTEXT,
    (Chunk("Output", "ERROR wombat service refused the connection"),),
)
SESSION = ForeignSource(
    "session:2026-01-02:abc",
    SourceKind.SESSION,
    ContentType.TRANSCRIPT,
    (Chunk("Session | Turns 1-2", "Human: why does the echidna fail?\nAssistant: a lock"),),
)


def _container(tmp_path: Path, *sources: ForeignSource, limit: int = 0) -> CliContainer:
    settings = Settings(store=StoreSettings(max_source_bytes=limit)) if limit else None
    container, _ = memory_container(tmp_path, settings)
    bases = container.adapters.foreign_knowledge_bases()
    assert isinstance(bases, InMemoryForeignKnowledgeBases)
    bases.add(GO, sources)
    return container


def _run(container: CliContainer, **options: object) -> KnowledgeImportReport:
    request = KnowledgeImportRequest(GO, "go key", **options)  # type: ignore[arg-type]
    return container.use_cases.import_knowledge_base().execute(request)


def _found(container: CliContainer, query: str) -> list[str]:
    results = container.use_cases.search_knowledge().search(
        query, limit=5, scope=SearchScope(kinds=ALL_KINDS)
    )
    return sorted({r.source for r in results.results})


def test_sources_keep_label_kind_type_and_sections(tmp_path: Path) -> None:
    container = _container(tmp_path, README, LOG, SESSION)

    report = _run(container)

    assert [(o.label, o.status, o.sections) for o in report.outcomes] == [
        ("README.md", SourceImportStatus.IMPORTED, 2),
        ("execute:shell:9f2c", SourceImportStatus.IMPORTED, 1),
        ("session:2026-01-02:abc", SourceImportStatus.IMPORTED, 1),
    ]
    store = container.adapters.knowledge_store()
    readme = store.source_by_label("README.md")
    assert readme is not None
    assert (readme.kind, readme.content_type, readme.chunk_count, readme.code_chunk_count) == (
        SourceKind.DURABLE,
        ContentType.MARKDOWN,
        2,
        1,
    )
    chunks = store.chunks_of(readme.id)
    assert [c.chunk.title for c in chunks] == ["Install > Linux", "Install > Linux"]
    assert "ghp_abcdefghij" not in chunks[1].chunk.content  # redacted on the way in
    log = store.source_by_label("execute:shell:9f2c")
    assert log is not None and log.kind is SourceKind.EPHEMERAL
    assert _found(container, "quokka prefix") == ["README.md"]
    assert _found(container, "wombat refused") == ["execute:shell:9f2c"]
    assert store.has_word("echidna")


def test_importing_again_changes_nothing(tmp_path: Path) -> None:
    container = _container(tmp_path, README, LOG)
    _run(container)
    again = _run(container)
    assert again.count(SourceImportStatus.UNCHANGED) == 2
    assert again.count(SourceImportStatus.IMPORTED) == 0


def test_a_label_this_knowledge_base_uses_is_kept_unless_replace(tmp_path: Path) -> None:
    container = _container(tmp_path, README)
    container.use_cases.index_content().execute(
        IndexRequest(content="# Our own README\n\nnewer text about the platypus", label="README.md")
    )
    kept = _run(container)
    assert [o.status for o in kept.outcomes] == [SourceImportStatus.KEPT]
    assert _found(container, "platypus") == ["README.md"]
    assert _found(container, "quokka") == []
    replaced = _run(container, replace=True)
    assert [o.status for o in replaced.outcomes] == [SourceImportStatus.REPLACED]
    assert _found(container, "quokka") == ["README.md"]


def test_kinds_dry_run_and_limits(tmp_path: Path) -> None:
    container = _container(tmp_path, README, LOG, SESSION)
    only = _run(container, kinds=frozenset({SourceKind.DURABLE}), dry_run=True)
    assert [(o.label, o.status) for o in only.outcomes] == [
        ("README.md", SourceImportStatus.IMPORTED)
    ]
    assert only.left_out == 2
    assert container.adapters.knowledge_store().source_by_label("README.md") is None

    (tmp_path / "small").mkdir()
    small = _container(tmp_path / "small", README, limit=60)
    report = _run(small)
    assert [o.status for o in report.outcomes] == [SourceImportStatus.TOO_LARGE]
    assert "max_source_bytes" in report.outcomes[0].detail


def test_empty_sources_and_a_wrong_key(tmp_path: Path) -> None:
    empty = ForeignSource("blank", SourceKind.DURABLE, ContentType.PLAINTEXT, (Chunk("t", "  "),))
    container = _container(tmp_path, empty)
    assert [o.status for o in _run(container).outcomes] == [SourceImportStatus.EMPTY]
    with pytest.raises(WrongKey):
        container.use_cases.import_knowledge_base().execute(KnowledgeImportRequest(GO, "nope"))
