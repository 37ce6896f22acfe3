"""The CLI container over in-memory adapters, with settings and a clock a test chooses."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from dependency_injector import providers

from adapters.memory.fixed_clock import FixedClock
from adapters.memory.in_memory_config_source import InMemoryConfigSource
from domain.settings import Settings
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def memory_container(
    tmp_path: Path, settings: Settings | None = None
) -> tuple[CliContainer, FixedClock]:
    clock = FixedClock(START)
    container = CliContainer(
        options=RuntimeOptions(
            db=tmp_path / "knowledge.db", project_dir=tmp_path, cwd=tmp_path, env={"PATH": ""}
        )
    )
    container.core.clock.override(providers.Object(clock))
    container.core.config_source.override(providers.Object(InMemoryConfigSource(settings)))
    container.adapters.override(MemoryAdapters(core=container.core))
    return container, clock
