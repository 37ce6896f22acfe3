"""Searching the vault: the query a person types, the filters, and what a hit shows."""

from __future__ import annotations

from datetime import datetime

import attrs

from domain.vault.query_grammar import VaultMatch
from domain.vault.session import MessageRole

DEFAULT_SEARCH_LIMIT = 20
SNIPPET_OPEN = "["
SNIPPET_CLOSE = "]"
SNIPPET_ELLIPSIS = "…"
SNIPPET_TOKENS = 16


@attrs.frozen
class VaultQuery:
    """What to match (``query_grammar``: every word as typed, or what a person wrote in the
    grammar) and filters; no ``match`` finds nothing.

    ``project`` is a substring of the session's project path; ``after``/``before`` bound the
    session's end time (both inclusive).
    """

    match: VaultMatch | None
    project: str | None = None
    role: MessageRole | None = None
    after: datetime | None = None
    before: datetime | None = None
    limit: int = DEFAULT_SEARCH_LIMIT


@attrs.frozen
class VaultHit:
    """One matching message: which session and where, with a highlighted snippet."""

    uuid: str
    subagent_id: str
    line_index: int
    role: MessageRole
    project_path: str
    end_time: datetime | None
    title: str | None
    snippet: str


@attrs.frozen
class SessionFilter:
    """Which sessions to list: ``project`` a substring of the project path; ``limit`` 0 = all."""

    project: str | None = None
    limit: int = 50


@attrs.frozen
class ProjectTally:
    project_path: str
    sessions: int
    size_bytes: int
    stored_bytes: int


@attrs.frozen
class VaultStats:
    """The vault in numbers; ``stored_bytes`` is what the sessions' files take after encoding,
    ``stale_sessions`` those indexed below ``index_version`` (the reindex backlog),
    ``free_bytes`` pages of the file no row uses (a compaction gives them back)."""

    sessions: int
    size_bytes: int
    stored_bytes: int
    file_bytes: int
    oldest: datetime | None
    newest: datetime | None
    index_version: int
    stale_sessions: int
    min_reader_version: int
    projects: tuple[ProjectTally, ...] = ()
    free_bytes: int = 0

    @property
    def compression_ratio(self) -> float:
        """Uncompressed over stored size (2.0: the files take half their size); 0 when empty."""
        return self.size_bytes / self.stored_bytes if self.stored_bytes else 0.0
