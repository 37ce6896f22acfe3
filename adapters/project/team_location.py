"""Where a project's shared knowledge lives: the team server URL and the team project name.

The URL comes from ``CAPY_TEAM_URL``, else ``[team] url`` in the user's global configuration
(a cloned repository cannot point capy at a server of its choosing). The project comes from
``[team] project`` in the project's committed ``.capy/config.toml``, else from its git remote
``origin`` (normalised: ``github.com/acme/shop`` whichever URL form a clone uses) — never from a
local path, which differs between machines.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path

import attrs

from domain.errors import ConfigError
from domain.settings import TeamSettings

ENV_URL = "CAPY_TEAM_URL"
GIT_TIMEOUT_SECONDS = 2.0


@attrs.frozen
class TeamLocation:
    url: str
    project: str
    url_origin: str
    project_origin: str


def team_url(settings: TeamSettings, env: Mapping[str, str]) -> tuple[str, str]:
    """The configured URL and where it came from; ``("", "")`` when no team store is set."""
    from_env = env.get(ENV_URL, "").strip()
    if from_env:
        return from_env, ENV_URL
    if settings.url.strip():
        return settings.url.strip(), "[team] url"
    return "", ""


def origin_remote(project_root: Path, env: Mapping[str, str]) -> str:
    """``git remote get-url origin`` in the project, ``""`` when there is none."""
    import subprocess  # only with a team store configured (ADR 0240)

    try:
        done = subprocess.run(
            ["git", "config", "--get", "remote.origin.url"],
            cwd=project_root,
            env={k: v for k, v in env.items() if not k.startswith("CAPY_")}
            | {"GIT_OPTIONAL_LOCKS": "0"},
            capture_output=True,
            text=True,
            timeout=GIT_TIMEOUT_SECONDS,
            check=False,
        )
    except (OSError, subprocess.SubprocessError, UnicodeDecodeError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def team_location(
    settings: TeamSettings, env: Mapping[str, str], project_root: Path
) -> TeamLocation | None:
    """The team store this project uses, None when none is configured; a configured URL with
    no way to name the project is a ``ConfigError`` saying how to name it."""
    url, url_origin = team_url(settings, env)
    if not url:
        return None
    if settings.project:
        return TeamLocation(url, settings.project, url_origin, "[team] project")
    from domain.team import project_from_remote  # only with a team store configured

    remote = origin_remote(project_root, env)
    derived = project_from_remote(remote) if remote else None
    if derived is None:
        raise ConfigError(
            f"{url_origin} is set but capy cannot name this project on the team server "
            + ("(its git remote origin is a local path)" if remote else "(no git remote origin)"),
            f'add [team] project = "NAME" to {project_root / ".capy" / "config.toml"} and '
            "commit it, so every member's capy names the project alike",
        )
    return TeamLocation(url, derived, url_origin, "git remote origin")


def usable_team_location(
    settings: TeamSettings, env: Mapping[str, str], project_root: Path
) -> TeamLocation | None:
    """``team_location`` for the stores: a project capy cannot name on the team server keeps
    all its knowledge locally, with a warning saying how to name it (``capy team status``
    shows the same)."""
    try:
        return team_location(settings, env, project_root)
    except ConfigError as error:
        logging.getLogger("capy.store").warning(
            "the team store is not used for this project: %s", error
        )
        return None
