"""The doctor's check of the team server: configured, reachable over TLS, RLS in force, member."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path

from adapters.project.team_location import team_location
from application.ports.config_source import LoadedConfig
from application.ports.health_check import HealthCheck
from domain.doctor.check import CheckResult, failed, passed, warned
from domain.errors import CapyError
from domain.team import TeamStatus


def _files_with_a_password(
    files: tuple[Path, ...], has_password: Callable[[str], bool]
) -> list[Path]:
    found = []
    for path in files:
        try:
            document = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            continue
        team = document.get("team")
        url = team.get("url") if isinstance(team, dict) else None
        if isinstance(url, str) and has_password(url):
            found.append(path)
    return found


class TeamStoreCheck(HealthCheck):
    name = "Team store"

    def __init__(
        self,
        load_config: Callable[[], LoadedConfig],
        env: Mapping[str, str],
        project_root: Path,
        status: Callable[[str], TeamStatus],
        has_password: Callable[[str], bool],
    ) -> None:
        self._load_config = load_config
        self._env = env
        self._root = project_root
        self._status = status
        self._has_password = has_password

    def run(self) -> CheckResult:
        config = self._load_config()
        exposed = _files_with_a_password(config.files_read, self._has_password)
        try:
            location = team_location(config.settings.team, self._env, self._root)
        except CapyError as error:
            return failed(self.name, error.message, error.hint)
        if location is None:
            return passed(self.name, "not configured: all knowledge stays in the local file")
        report = self._status(location.url)
        member = any(item.project == location.project for item in report.projects)
        problems = list(report.problems)
        if not member:
            problems.append(f"{report.role} is not a member of {location.project}")
        detail = (
            f"{report.server} as {report.role} ({location.url_origin}); "
            f"TLS {'yes' if report.tls else 'no (loopback)'}; "
            f"RLS {'in force' if report.rls_in_force else 'NOT in force'}; "
            f"project {location.project} ({location.project_origin})"
        )
        if problems:
            return failed(
                self.name,
                detail + "; " + "; ".join(problems),
                f"the team's owner runs capy team init, then capy team add-member --role "
                f"{report.role} --project {location.project}; capy team status shows details",
            )
        if exposed:
            return warned(
                self.name,
                detail + "; a password is written in " + ", ".join(map(str, exposed)),
                "remove it from the URL and keep it in ~/.pgpass (or PGPASSFILE, or a libpq "
                "service file): a config.toml is easily committed or shared",
            )
        return passed(self.name, detail)
