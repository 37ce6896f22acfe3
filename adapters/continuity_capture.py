"""Whether the hooks record this session's facts: ``CAPY_CONTINUITY_CAPTURE``, else
``[continuity] capture`` from the configuration files (ADR 0062).

Read on every capturing hook call, so it is cheap: each of the three files (global, then the
project's ``.capy/config.toml`` and ``.capy.toml``; later wins, as everywhere in capy) is opened
once, and TOML is parsed only when a file names the ``continuity`` table. A value that cannot be
read leaves capture on: the hook must never fail the host, and ``capy doctor`` names a bad value.
"""

# On the hook path: importing pathlib (and urllib.parse with it) costs ~4 ms per tool call.
# ruff: noqa: PTH111, PTH117, PTH118, PTH123

from __future__ import annotations

import os
from collections.abc import Mapping

ENV_VAR = "CAPY_CONTINUITY_CAPTURE"
_OFF = frozenset({"0", "false", "no", "off"})
_ON = frozenset({"1", "true", "yes", "on"})
_MAX_BYTES = 256 * 1024


def capture_enabled(env: Mapping[str, str], project_dir: str) -> bool:
    """False when the environment or the last configuration file that says so turns capture
    off; True otherwise."""
    switch = env.get(ENV_VAR, "").strip().lower()
    if switch in _OFF:
        return False
    if switch in _ON:
        return True
    enabled = True
    for path in _config_files(env, project_dir):
        value = _capture_value(path)
        if value is not None:
            enabled = value
    return enabled


def _config_files(env: Mapping[str, str], project_dir: str) -> list[str]:
    config_home = env.get("XDG_CONFIG_HOME", "")
    if not os.path.isabs(config_home):
        config_home = os.path.join(env.get("HOME") or os.path.expanduser("~"), ".config")
    files = [os.path.join(config_home, "capy", "config.toml")]
    if project_dir:
        files += [
            os.path.join(project_dir, ".capy", "config.toml"),
            os.path.join(project_dir, ".capy.toml"),
        ]
    return files


def _capture_value(path: str) -> bool | None:
    try:
        with open(path, "rb") as handle:
            data = handle.read(_MAX_BYTES)
    except OSError:
        return None
    if b"continuity" not in data:
        return None
    import tomllib

    try:
        document = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    table = document.get("continuity")
    value = table.get("capture") if isinstance(table, dict) else None
    return value if isinstance(value, bool) else None
