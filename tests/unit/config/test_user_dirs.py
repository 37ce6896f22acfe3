"""XDG base directories, with the spec's rule that relative values are ignored."""

from __future__ import annotations

from pathlib import Path

from adapters.config.user_dirs import UserDirs


def test_xdg_variables_are_used_when_absolute() -> None:
    dirs = UserDirs.from_env({"HOME": "/h", "XDG_CONFIG_HOME": "/c", "XDG_DATA_HOME": "/d"})
    assert dirs.global_config_file == Path("/c/capy/config.toml")
    assert dirs.keys_dir == Path("/c/capy/keys")
    assert dirs.databases_dir == Path("/d/capy")


def test_unset_empty_or_relative_xdg_variables_fall_back_to_home() -> None:
    for env in (
        {"HOME": "/h"},
        {"HOME": "/h", "XDG_CONFIG_HOME": "", "XDG_DATA_HOME": ""},
        {"HOME": "/h", "XDG_CONFIG_HOME": "rel/config", "XDG_DATA_HOME": "rel/data"},
    ):
        dirs = UserDirs.from_env(env)
        assert dirs.config_home == Path("/h/.config")
        assert dirs.data_home == Path("/h/.local/share")
