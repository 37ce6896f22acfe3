"""capy_fetch_and_index's use case through the real containers, on in-memory adapters."""

from __future__ import annotations

from pathlib import Path

from adapters.memory.in_memory_fetcher import InMemoryFetcher, ServedPage
from application.use_cases.fetch_and_index import FetchAndIndex
from application.use_cases.fetch_request import FetchRequest
from domain.fetch.reply import CacheHitReply, FetchedReply
from entrypoints.containers.applications import ServerContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions


def test_the_server_container_builds_fetch_and_index_on_memory_adapters(tmp_path: Path) -> None:
    container = ServerContainer(options=RuntimeOptions(cwd=tmp_path, project_dir=tmp_path))
    container.adapters.override(MemoryAdapters(core=container.core))
    fetcher = container.adapters.fetcher()
    assert isinstance(fetcher, InMemoryFetcher)
    fetcher.serve("https://docs.example.com/", ServedPage(body=b"<h1>Hello</h1><p>World</p>"))

    use_case = container.use_cases.fetch_and_index()
    first = use_case.execute(FetchRequest(url="https://docs.example.com/"))
    second = container.use_cases.fetch_and_index().execute(
        FetchRequest(url="https://docs.example.com/")
    )

    assert isinstance(use_case, FetchAndIndex)
    assert isinstance(first, FetchedReply)
    assert "# Hello" in first.preview
    assert isinstance(second, CacheHitReply)
