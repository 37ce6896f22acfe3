"""What long use cases take by default: nobody asks them to stop, nobody watches progress."""

from __future__ import annotations


def never() -> bool:
    """A ``stop`` that is never asked for."""
    return False


def unwatched(*_: object) -> None:
    """A ``progress`` callback nobody listens to."""
    return None
