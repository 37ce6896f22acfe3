"""``capy team …``: set up and inspect the PostgreSQL server a team shares its knowledge on."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

from cyclopts import App, Parameter

from domain.errors import InvalidInput
from entrypoints.cli.app import app
from entrypoints.cli.options import global_options
from entrypoints.containers.runtime import RuntimeOptions

if TYPE_CHECKING:
    from application.ports.team_server import TeamServer
    from domain.team import TeamStatus
    from entrypoints.containers.applications import CliContainer

team = App(
    name="team",
    help=(
        "Share durable knowledge with a team on a PostgreSQL server (the optional extra "
        "capy-mcp[team]). With CAPY_TEAM_URL (or [team] url in your own config.toml) set, "
        "indexed docs and fetched pages go to the team's project; command output, sessions "
        "and the usage ledger stay in your local encrypted file."
    ),
)
app.command(team)

OwnerUrl = Annotated[
    str,
    Parameter(
        name="--url",
        help="The owner's libpq URL, e.g. postgresql://capy_owner@db.example.com/capy "
        "(password from ~/.pgpass, PGPASSFILE or a service file; TLS verify-full off loopback).",
    ),
]


def _container() -> CliContainer:
    from entrypoints.containers.applications import CliContainer

    options = global_options()
    return CliContainer(
        options=RuntimeOptions(db=options.db, project_dir=options.project_dir, read_only=True)
    )


def _server() -> TeamServer:
    server: TeamServer = _container().adapters.team_server()
    return server


@team.command(name="init")
def init(*, url: OwnerUrl) -> None:
    """Create (or bring up to date) capy's schema on the server as its owner: tables, capy's
    text-search configuration, pg_trgm, row-level security policies and the member group.
    Running it again changes nothing."""
    outcome = _server().init(url)
    done = ", ".join(outcome.applied) if outcome.applied else "nothing new (already up to date)"
    print(f"capy team init: schema {outcome.schema_version}; applied {done}")
    print("next: capy team add-member --url OWNER_URL --role NAME --project PROJECT")


@team.command(name="add-member")
def add_member(
    *,
    url: OwnerUrl,
    role: Annotated[str, Parameter(help="The member's login role (created if missing).")],
    project: Annotated[
        str, Parameter(help="The team project it may read and write, e.g. github.com/acme/shop.")
    ],
    password_file: Annotated[
        Path | None,
        Parameter(
            help="A file whose first line is the role's password (never on the command line)."
        ),
    ] = None,
) -> None:
    """Let ROLE read and write PROJECT: creates the login role if missing (no superuser, no
    RLS bypass, owns nothing) and records the membership. Running it again changes nothing."""
    password = _read_password(password_file) if password_file is not None else None
    outcome = _server().add_member(url, role, project, password)
    made = "created" if outcome.role_created else "exists"
    member = "added to" if outcome.membership_added else "already a member of"
    print(f"capy team add-member: role {outcome.role} ({made}) {member} {outcome.project}")
    if outcome.password_set:
        print("password set; the member puts it in ~/.pgpass (or a libpq service file)")
    print(
        f"the member sets CAPY_TEAM_URL=postgresql://{outcome.role}@HOST:PORT/DATABASE "
        f'and commits [team] project = "{outcome.project}" in .capy/config.toml'
    )


@team.command(name="remove-member")
def remove_member(
    *,
    url: OwnerUrl,
    role: Annotated[str, Parameter(help="The member's login role.")],
    project: Annotated[str, Parameter(help="The team project it may no longer read or write.")],
) -> None:
    """Take PROJECT away from ROLE: from its next statement on, the role sees none of the
    project's knowledge and can write none (row-level security reads the membership on every
    statement, open connections included). The role itself, its other projects and what the
    team indexed stay. Running it again changes nothing."""
    outcome = _server().remove_member(url, role, project)
    if outcome.membership_removed:
        print(f"capy team remove-member: role {outcome.role} removed from {outcome.project}")
    else:
        print(
            f"capy team remove-member: role {outcome.role} was not a member of "
            f"{outcome.project} (nothing to do)"
        )
    if outcome.other_projects:
        print(f"{outcome.role} is still a member of: " + ", ".join(outcome.other_projects))
    else:
        print(
            f"{outcome.role} is a member of no project now; its login stays "
            f"(DROP ROLE {outcome.role} as the owner to remove it)"
        )


def _read_password(path: Path) -> str:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise InvalidInput(
            f"cannot read the password file {path}: {error.strerror or error}",
            "give a readable file whose first line is the password",
        ) from None
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise InvalidInput(f"the password file {path} is empty", "write the password on line 1")
    return lines[0].rstrip("\r\n")


@team.command(name="status")
def status(
    *,
    url: Annotated[
        str | None,
        Parameter(help="A member URL to check instead of CAPY_TEAM_URL / [team] url."),
    ] = None,
) -> None:
    """Show the connection to the team server as capy uses it: role, TLS, schema, whether
    row-level security is in force, this project's team name, and the projects the role may
    read with their source counts. Exits 1 when something is wrong."""
    import sys

    from adapters.project.team_location import team_location, team_url
    from domain.errors import ConfigError

    container = _container()
    settings = container.core.settings()
    env = container.core.options().env
    configured, origin = team_url(settings.team, env)
    target = url or configured
    if not target:
        raise InvalidInput(
            "no team server is configured",
            "set CAPY_TEAM_URL (or [team] url in your own config.toml) to your member URL, "
            "or pass --url",
        )
    project_line = ""
    try:
        location = team_location(settings.team, {**env, "CAPY_TEAM_URL": target}, _root(container))
        if location is not None:
            project_line = f"{location.project} (from {location.project_origin})"
    except ConfigError as error:
        project_line = f"not named — {error}"
    report = container.adapters.team_server().status(target)
    _print_status(report, origin or "--url", project_line)
    if report.problems:
        sys.exit(1)


def _root(container: CliContainer) -> Path:
    root: Path = container.core.project_root().path
    return root


def _print_status(report: TeamStatus, origin: str, project_line: str) -> None:
    print(f"server:   {report.server} (from {origin})")
    print(f"role:     {report.role}")
    print(f"TLS:      {'yes' if report.tls else 'no (loopback or socket only)'}")
    print(f"schema:   {report.schema_version or 'missing'}")
    print(f"RLS:      {'in force' if report.rls_in_force else 'NOT in force'}")
    print(f"project:  {project_line}")
    if report.projects:
        print("member of:")
        for item in report.projects:
            print(f"  {item.project}: {item.sources} sources, {item.chunks} chunks")
    else:
        print("member of: no project")
    for problem in report.problems:
        print(f"problem:  {problem}")
