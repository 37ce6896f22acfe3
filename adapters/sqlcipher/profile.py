"""What tells one capy database apart from another when it is opened: its schema and its words.

The knowledge database and the vault share every rule of opening, recovery, WAL and
checkpointing (``opener``, ``connection_pool``); they differ only in where their migrations
live, what the migration ledger is called and how a message names the file and the fix.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Schema:
    """A package of numbered ``NNNN_name.sql`` migrations and the table that records them."""

    package: str
    ledger: str


@attrs.frozen
class DatabaseProfile:
    """The schema of one kind of database plus how messages name it and what to do about it."""

    noun: str
    schema: Schema
    missing_key_hint: str
    location_hint: str
    file_path_hint: str
    plaintext_hint: str
    wrong_key_hint: str
    missing_file_hint: str = "run a capy command that writes first"
    # When the file holds another capy's tables; ``{path}`` is the file, ready for a shell.
    foreign_hint: str = "if another capy version made it, move it away and capy starts a new one"
    # How a person opens another file of this kind (a rotation's backup); ``{path}`` for a shell.
    open_other: str = "capy --db {path} sources"
    key_variable: str = "CAPY_DB_KEY"
    # What the pool's writing connections do with the pages their writes free: SQLCipher's
    # default ``ON`` zeroes every one; ``FAST`` leaves whole freed pages as they are, encrypted
    # (ADR 0152).
    secure_delete: str = "ON"


KNOWLEDGE_SCHEMA = Schema(package="adapters.sqlcipher.schema", ledger="migrations")

KNOWLEDGE = DatabaseProfile(
    noun="knowledge database",
    schema=KNOWLEDGE_SCHEMA,
    missing_key_hint="set CAPY_DB_KEY or let capy create a key",
    location_hint="choose a writable location with --db or store.path",
    file_path_hint="pass a file path with --db",
    plaintext_hint="run `capy encrypt` to encrypt it with capy's key, then try again",
    wrong_key_hint=(
        "check CAPY_DB_KEY (it overrides the key file `capy which` shows); the file was left "
        "untouched"
    ),
    foreign_hint=(
        "if the Go capy made it, move it away (`mv {path} {path}.go`; capy then starts a new "
        "one) and bring its sources in with `capy import-kb --from {path}.go`"
    ),
    secure_delete="FAST",
)
