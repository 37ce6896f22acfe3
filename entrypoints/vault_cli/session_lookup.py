"""Finding the session a command names; an ambiguous id lists the candidates first."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from domain.vault.errors import AmbiguousSession
from domain.vault.session import VaultSession
from entrypoints.vault_cli.formatting import local_time, title_of

if TYPE_CHECKING:
    from entrypoints.containers.vault import VaultContainer


def find_or_list(container: VaultContainer, given: str) -> VaultSession:
    try:
        found: VaultSession = container.use_cases.find_session().execute(given)
    except AmbiguousSession as error:
        for candidate in error.candidates:
            print(
                f"  {candidate.uuid}  {local_time(candidate.end_time)}  {title_of(candidate)}",
                file=sys.stderr,
            )
        raise
    return found
