"""Turning one parsed TOML document into dotted keys, checked against capy's known keys."""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping
from pathlib import Path

from domain.errors import ConfigError
from domain.settings import SETTING_KEYS, UNUSED_KEYS

_KNOWN = frozenset(SETTING_KEYS) | UNUSED_KEYS
_SECTIONS = frozenset(name.rsplit(".", 1)[0] for name in _KNOWN) | frozenset(
    name.split(".", 1)[0] for name in _KNOWN
)


def dotted_items(document: Mapping[str, object], path: Path) -> Iterator[tuple[str, object]]:
    """Yield ``(dotted key, raw value)`` for every leaf; an unknown key raises ``ConfigError``."""
    yield from _walk(document, "", path)


def _walk(table: Mapping[str, object], prefix: str, path: Path) -> Iterator[tuple[str, object]]:
    for key, value in table.items():
        name = f"{prefix}{key}"
        if name in _KNOWN:
            yield name, value
        elif name in _SECTIONS and isinstance(value, dict):
            yield from _walk(value, f"{name}.", path)
        elif name in _SECTIONS:
            raise ConfigError(
                f"{path}: {name} must be a table of settings, not a single value",
                hint=f"write it as a [{name}] section holding its keys",
            )
        else:
            raise ConfigError(f"{path}: unknown key {name!r}", hint=_unknown_key_hint(name))


def _unknown_key_hint(name: str) -> str:
    close = difflib.get_close_matches(name, sorted(_SECTIONS | set(SETTING_KEYS)), n=1)
    suggestion = f"did you mean {close[0]!r}? " if close else ""
    return f"{suggestion}remove or rename it; accepted keys: {', '.join(sorted(SETTING_KEYS))}"
