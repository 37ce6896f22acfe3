"""Core finds the root first, loads the config for that root, then the database and its key."""

from __future__ import annotations

from pathlib import Path

import pytest
from dependency_injector import providers

from adapters.memory.in_memory_config_source import InMemoryConfigSource
from adapters.memory.in_memory_key_provider import InMemoryKeyProvider
from adapters.memory.in_memory_project_locator import InMemoryProjectLocator
from application.ports.config_source import ConfigSource
from application.ports.key_provider import KeyProvider
from application.ports.project_locator import ProjectLocator
from domain.errors import KeyUnavailable
from domain.settings import Settings, StoreSettings
from entrypoints.containers.core import Core
from entrypoints.containers.runtime import RuntimeOptions


def core_for(project: Path, **env: str) -> Core:
    return Core(options=RuntimeOptions(project_dir=project, cwd=project, env={"PATH": "", **env}))


def test_settings_are_loaded_for_the_located_root(tmp_path: Path) -> None:
    source = InMemoryConfigSource(Settings(store=StoreSettings(path="kb/knowledge.db")))
    core = core_for(tmp_path)
    with core.config_source.override(providers.Object(source)):
        assert core.project().db_path == tmp_path / "kb" / "knowledge.db"
        assert source.roots == [tmp_path.resolve()]
        assert core.settings().store.path == "kb/knowledge.db"


def test_the_db_key_is_for_the_located_database(tmp_path: Path) -> None:
    keys = InMemoryKeyProvider()
    core = core_for(tmp_path)
    with core.key_provider.override(providers.Object(keys)):
        key = core.db_key()
    assert keys.keys == {core.project().db_path: key.secret}
    assert core.db_key() is core.db_key()


def test_db_flag_beats_the_configured_path(tmp_path: Path) -> None:
    source = InMemoryConfigSource(Settings(store=StoreSettings(path="/elsewhere/kb.db")))
    core = Core(options=RuntimeOptions(db=Path("mine.db"), project_dir=tmp_path, cwd=tmp_path))
    with core.config_source.override(providers.Object(source)):
        assert core.project().db_path == tmp_path.resolve() / "mine.db"
        assert core.project().db_path_origin == "--db flag"


def test_real_providers_implement_their_ports(tmp_path: Path) -> None:
    core = core_for(tmp_path)
    assert isinstance(core.config_source(), ConfigSource)
    assert isinstance(core.project_locator(), ProjectLocator)
    assert isinstance(core.key_provider(), KeyProvider)


def test_in_memory_fakes_keep_the_port_contracts(tmp_path: Path) -> None:
    assert isinstance(InMemoryConfigSource(), ConfigSource)
    locator = InMemoryProjectLocator(tmp_path)
    assert isinstance(locator, ProjectLocator)
    assert locator.locate().db_path == tmp_path / "knowledge.db"
    keys = InMemoryKeyProvider()
    db = tmp_path / "k.db"
    assert "will be generated" in keys.describe(db)
    first = keys.key_for(db)
    assert keys.key_for(db) == first
    assert keys.replace_key(db, "new").secret == "new"
    with pytest.raises(KeyUnavailable):
        InMemoryKeyProvider(env_key="x").replace_key(db, "new")
    assert "s3cr3t-value" not in repr(InMemoryKeyProvider(env_key="s3cr3t-value").key_for(db))


def test_project_locator_override_changes_the_project(tmp_path: Path) -> None:
    core = core_for(tmp_path)
    with core.project_locator.override(providers.Object(InMemoryProjectLocator(tmp_path / "p"))):
        assert core.project().root == tmp_path / "p"
