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
