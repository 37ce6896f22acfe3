"""Settings handed in directly (tests, dry runs)."""

from __future__ import annotations

from pathlib import Path

from application.ports.config_source import ConfigSource, LoadedConfig
from domain.settings import Settings


class InMemoryConfigSource(ConfigSource):
    """Returns the given settings for any project root; records the roots asked for."""

    def __init__(self, settings: Settings | None = None, warnings: tuple[str, ...] = ()) -> None:
        self._settings = settings or Settings()
        self._warnings = warnings
        self.roots: list[Path] = []

    def load(self, project_root: Path) -> LoadedConfig:
        self.roots.append(project_root)
        return LoadedConfig(settings=self._settings, warnings=self._warnings)
