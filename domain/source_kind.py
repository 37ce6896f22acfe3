"""The three kinds of indexed source and which of them a default search sees."""

from __future__ import annotations

from enum import StrEnum


class SourceKind(StrEnum):
    """How long a source lives and whether default search sees it.

    durable: indexed on purpose (``capy_index``, durable fetches); kept by retention score.
    ephemeral: tool output indexed on the way (execute, batch, fetch); expires after a TTL.
    session: past session transcripts; expires after a longer TTL.
    """

    DURABLE = "durable"
    EPHEMERAL = "ephemeral"
    SESSION = "session"

    @classmethod
    def parse(cls, value: str) -> SourceKind:
        from domain.errors import InvalidInput

        try:
            return cls(value.strip().lower())
        except ValueError:
            accepted = ", ".join(f'"{k.value}"' for k in cls)
            raise InvalidInput(f'invalid source kind "{value}"', f"use one of {accepted}") from None


def parse_kinds(text: str, option: str = "--kinds") -> frozenset[SourceKind]:
    """``durable,ephemeral`` as a set of kinds; an empty or unknown name is an error."""
    from domain.errors import InvalidInput

    names = [name for name in text.split(",") if name.strip()]
    if not names:
        raise InvalidInput(f"{option} is empty", "name one or more of durable, ephemeral, session")
    return frozenset(SourceKind.parse(name) for name in names)


DEFAULT_SEARCH_KINDS: frozenset[SourceKind] = frozenset({SourceKind.DURABLE, SourceKind.SESSION})
ALL_KINDS: frozenset[SourceKind] = frozenset(SourceKind)
