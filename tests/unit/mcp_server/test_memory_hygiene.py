"""The server's glibc memory settings: applied on Linux, harmless everywhere."""

from __future__ import annotations

import sys

import pytest

from adapters.memory.in_memory_sandbox import InMemorySandbox
from entrypoints.containers.server import ServerComposition
from entrypoints.mcp_server import memory
from entrypoints.mcp_server.call_memory import RELEASE_AFTER_BYTES


def test_pinning_the_threshold_and_releasing_memory_never_fail() -> None:
    pinned = memory.pin_mmap_threshold()
    assert pinned is (memory._libc() is not None)
    if sys.platform.startswith("linux"):
        assert memory._libc() is not None  # glibc on every machine capy is tested on
    memory.release_freed_memory()


def test_limiting_the_heaps_never_fails() -> None:
    assert memory.limit_arenas() is (memory._libc() is not None)
    assert memory.limit_arenas(memory.SERVER_ARENAS) is (memory._libc() is not None)


def test_memory_is_released_only_after_a_call_that_moved_megabytes(
    composition: ServerComposition, sandbox: InMemorySandbox, monkeypatch: pytest.MonkeyPatch
) -> None:

    released: list[int] = []
    monkeypatch.setattr(
        "entrypoints.mcp_server.call_memory.release_freed_memory", lambda: released.append(1)
    )
    sandbox.script(sandbox.output("small\n"), sandbox.output("x" * RELEASE_AFTER_BYTES))
    composition.dispatch("capy_execute", {"language": "shell", "code": "echo small"})
    assert released == []
    composition.dispatch("capy_execute", {"language": "shell", "code": "big"})
    assert released == [1]


def test_many_small_calls_release_memory_now_and_then(
    composition: ServerComposition, sandbox: InMemorySandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    released: list[int] = []
    monkeypatch.setattr(
        "entrypoints.mcp_server.call_memory.release_freed_memory", lambda: released.append(1)
    )
    monkeypatch.setattr("entrypoints.mcp_server.call_memory.RELEASE_EVERY_CALLS", 3)
    sandbox.script(*[sandbox.output("small\n") for _ in range(7)])
    for _ in range(7):
        composition.dispatch("capy_execute", {"language": "shell", "code": "echo small"})
    assert released == [1, 1]


def test_a_big_call_also_returns_the_threads_page_cache(
    composition: ServerComposition, sandbox: InMemorySandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    composition.warm_up()
    store = composition.container.adapters.knowledge_upkeep()
    shrunk: list[int] = []
    monkeypatch.setattr(store, "release_memory", lambda: shrunk.append(1))
    sandbox.script(sandbox.output("x" * RELEASE_AFTER_BYTES))
    composition.dispatch("capy_execute", {"language": "shell", "code": "big"})
    assert shrunk == [1]


def test_every_other_call_empties_only_the_threads_page_cache(
    composition: ServerComposition, sandbox: InMemorySandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    composition.warm_up()
    store = composition.container.adapters.knowledge_upkeep()
    done: list[str] = []
    monkeypatch.setattr(store, "release_memory", lambda: done.append("release"))
    monkeypatch.setattr(store, "drop_cached_pages", lambda: done.append("pages"))
    sandbox.script(sandbox.output("small\n"), sandbox.output("x" * RELEASE_AFTER_BYTES))
    composition.dispatch("capy_execute", {"language": "shell", "code": "echo small"})
    composition.dispatch("capy_stats", {})
    composition.dispatch("capy_execute", {"language": "shell", "code": "big"})
    assert done == ["pages", "pages", "release"]


def test_a_page_cache_that_cannot_be_emptied_does_not_fail_the_call(
    composition: ServerComposition, sandbox: InMemorySandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    composition.warm_up()
    store = composition.container.adapters.knowledge_upkeep()

    def fail() -> None:
        raise RuntimeError("busy")

    monkeypatch.setattr(store, "drop_cached_pages", fail)
    sandbox.script(sandbox.output("small\n"))
    reply = composition.dispatch("capy_execute", {"language": "shell", "code": "echo small"})
    assert "small" in str(reply)


def test_every_call_tells_the_quiet_release_it_ended(
    composition: ServerComposition, sandbox: InMemorySandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    ended: list[int] = []
    monkeypatch.setattr(composition.quiet_release, "call_ended", lambda: ended.append(1))
    sandbox.script(sandbox.output("small\n"))
    composition.dispatch("capy_execute", {"language": "shell", "code": "echo small"})
    composition.dispatch("capy_stats", {})
    assert ended == [1, 1]
