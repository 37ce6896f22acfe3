"""Settings from capy's TOML configuration files (stdlib ``tomllib``)."""

from __future__ import annotations

from pathlib import Path, PurePath

from application.ports.config_source import ConfigSource, LoadedConfig
from domain.errors import ConfigError
from domain.settings import SETTING_KEYS, UNUSED_KEYS, settings_from_values


class TomlConfigSource(ConfigSource):
    """Reads the global file, then ``<root>/.capy/config.toml``, then ``<root>/.capy.toml``.

    A later file overrides an earlier one key by key, and any value written in a file counts,
    ``0`` and ``false`` included. Keys that could widen the sandbox or open the network are
    honoured only in the global file: a cloned repository must not be able to set them (nor
    send the project's knowledge to a team server of its choosing: ``team.url``). A team's
    project name is honoured only in a project file.
    """

    def __init__(self, global_file: Path) -> None:
        self._global_file = global_file

    def load(self, project_root: Path) -> LoadedConfig:
        searched = (
            self._global_file,
            project_root / ".capy" / "config.toml",
            project_root / ".capy.toml",
        )
        values: dict[str, object] = {}
        read: list[Path] = []
        warnings: list[str] = []
        for path in searched:
            document = _read(path)
            if document is None:
                continue
            read.append(path)
            from adapters.config.toml_keys import dotted_items  # only once a file exists

            is_global = path == self._global_file
            for name, raw in dotted_items(document, path):
                if name in UNUSED_KEYS:
                    warnings.append(f"{path}: {name} has no effect in capy; you can remove it")
                    continue
                key = SETTING_KEYS[name]
                if key.global_only and not is_global:
                    warnings.append(
                        f"{path}: {name} ignored — only the global file {self._global_file} "
                        "may set it, so a cloned project cannot widen the sandbox or the network"
                    )
                    continue
                if key.project_only and is_global:
                    warnings.append(
                        f"{path}: {name} ignored — it belongs in a project's own "
                        ".capy/config.toml, which every member of the team shares"
                    )
                    continue
                try:
                    values[name] = key.parse(raw)
                except ValueError as exc:
                    raise ConfigError(
                        f"{path}: bad value for {name} ({_shown(raw)}): {exc}",
                        hint=f"{name} accepts {key.accepted}",
                    ) from None
                if name == "store.path" and not is_global:
                    _check_stays_in_project(str(values[name]), path, self._global_file)
        return LoadedConfig(
            settings=settings_from_values(values),
            files_searched=searched,
            files_read=tuple(read),
            warnings=tuple(warnings),
        )


def _check_stays_in_project(value: str, path: Path, global_file: Path) -> None:
    """A project file may only place the database inside the project.

    Otherwise a cloned repository could point capy at another project's database (whose key
    capy would then supply) and let the agent read that project's knowledge.
    """
    depth = 0
    for part in PurePath(value).parts:
        depth += -1 if part == ".." else 0 if part == "." else 1
        if depth < 0:
            break
    if PurePath(value).is_absolute() or value.startswith("~") or depth < 0:
        raise ConfigError(
            f"{path}: store.path {value!r} leaves the project; a project file may only name a "
            "path inside the project",
            hint=f"use a relative path inside the project, or set it in {global_file} or with --db",
        )


def _read(path: Path) -> dict[str, object] | None:
    try:
        data = path.read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        raise ConfigError(
            f"cannot read the configuration file {path}: {exc.strerror or exc}",
            hint="fix its permissions or remove it",
        ) from None
    import tomllib  # only once a file exists: most projects have none (ADR 0240)

    try:
        return tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ConfigError(f"{path} is not UTF-8 text", hint="save the file as UTF-8 TOML") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(
            f"{path} is not valid TOML: {exc}", hint="fix the line named above"
        ) from None


def _shown(raw: object) -> str:
    text = repr(raw)
    return text if len(text) <= 60 else text[:57] + "..."
