"""A search that finds nothing names the kinds its scope left out, counted by the encrypted
store, and by the team server for the durable kind, without listing a source; a misspelt word
is corrected from the sources' labels read alone, the team's among them."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.shared_knowledge_store import SharedKnowledgeStore
from application.use_cases.index_request import IndexRequest
from application.use_cases.search_knowledge import SearchKnowledge
from domain.search_hit import SearchScope
from domain.source_kind import SourceKind
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.runtime import RuntimeOptions
from tests.support.team import TeamServerForTests

ONLY_SESSIONS = SearchScope(kinds=frozenset({SourceKind.SESSION}), kinds_explicit=True)


def _container(tmp_path: Path, team_url: str | None = None, project: str = "") -> CliContainer:
    env = {**os.environ, "CAPY_DB_KEY": "k" * 40}
    if team_url is not None:
        env["CAPY_TEAM_URL"] = team_url
        (tmp_path / ".capy").mkdir()
        (tmp_path / ".capy" / "config.toml").write_text(
            f'[team]\nproject = "{project}"\n', encoding="utf-8"
        )
    options = RuntimeOptions(
        db=tmp_path / "data" / "knowledge.db", project_dir=tmp_path, cwd=tmp_path, env=env
    )
    return CliContainer(options=options)


def _filled(container: CliContainer, monkeypatch: pytest.MonkeyPatch) -> SearchKnowledge:
    index = container.use_cases.index_content()
    index.execute(IndexRequest(content="# Deploy\n\nhelm rollback billing", label="docs/deploy"))
    index.execute(IndexRequest(content="we chose helm", label="session:1", kind=SourceKind.SESSION))
    for n in range(3):
        index.execute(
            IndexRequest(
                content=f"step {n}: error TS2345 in module_{n}",
                label=f"execute:{n}",
                kind=SourceKind.EPHEMERAL,
            )
        )

    def listed(*_: object) -> None:
        raise AssertionError("a search listed sources")

    monkeypatch.setattr(container.adapters.knowledge_store(), "sources", listed)
    search = container.use_cases.search_knowledge()
    assert isinstance(search, SearchKnowledge)
    return search


@pytest.fixture
def local(tmp_path: Path) -> Iterator[CliContainer]:
    container = _container(tmp_path)
    yield container
    container.shutdown_resources()


@pytest.fixture
def shared(tmp_path: Path, team_server: TeamServerForTests) -> Iterator[CliContainer]:
    member = team_server.member()
    container = _container(tmp_path, member.url, member.project)
    yield container
    container.shutdown_resources()


def test_the_encrypted_store_counts_the_hidden_kinds(
    local: CliContainer, monkeypatch: pytest.MonkeyPatch
) -> None:
    search = _filled(local, monkeypatch)
    assert search.search("TS2345", limit=3).hidden_kinds == ((SourceKind.EPHEMERAL, 3),)
    assert search.search("TS2345", limit=3, scope=ONLY_SESSIONS).hidden_kinds == (
        (SourceKind.DURABLE, 1),
        (SourceKind.EPHEMERAL, 3),
    )


def test_the_team_server_counts_the_durable_sources_it_holds(
    shared: CliContainer, monkeypatch: pytest.MonkeyPatch
) -> None:
    search = _filled(shared, monkeypatch)
    store = shared.adapters.knowledge_store()
    assert isinstance(store, SharedKnowledgeStore)
    assert store.local.source_counts([SourceKind.DURABLE]) == {SourceKind.DURABLE: 0}
    assert store.team().source_counts() == {
        SourceKind.DURABLE: 1,
        SourceKind.EPHEMERAL: 0,
        SourceKind.SESSION: 0,
    }
    assert search.search("TS2345", limit=3).hidden_kinds == ((SourceKind.EPHEMERAL, 3),)
    assert search.search("TS2345", limit=3, scope=ONLY_SESSIONS).hidden_kinds == (
        (SourceKind.DURABLE, 1),
        (SourceKind.EPHEMERAL, 3),
    )


def _label_corrected(container: CliContainer, monkeypatch: pytest.MonkeyPatch) -> str:
    # Only the label says ``ruff``: the search corrects ``ruuff`` from the labels alone.
    index = container.use_cases.index_content()
    index.execute(
        IndexRequest(content="All checks passed!\nFound 0 errors", label="lint/real-ruff")
    )

    def listed(*_: object) -> None:
        raise AssertionError("a search listed sources")

    monkeypatch.setattr(container.adapters.knowledge_store(), "sources", listed)
    found = container.use_cases.search_knowledge().search("how many did ruuff find", limit=3)
    assert found.corrected_query == "ruff find"
    return found.results[0].source


def test_the_encrypted_store_s_labels_correct_a_misspelt_word(
    local: CliContainer, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _label_corrected(local, monkeypatch) == "lint/real-ruff"


def test_the_team_server_s_labels_correct_a_misspelt_word(
    shared: CliContainer, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = shared.adapters.knowledge_store()
    assert isinstance(store, SharedKnowledgeStore)
    assert _label_corrected(shared, monkeypatch) == "team:lint/real-ruff"
    assert store.local.source_labels() == []
    assert store.team().source_labels() == ["lint/real-ruff"]
