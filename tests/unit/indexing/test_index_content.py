"""IndexContent through the CLI container over in-memory adapters."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from application.use_cases.index_request import IndexRequest
from domain.chunk import Chunk
from domain.content_type import ContentType
from domain.errors import InvalidInput, SourceTooLarge
from domain.settings import Settings, StoreSettings
from domain.source_kind import SourceKind
from entrypoints.containers.applications import CliContainer
from tests.unit.indexing.harness import memory_container

MARKDOWN = "# Guide\nintro\n## Install\n```bash\npip install capy\n```\n## Use\nrun [it](x)\n"


@pytest.fixture
def container(tmp_path: Path) -> CliContainer:
    return memory_container(tmp_path)[0]


def index(container: CliContainer, content: str, label: str = "doc", **kw: object) -> object:
    return container.use_cases.index_content().execute(
        IndexRequest(content=content, label=label, **kw)  # type: ignore[arg-type]
    )


def test_indexes_markdown_with_section_and_code_counts(container: CliContainer) -> None:
    result = index(container, MARKDOWN)
    assert result.content_type is ContentType.MARKDOWN
    assert (result.sections, result.code_sections) == (3, 1)
    assert not result.already_indexed and not result.replaced
    stored = container.use_cases.adapters.knowledge_store().source_by_label("doc")
    assert stored is not None and stored.kind is SourceKind.DURABLE


def test_same_content_again_reports_the_real_counts(container: CliContainer) -> None:
    index(container, MARKDOWN)
    again = index(container, MARKDOWN, kind=SourceKind.EPHEMERAL)
    assert again.already_indexed
    assert (again.sections, again.code_sections) == (3, 1)
    assert again.kind is SourceKind.EPHEMERAL


def test_new_content_under_a_label_replaces_it(container: CliContainer) -> None:
    index(container, MARKDOWN)
    result = index(container, "just one line")
    assert result.replaced and result.sections == 1
    store = container.use_cases.adapters.knowledge_store()
    assert len(store.sources()) == 1


@pytest.mark.parametrize("content", ["", "   \n\t\n"])
def test_empty_content_is_refused(container: CliContainer, content: str) -> None:
    with pytest.raises(InvalidInput, match="empty"):
        index(container, content)


def test_blank_label_is_refused(container: CliContainer) -> None:
    with pytest.raises(InvalidInput, match="label"):
        index(container, "text", label="  ")


def test_over_the_limit_is_refused_naming_the_setting(tmp_path: Path) -> None:
    container, _ = memory_container(tmp_path, Settings(store=StoreSettings(max_source_bytes=100)))
    with pytest.raises(SourceTooLarge) as raised:
        index(container, "é" * 51)  # 102 bytes, 51 characters
    assert "store.max_source_bytes" in str(raised.value)
    assert "100" in str(raised.value)
    index(container, "é" * 50)


def test_secrets_are_redacted_before_hashing_and_storing(container: CliContainer) -> None:
    secret = "ghp_" + "a1" * 18
    result = index(container, f"token for ci: {secret}\n")
    store = container.use_cases.adapters.knowledge_store()
    source = store.source_by_label("doc")
    assert source is not None
    stored_text = " ".join(c.chunk.content for c in store.chunks_of(source.id))
    assert secret not in stored_text and "[REDACTED_SECRET]" in stored_text
    expected = hashlib.sha256(b"token for ci: [REDACTED_SECRET]\n").hexdigest()
    assert source.content_hash == expected
    assert result.sections == 1
    assert not store.has_word(secret.lower())


def test_vocabulary_is_stored(container: CliContainer) -> None:
    index(container, "Kubernetes deployment manifests")
    store = container.use_cases.adapters.knowledge_store()
    assert store.has_word("kubernetes") and store.has_word("manifests")


def test_malformed_json_is_indexed_as_plaintext_with_a_note(container: CliContainer) -> None:
    result = index(container, '{"a": [1, 2', content_type=ContentType.JSON)
    assert result.content_type is ContentType.PLAINTEXT
    assert "not valid JSON" in result.note


def test_auto_detects_json(container: CliContainer) -> None:
    assert index(container, '{"a": {"b": 1}}').content_type is ContentType.JSON


def test_caller_chunks_are_redacted_and_kept(container: CliContainer) -> None:
    transcript = "Human: my key is sk-ant-" + "x" * 30 + "\nAssistant: noted"
    chunks = (Chunk(title="Turns 1-1", content=transcript), Chunk(title="empty", content=" "))
    result = index(
        container,
        transcript,
        label="session:1",
        kind=SourceKind.SESSION,
        content_type=ContentType.TRANSCRIPT,
        chunks=chunks,
    )
    assert result.sections == 1
    store = container.use_cases.adapters.knowledge_store()
    source = store.source_by_label("session:1")
    assert source is not None
    (stored,) = store.chunks_of(source.id)
    assert "sk-ant-" not in stored.chunk.content
    assert stored.chunk.title == "Turns 1-1"


def test_unpaired_surrogates_become_replacement_characters(container: CliContainer) -> None:
    index(container, "broken \ud800 text")
    store = container.use_cases.adapters.knowledge_store()
    source = store.source_by_label("doc")
    assert source is not None
    assert store.chunks_of(source.id)[0].chunk.content == "broken \ufffd text"
