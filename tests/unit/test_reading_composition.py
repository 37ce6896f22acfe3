"""``capy search`` and ``capy vault list`` are composed by hand (ADR 0110): every object and every
argument of it must be what the dependency-injector containers would have built."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from entrypoints.containers import reading
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.framework import providers
from entrypoints.containers.reading import KnowledgeReading, VaultReading
from entrypoints.containers.runtime import RuntimeOptions
from entrypoints.containers.vault import VaultContainer

CORE = ("user_dirs", "project_root", "settings", "project", "db_key", "created_files_dir", "team")


def _environment(tmp_path: Path, config: str) -> dict[str, str]:
    home = tmp_path / "home"
    (home / ".config" / "capy").mkdir(parents=True)
    (home / ".config" / "capy" / "config.toml").write_text(config, encoding="utf-8")
    return {
        "PATH": "",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "CAPY_DB_KEY": "k" * 40,
        "CAPY_VAULT_KEY": "v" * 40,
    }


OPTIONS = [
    pytest.param({}, "", id="defaults"),
    pytest.param({"db": Path("elsewhere.db")}, "", id="--db"),
    pytest.param({}, '[store]\npath = "kb/k.db"\ntitle_weight = 3.5\n', id="store settings"),
    pytest.param(
        {}, '[team]\nurl = "postgresql://db.example/capy"\nproject = "billing"\n', id="team store"
    ),
]


def _options(tmp_path: Path, given: dict[str, Any], config: str) -> RuntimeOptions:
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True, exist_ok=True)
    if "[team]" in config:  # a project's name on the team server is the project's own setting
        (project / ".capy").mkdir()
        (project / ".capy" / "config.toml").write_text(config, encoding="utf-8")
    return RuntimeOptions(
        project_dir=project,
        cwd=project,
        env=_environment(tmp_path, config),
        read_only=True,
        **given,
    )


def _resolved(value: object) -> object:
    return value() if providers.is_provider(value) else value


@pytest.mark.parametrize(("given", "config"), OPTIONS)
def test_the_core_is_the_core_container_s(
    tmp_path: Path, given: dict[str, Any], config: str
) -> None:
    options = _options(tmp_path, given, config)
    container = CliContainer(options=options)
    by_hand = KnowledgeReading(options).core
    for name in CORE:
        assert getattr(by_hand, name) == getattr(container.core, name)(), name
    if "[team]" in config:
        assert by_hand.team is not None
    assert type(by_hand.clock) is type(container.core.clock())


@pytest.mark.parametrize(("given", "config"), OPTIONS)
def test_the_store_and_the_search_get_the_container_s_arguments(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, given: dict[str, Any], config: str
) -> None:
    options = _options(tmp_path, given, config)
    container = CliContainer(options=options)
    wanted = {
        name: _resolved(value) for name, value in container.adapters.knowledge_store.kwargs.items()
    }
    given_store: dict[str, Any] = {}
    store = object()

    def opened(**kwargs: Any) -> Iterator[object]:
        given_store.update(kwargs)
        yield store

    monkeypatch.setattr(reading.lazy_adapters, "sqlcipher_knowledge_store", opened)
    monkeypatch.setattr(reading.lazy_adapters, "chunk_vectors_of", lambda found: found)
    by_hand = KnowledgeReading(options)
    search = by_hand.search_knowledge
    assert given_store.keys() == wanted.keys()
    for name in wanted.keys() - {"clock", "go_migration"}:
        assert given_store[name] == wanted[name], name
    assert (given_store["go_migration"] is None) == (wanted["go_migration"] is None)
    assert given_store["clock"] is by_hand.core.clock
    search_wanted = container.use_cases.search_knowledge.kwargs
    assert search._store is store
    assert search._access is None
    assert _resolved(search_wanted["track_access"]) is False
    assert type(search._semantic) is search_wanted["semantic"].provides
    by_hand.shutdown_resources()


@pytest.mark.parametrize(("given", "config"), OPTIONS[:1])
def test_the_vault_is_the_vault_container_s(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, given: dict[str, Any], config: str
) -> None:
    options = _options(tmp_path, given, config)
    container = VaultContainer(options=options)
    by_hand = VaultReading(options)
    assert by_hand.path == container.vault_core.path()
    assert by_hand.key == container.vault_core.key()
    assert by_hand.core.user_dirs == container.core.user_dirs()
    wanted = {
        name: _resolved(value) for name, value in container.adapters.vault_store.kwargs.items()
    }
    given_store: dict[str, Any] = {}

    def opened(**kwargs: Any) -> Iterator[object]:
        given_store.update(kwargs)
        yield object()

    monkeypatch.setattr(reading.lazy_adapters, "sqlcipher_vault_store", opened)
    assert by_hand.vault_store is not None
    assert given_store.keys() == wanted.keys()
    for name in wanted.keys() - {"clock", "go_migration"}:
        assert given_store[name] == wanted[name], name
    assert (given_store["go_migration"] is None) == (wanted["go_migration"] is None)


def test_resources_close_in_reverse_order_once() -> None:
    closed: list[str] = []

    def resource(name: str) -> Iterator[str]:
        yield name
        closed.append(name)

    held = reading._Resources()
    assert held.opened(resource("first")) == "first"
    assert held.opened(resource("second")) == "second"
    held.shutdown_resources()
    held.shutdown_resources()
    assert closed == ["second", "first"]
