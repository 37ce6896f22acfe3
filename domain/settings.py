"""capy's typed settings with their defaults, and the keys a configuration file may set.

Loaded and validated by the configuration adapter from three TOML files (global, project
``.capy/config.toml``, project ``.capy.toml``; later wins, an explicit value always wins).
``SETTING_KEYS`` is the one list of accepted keys: each says which values it accepts, turns a
raw TOML value into the typed one, and whether only the user's global file may set it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any

import attrs

from domain.precompiled import precompiled


@attrs.frozen
class CleanupSettings:
    ephemeral_ttl_hours: int = 24
    session_ttl_days: int = 60


@attrs.frozen
class CacheSettings:
    fetch_ttl_hours: int = 24


@attrs.frozen
class StoreSettings:
    path: str = ""
    title_weight: float = 2.0
    max_source_bytes: int = 2 * 1024 * 1024
    cleanup: CleanupSettings = CleanupSettings()
    cache: CacheSettings = CacheSettings()


@attrs.frozen
class ExecutorSettings:
    timeout: float = 30.0  # seconds
    max_output_bytes: int = 102_400
    env_passthrough: tuple[str, ...] = ()  # global config only


@attrs.frozen
class FetchSettings:
    allow_private_hosts: tuple[str, ...] = ()  # global config only


class VaultSweepScope(StrEnum):
    """What capy archives into the vault: when the MCP server starts, and each session the
    host ends (SessionEnd)."""

    OFF = "off"
    PROJECT = "project"  # the sessions of the project it serves
    ALL = "all"  # every project's sessions

    @classmethod
    def parse(cls, value: object) -> VaultSweepScope:
        """``true``/``false`` or ``"project"``, ``"all"``, ``"off"`` (also from CAPY_VAULT_SWEEP,
        where ``1``/``true``/``yes`` mean the project and ``0``/``false``/``no`` off)."""
        if isinstance(value, bool):
            return cls.PROJECT if value else cls.OFF
        if not isinstance(value, str):
            raise ValueError('expected true, false, "project", "all" or "off"')
        word = value.strip().lower()
        aliases = {"1": "project", "true": "project", "yes": "project", "on": "project"}
        aliases |= {"0": "off", "false": "off", "no": "off", "": "off"}
        try:
            return cls(aliases.get(word, word))
        except ValueError:
            raise ValueError(f'{value!r} is not true, false, "project", "all" or "off"') from None


@attrs.frozen
class VaultSettings:
    # ``None``: not set in any file — archiving is on for the served project (ADR 0058).
    sweep: VaultSweepScope | None = None


@attrs.frozen
class SessionSettings:
    sweep_on_start: bool = True  # the MCP server indexes new past sessions when it starts


@attrs.frozen
class ContinuitySettings:
    # The hooks record each session's facts to restore them after a compaction (ADR 0062).
    # The hook reads this key itself (``adapters.continuity_capture``); listed here so the
    # configuration check knows it.
    capture: bool = True


@attrs.frozen
class TeamSettings:
    """A team's shared knowledge base (ADR 0076): ``url`` (global file or ``CAPY_TEAM_URL``) is
    the member's libpq URL, its password kept in ~/.pgpass or a service file; ``project`` (the
    project's committed ``.capy/config.toml``) names the project on every member's machine."""

    url: str = ""
    project: str = ""


@attrs.frozen
class Settings:
    store: StoreSettings = StoreSettings()
    executor: ExecutorSettings = ExecutorSettings()
    fetch: FetchSettings = FetchSettings()
    sessions: SessionSettings = SessionSettings()
    vault: VaultSettings = VaultSettings()
    continuity: ContinuitySettings = ContinuitySettings()
    team: TeamSettings = TeamSettings()


@attrs.frozen
class SettingKey:
    """One key a configuration file may set.

    ``parse`` turns the raw TOML value into the typed setting or raises ``ValueError``;
    ``accepted`` says in words which values are accepted (shown in every error about the key).
    """

    name: str
    accepted: str
    parse: Callable[[object], object]
    global_only: bool = False
    project_only: bool = False


_ENV_NAME = precompiled(r"[A-Za-z_][A-Za-z0-9_]*")
_HOST_NAME = precompiled(
    r"[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*"
)
_IPV6 = precompiled(r"[0-9A-Fa-f:.]+")
# capy's own secrets never go into the sandbox, whatever a config file asks for.
_NEVER_PASSED = frozenset({"CAPY_DB_KEY", "CAPY_VAULT_KEY"})


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError("expected a string")
    return value


def _positive_number(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError("expected a number")
    if not math.isfinite(value) or value <= 0:
        raise ValueError("must be greater than 0")
    return float(value)


def _at_least_one(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError("expected a whole number")
    if value < 1:
        raise ValueError("must be 1 or more")
    return value


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError("expected true or false")
    return value


def _string_list(value: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValueError("expected a list of strings")
    return [str(item) for item in value]


def _env_names(value: object) -> tuple[str, ...]:
    names = _string_list(value)
    for name in names:
        if not _ENV_NAME.fullmatch(name):
            raise ValueError(f"{name!r} is not an environment variable name")
        if name.upper() in _NEVER_PASSED:
            raise ValueError(f"{name} is capy's own secret and never enters the sandbox")
    return tuple(dict.fromkeys(names))


def _port_ok(port: str) -> bool:
    return port.isdigit() and 1 <= int(port) <= 65535


def _host(entry: str) -> str:
    if entry.startswith("["):
        address, _, rest = entry[1:].partition("]")
        ok = bool(_IPV6.fullmatch(address)) and ":" in address
        ok = ok and (rest == "" or (rest.startswith(":") and _port_ok(rest[1:])))
    else:
        host, colon, port = entry.partition(":")
        ok = bool(_HOST_NAME.fullmatch(host)) and (not colon or _port_ok(port))
    if not ok:
        raise ValueError(f"{entry!r} is not a host or host:port")
    return entry.lower()


def _team_project(value: object) -> str:
    from domain.team import checked_project

    text = _text(value)
    try:
        return checked_project(text, "team.project")
    except Exception as error:
        raise ValueError(str(error)) from None


def _hosts(value: object) -> tuple[str, ...]:
    return tuple(dict.fromkeys(_host(entry) for entry in _string_list(value)))


SETTING_KEYS: Mapping[str, SettingKey] = {
    key.name: key
    for key in (
        SettingKey(
            "store.path",
            "a database file path (absolute, or relative to the project root), "
            'or "" for the default location',
            _text,
        ),
        SettingKey("store.title_weight", "a number greater than 0", _positive_number),
        SettingKey("store.max_source_bytes", "a whole number of bytes, 1 or more", _at_least_one),
        SettingKey(
            "store.cleanup.ephemeral_ttl_hours", "a whole number of hours, 1 or more", _at_least_one
        ),
        SettingKey(
            "store.cleanup.session_ttl_days", "a whole number of days, 1 or more", _at_least_one
        ),
        SettingKey(
            "store.cache.fetch_ttl_hours", "a whole number of hours, 1 or more", _at_least_one
        ),
        SettingKey("executor.timeout", "a number of seconds greater than 0", _positive_number),
        SettingKey(
            "executor.max_output_bytes", "a whole number of bytes, 1 or more", _at_least_one
        ),
        SettingKey(
            "executor.env_passthrough",
            "a list of environment variable names (never CAPY_DB_KEY or CAPY_VAULT_KEY)",
            _env_names,
            global_only=True,
        ),
        SettingKey("sessions.sweep_on_start", "true or false", _flag),
        SettingKey("continuity.capture", "true or false", _flag),
        SettingKey(
            "fetch.allow_private_hosts",
            'a list of "host" or "host:port" entries',
            _hosts,
            global_only=True,
        ),
        SettingKey(
            "vault.sweep",
            'true (archive this project\'s sessions when the server starts), "all" (every '
            "project's), or false",
            VaultSweepScope.parse,
        ),
        SettingKey(
            "team.url",
            "a PostgreSQL URL of your member role (postgresql://ROLE@HOST/DATABASE; the "
            'password in ~/.pgpass or a service file), or "" for none',
            _text,
            global_only=True,
        ),
        SettingKey(
            "team.project",
            "the team project's name, the same on every member's machine "
            "(e.g. github.com/acme/shop)",
            _team_project,
            project_only=True,
        ),
    )
}

# Keys the earlier capy read but never used; accepted with a warning so old files keep working.
UNUSED_KEYS: frozenset[str] = frozenset(
    {"store.cleanup.cold_threshold_days", "store.cleanup.auto_prune", "server.log_level"}
)


def settings_from_values(values: Mapping[str, object]) -> Settings:
    """Build ``Settings`` from values already parsed by ``SETTING_KEYS`` (missing = default)."""
    settings = Settings()
    for name, value in values.items():
        if name not in SETTING_KEYS:
            raise ValueError(f"unknown setting {name!r}")
        settings = _with(settings, name.split("."), value)
    return settings


def _with(node: Any, path: list[str], value: object) -> Any:
    head, *rest = path
    return attrs.evolve(node, **{head: _with(getattr(node, head), rest, value) if rest else value})
