"""The user's home, configuration and data directories (XDG base directories)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import attrs


@attrs.frozen
class UserDirs:
    """Where capy keeps the user's global config, database keys and default databases."""

    home: Path
    config_home: Path
    data_home: Path

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> UserDirs:
        home = Path(env["HOME"]) if env.get("HOME") else Path.home()
        return cls(
            home=home,
            config_home=_xdg(env, "XDG_CONFIG_HOME", home / ".config"),
            data_home=_xdg(env, "XDG_DATA_HOME", home / ".local" / "share"),
        )

    @property
    def global_config_file(self) -> Path:
        return self.config_home / "capy" / "config.toml"

    @property
    def keys_dir(self) -> Path:
        return self.config_home / "capy" / "keys"

    @property
    def databases_dir(self) -> Path:
        return self.data_home / "capy"


def _xdg(env: Mapping[str, str], name: str, default: Path) -> Path:
    # The XDG spec says a relative value is invalid and must be ignored.
    value = env.get(name, "")
    return Path(value) if value and Path(value).is_absolute() else default
