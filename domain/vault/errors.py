"""Errors of the vault that carry what a person needs to choose the next step."""

from __future__ import annotations

from collections.abc import Sequence

from domain.errors import InvalidInput
from domain.vault.session import VaultSession

MIN_ID_LENGTH = 8


class AmbiguousSession(InvalidInput):
    """Several sessions start with the id given; ``candidates`` lists them."""

    def __init__(self, given: str, candidates: Sequence[VaultSession]) -> None:
        super().__init__(
            f"{len(candidates)} sessions start with {given!r}",
            "give more characters of the id (the candidates are listed above)",
        )
        self.candidates = tuple(candidates)


class ClaudeCodeMissing(InvalidInput):
    """Resuming needs Claude Code's ``claude`` command, and it is not installed here."""

    def __init__(self) -> None:
        super().__init__(
            "`claude` is not on PATH",
            "install Claude Code, or restore the session with `capy vault restore` and open "
            "it yourself",
        )
