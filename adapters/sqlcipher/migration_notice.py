"""What a person is told while a migration rewrites a whole store: what it does, that it is done
once, and when it is over (ADR 0155).

A migration whose script holds a ``-- rewrites the store: <what it does>`` line reads or writes
every stored text (0009 rebuilds the substrings index from all of them: ~40 ms of CPU per MB
of the file here, 80–90 ms by the clock on a shared machine). On a store of
``at_least_bytes`` or more that is a wait of a second or longer before the first command after
an upgrade answers, so the user is told, through the opener's ``warn`` (the ``capy.store``
logger: a ``capy: …`` line on stderr in the CLI and in the MCP server, never stdout). A small
store migrates silently, as every other migration does.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from adapters.sqlcipher.connection import Connection

# About a second's wait by the clock on this machine (ADR 0155).
NOTICEABLE_BYTES = 16 * 1024 * 1024
_MB = 1024 * 1024


@attrs.frozen
class MigrationNotice:
    """``say`` takes one line; ``what`` names the file (``the knowledge database /path``)."""

    say: Callable[[str], None]
    what: str
    at_least_bytes: int = NOTICEABLE_BYTES

    def before(self, connection: Connection, rewrites: list[str]) -> bool:
        """Say what the rewriting migrations about to run do, when the store is large enough
        for them to take noticeable time; returns whether it was said."""
        if not rewrites:
            return False
        size = used_bytes(connection)
        if size < self.at_least_bytes:
            return False
        self.say(
            f"upgrading {self.what} ({size / _MB:.0f} MB) for this version of capy: "
            f"{'; '.join(rewrites)}. This is done once; it takes up to about 10 s per 100 MB, "
            "and capy goes on when it is done"
        )
        return True

    def after(self, seconds: float) -> None:
        self.say(f"{self.what} is upgraded ({seconds:.1f} s); this is not done again")


def used_bytes(connection: Connection) -> int:
    """The bytes of the file's pages in use (free pages left by deletions are not read)."""
    pages, free, size = (
        int(connection.execute(f"PRAGMA {name}").fetchone()[0])  # SQLCipher: page_size is text
        for name in ("page_count", "freelist_count", "page_size")
    )
    return (pages - free) * size
