"""ConfigSource port: capy's settings for a project, read from the user's configuration files."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, runtime_checkable

import attrs

from domain.settings import Settings


@attrs.frozen
class LoadedConfig:
    """The merged settings, every file looked at, the ones actually read, and warnings to show.

    ``warnings`` hold things capy ignored on purpose (a global-only key in a project file, a key
    that has no effect); the caller shows them, nothing is dropped silently.
    """

    settings: Settings
    files_searched: tuple[Path, ...] = ()
    files_read: tuple[Path, ...] = ()
    warnings: tuple[str, ...] = ()


@runtime_checkable
class ConfigSource(Protocol):
    """Loads the settings that apply to one project root.

    Levels, later wins: the user's global file, ``<root>/.capy/config.toml``,
    ``<root>/.capy.toml``. An explicit value always wins (``0`` and ``false`` included). A
    malformed file, an unknown key or a bad value raises ``ConfigError`` naming the file, the key
    and the accepted values; there is never a silent fall-back to defaults.
    """

    def load(self, project_root: Path) -> LoadedConfig: ...
