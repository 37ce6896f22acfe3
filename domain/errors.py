"""Errors that carry a message a user or agent can act on.

Every error capy shows says what went wrong *and what to do next*; the ``hint`` is that second
half, kept separate so entrypoints can format it (a CLI line, an MCP tool error, a hook reason).
"""

from __future__ import annotations


class CapyError(Exception):
    """Base of every error capy raises on purpose."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message} — {self.hint}" if self.hint else self.message


class InvalidInput(CapyError):
    """The caller passed something capy cannot use (bad parameter, unreadable file, …)."""


class SourceTooLarge(InvalidInput):
    """A document is larger than ``store.max_source_bytes``."""


class ConfigError(CapyError):
    """A configuration file is malformed or holds an unknown key or a bad value."""


class StoreError(CapyError):
    """The knowledge store cannot be opened or used."""


class WrongKey(StoreError):
    """The database exists but the key does not open it. The file is never touched."""


class DamagedDatabase(StoreError):
    """The database (or its write-ahead log) is damaged; the message names the files and the
    way out (restore the backup, or move it aside and let capy start a new one)."""


class ForeignSchema(StoreError):
    """The file decrypts with capy's key but holds another program's tables (the Go capy's at
    capy's own default path is migrated in place; anywhere else it is left alone)."""


class PlaintextDatabase(StoreError):
    """The database file is unencrypted SQLite; capy refuses to use it until it is encrypted."""


class PolicyError(CapyError):
    """Permission rules could not be read; capy fails closed."""


class PolicyDenied(CapyError):
    """A permission rule forbids what was asked."""


class KeyUnavailable(CapyError):
    """The database key cannot be read, created or replaced (bad key file, env var conflict)."""
