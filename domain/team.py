"""A team knowledge base on a shared server: its project names and what its status shows."""

from __future__ import annotations

import re

import attrs

from domain.errors import ConfigError
from domain.precompiled import precompiled

_SCP_LIKE = precompiled(r"^(?:[^@/]+@)?(?P<host>[^:/]+):(?P<path>(?!//).+)$")
_URL = precompiled(
    r"^[a-z][a-z0-9+.-]*://(?:[^@/]*@)?(?P<host>[^/:]+)(?::\d+)?/(?P<path>.+)$", re.I
)
_PROJECT = precompiled(r"^[\w.@:/~+-]{1,200}$")
_ROLE = precompiled(r"^[a-z_][a-z0-9_]{0,62}$")


def project_from_remote(remote: str) -> str | None:
    """The team project a git remote URL stands for: ``host/owner/repo``, lower-case host, no
    scheme, user, port or ``.git`` — the same for every clone, whichever URL form it uses
    (``git@github.com:org/repo.git`` and ``https://github.com/org/repo`` are one project). A
    local path is no project (it differs between machines): None."""
    text = remote.strip()
    match = _URL.match(text)
    if match is None and "://" not in text:
        match = _SCP_LIKE.match(text)
    if match is None or text.startswith(("/", ".", "~", "file:")):
        return None
    path = match.group("path").strip("/")
    path = path.removesuffix(".git").rstrip("/")
    if not path:
        return None
    return f"{match.group('host').lower()}/{path}"


def checked_project(name: str, origin: str) -> str:
    """A project name given by a person, stripped; an empty or odd one is a ``ConfigError``."""
    stripped = name.strip()
    if not _PROJECT.match(stripped):
        raise ConfigError(
            f"{origin}: {name!r} is not a team project name",
            "use letters, digits and . _ - / : @ (e.g. github.com/acme/shop), at most 200",
        )
    return stripped


def checked_role(name: str) -> str:
    """A PostgreSQL role name capy will create: lower-case letters, digits and underscores."""
    if not _ROLE.match(name):
        raise ConfigError(
            f"{name!r} is not a role name capy creates",
            "use lower-case letters, digits and underscores, starting with a letter (≤ 63)",
        )
    return name


@attrs.frozen
class ProjectCount:
    project: str
    sources: int
    chunks: int


@attrs.frozen
class TeamStatus:
    """What a member's connection to the team server shows (``capy team status``, doctor)."""

    server: str
    role: str
    tls: bool
    schema_version: str | None
    rls_in_force: bool
    tables_without_rls: tuple[str, ...]
    projects: tuple[ProjectCount, ...]
    problems: tuple[str, ...] = ()


@attrs.frozen
class TeamInitOutcome:
    applied: tuple[str, ...]
    schema_version: str


@attrs.frozen
class MemberOutcome:
    role: str
    project: str
    role_created: bool
    membership_added: bool
    password_set: bool


@attrs.frozen
class RemovalOutcome:
    """What ``capy team remove-member`` changed: the membership, and what the role keeps."""

    role: str
    project: str
    membership_removed: bool
    other_projects: tuple[str, ...]
