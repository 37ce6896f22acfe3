"""Turning a passphrase into SQLCipher key material once per process.

SQLCipher 4 derives the page key with PBKDF2-HMAC-SHA512 (256 000 iterations) from the
passphrase and the 16-byte salt at the start of the file: ~140 ms per connection. capy derives
it once with the same parameters and hands every connection the raw key plus salt, so opening
another per-thread connection costs nothing and the file stays openable with the passphrase.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import attrs

SALT_BYTES = 16
_KDF_ITERATIONS = 256_000
_KEY_BYTES = 32


@attrs.frozen
class KeyMaterial:
    """A derived key and the salt it belongs to; ``pragma`` is the statement that applies it."""

    key: bytes = attrs.field(repr=False)
    salt: bytes

    @property
    def pragma(self) -> str:
        return f"PRAGMA key = \"x'{self.key.hex()}{self.salt.hex()}'\""


def derive(passphrase: str, salt: bytes) -> KeyMaterial:
    key = hashlib.pbkdf2_hmac(
        "sha512", passphrase.encode(), salt, _KDF_ITERATIONS, dklen=_KEY_BYTES
    )
    return KeyMaterial(key=key, salt=salt)


def for_file(passphrase: str, path: Path) -> KeyMaterial:
    """Key material for an existing encrypted file, or for a new file with a fresh salt."""
    salt = b""
    if path.exists():
        with path.open("rb") as handle:
            salt = handle.read(SALT_BYTES)
    if len(salt) < SALT_BYTES:
        salt = os.urandom(SALT_BYTES)
    return derive(passphrase, salt)


def passphrase_pragma(passphrase: str, schema: str = "main") -> str:
    """``PRAGMA key`` cannot take a bound parameter: the passphrase becomes a quoted literal."""
    if "\x00" in passphrase:
        raise ValueError("a database key cannot contain NUL characters")
    quoted = passphrase.replace("'", "''")
    return f"PRAGMA {schema}.key = '{quoted}'"
