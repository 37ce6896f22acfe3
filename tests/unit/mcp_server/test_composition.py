"""The server's composition: every tool wired, start-up and shutdown that touch only what exists."""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest
from dependency_injector import providers
from mcp import Client

from adapters.memory.in_memory_sandbox import InMemorySandbox
from application.use_cases.index_request import IndexRequest
from domain.execution.language import Language
from entrypoints.containers.runtime import RuntimeOptions
from entrypoints.containers.server import ServerComposition
from entrypoints.mcp_server.tool_specs import tool_specs
from tests.unit.mcp_server.test_tools_list import EXPECTED


def _options(tmp_path: Path) -> RuntimeOptions:
    return RuntimeOptions(
        project_dir=tmp_path,
        db=tmp_path / "knowledge.db",
        cwd=tmp_path,
        env={"HOME": str(tmp_path), "CAPY_DB_KEY": secrets.token_urlsafe(24)},
    )


def test_every_listed_tool_has_a_handler(composition: ServerComposition) -> None:
    assert set(composition.tools.handlers()) == EXPECTED


def test_execute_description_names_the_detected_runtimes(composition: ServerComposition) -> None:
    sandbox = composition.container.adapters.sandbox()
    assert isinstance(sandbox, InMemorySandbox)
    sandbox.languages = (Language.SHELL, Language.PYTHON)
    execute = next(s for s in composition.tools.specs() if s.name == "capy_execute")
    assert "Runtimes here: python, shell." in execute.description


def test_no_runtime_found_says_so() -> None:
    execute = next(s for s in tool_specs(()) if s.name == "capy_execute")
    assert "capy_doctor" in execute.description


def test_shutdown_never_opens_a_store_that_was_never_opened(tmp_path: Path) -> None:
    composition = ServerComposition(_options(tmp_path))
    composition.shutdown()
    assert not (tmp_path / "knowledge.db").exists()


def test_warm_up_opens_the_store_and_shutdown_closes_it(tmp_path: Path) -> None:
    composition = ServerComposition(_options(tmp_path))
    composition.start_warm_up().join(timeout=30)
    store = composition.container.adapters.knowledge_store
    assert isinstance(store, providers.Resource)
    assert store.initialized
    composition.shutdown()
    assert not store.initialized
    assert (tmp_path / "knowledge.db").exists()
    assert not (tmp_path / "knowledge.db-wal").exists() or (
        (tmp_path / "knowledge.db-wal").stat().st_size == 0
    )


def test_warm_up_never_raises(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "knowledge.db").write_bytes(b"SQLite format 3\x00" + b"\x00" * 4000)
    composition = ServerComposition(_options(tmp_path))
    composition.warm_up()
    assert "capy: warning" in capsys.readouterr().err
    composition.shutdown()


@pytest.mark.anyio
async def test_memory_composition_serves_calls(client: Client) -> None:
    result = await client.call_tool("capy_execute", {"language": "shell", "code": "true"})
    assert not result.is_error


def test_shutdown_writes_access_marks_searches_collected(tmp_path: Path) -> None:
    options = _options(tmp_path)
    composition = ServerComposition(options)
    composition.start_warm_up().join(timeout=30)
    index = composition.container.use_cases.index_content()
    index.execute(IndexRequest(content="# Deploy\n\nblue green rollout steps", label="runbook"))
    search = composition.container.use_cases.search_knowledge()
    for _ in range(3):  # the first search writes at once; the next ones only collect
        assert search.search("rollout steps")
    composition.shutdown()

    reopened = ServerComposition(options)
    source = reopened.container.adapters.knowledge_store().source_by_label("runbook")
    reopened.shutdown()
    assert source is not None and source.access_count == 2
