"""TeamServer port: setting up and inspecting the server a team shares its knowledge on."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from domain.team import MemberOutcome, RemovalOutcome, TeamInitOutcome, TeamStatus


@runtime_checkable
class TeamServer(Protocol):
    """Administration of a team server (the store itself is a ``KnowledgeStore``)."""

    def init(self, owner_url: str) -> TeamInitOutcome:
        """As the owner: create or bring up to date the schema, text search, policies and the
        member group. Running it again changes nothing."""
        ...

    def add_member(
        self, owner_url: str, role: str, project: str, password: str | None
    ) -> MemberOutcome:
        """As the owner: create ``role`` (a login that neither owns tables nor bypasses
        row-level security) if missing and let it read and write ``project``."""
        ...

    def remove_member(self, owner_url: str, role: str, project: str) -> RemovalOutcome:
        """As the owner: ``role`` may no longer read or write ``project`` (from its next
        statement on). The role and the project's knowledge stay. Running it again changes
        nothing."""
        ...

    def status(self, url: str) -> TeamStatus:
        """As a member: connection, TLS, schema version, RLS in force, projects and counts."""
        ...
