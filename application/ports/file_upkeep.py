"""FileUpkeep port: keeping a store's storage compact and its memory small.

Upkeep belongs to the engine, not to what the store holds: an embedded file engine has free
pages to give back, a write-ahead log to fold into its file and a page cache per connection;
a database server keeps its own files and implements this as VACUUM ANALYZE, or as nothing.
The knowledge store and the vault each come with one (the same object, on SQLCipher).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable


@runtime_checkable
class FileUpkeep(Protocol):
    """Rules every implementation keeps (the contract suites check them): none of these
    changes what the store holds or what a search finds; each is safe to call at any time
    and again."""

    def free_share(self) -> float:
        """The share (0–1) of the store's storage that no row uses and ``compact`` would give
        back; 0 for an engine that reclaims space by itself."""
        ...

    def compact(self) -> None:
        """Give storage back and tidy the search indexes, as far as the engine does in place
        (the SQLCipher knowledge base: prunes vocabulary no chunk holds, merges its indexes,
        rewrites the file; the vault: merges its search index — the vault's file is copied
        afresh by its own protocol)."""
        ...

    def checkpoint(self, *, required: bool = True) -> None:
        """Make the store's main storage complete on its own (fold a write-ahead log into the
        file). ``required``: raise ``StoreError`` when another connection keeps part of it
        busy; otherwise fold what can be folded now."""
        ...

    def release_memory(self) -> None:
        """Drop what the calling thread's connection caches (its page cache; a store may close
        the connection itself, reopened on next use), e.g. after a long run of writes on a
        background thread; later use reads pages in again."""
        ...

    def drop_cached_pages(self) -> None:
        """Drop the pages the calling thread's connection caches, keeping the connection and
        its statements; cheap enough after every call. Opens no connection for a thread that
        has none; later use reads pages in again."""
        ...
