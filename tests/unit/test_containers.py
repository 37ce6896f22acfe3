"""The composition roots build, and the in-memory adapters plug into the same use cases."""

from __future__ import annotations

from entrypoints.containers.applications import CliContainer, ServerContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions


def test_application_containers_build() -> None:
    for container_cls in (CliContainer, ServerContainer):
        container = container_cls(options=RuntimeOptions())
        assert container.core.clock().now().tzinfo is not None


def test_memory_adapters_override_production_ones() -> None:
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    assert container.adapters is not None


def test_session_files_come_from_the_temp_home(tmp_path) -> None:  # type: ignore[no-untyped-def]
    env = {"HOME": str(tmp_path), "CLAUDE_CONFIG_DIR": str(tmp_path / "cfg")}
    container = CliContainer(options=RuntimeOptions(cwd=tmp_path, env=env))
    claude, codex = container.adapters.session_files()
    assert claude.root == tmp_path / "cfg" / "projects"
    assert codex.host.value == "codex"
