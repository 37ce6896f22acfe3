"""A real process that rotates a database's key and dies at a chosen step.

``python -m tests.integration.store.rotation_child <vault|knowledge> <db> <keys_dir> <stop> <sig>``

Every file-system step of the rotation (the staged key, the journal, the copy, the point of no
return, the backup link, the rename, each key file written, the journal removed) is an event;
with ``stop`` = N > 0 the process sends itself ``sig`` right after the N-th event. With
``stop`` = 0 it prints ``ready`` once imported and runs to the end (the parent signals it at a
random moment), printing ``done`` and the number of events it passed.
"""

from __future__ import annotations

import functools
import os
import pathlib
import signal
import sys
from collections.abc import Callable
from typing import Any

from adapters import durable_files
from adapters import key_file_key_provider as keys_module
from adapters.key_file_key_provider import (
    ENV_VAR,
    VAULT_ENV_VAR,
    KeyFileKeyProvider,
    new_key,
    new_key_variable,
)
from adapters.sqlcipher import rotation_journal
from adapters.sqlcipher import sqlcipher_database_encryptor as encryptor_module
from adapters.sqlcipher.profile import KNOWLEDGE
from adapters.sqlcipher.sqlcipher_database_encryptor import SqlcipherDatabaseEncryptor
from adapters.sqlcipher.vault.profile import VAULT
from application.use_cases.rotate_key import RotateKey

_events: list[str] = []


def _instrument(owner: Any, name: str, stop: int, sig: int, *, before: bool = False) -> None:
    original: Callable[..., Any] = getattr(owner, name)

    @functools.wraps(original)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if before:
            _event(f"before {name}", stop, sig)
        result = original(*args, **kwargs)
        if not before:
            _event(f"after {name}", stop, sig)
        return result

    setattr(owner, name, wrapper)


def _event(name: str, stop: int, sig: int) -> None:
    _events.append(name)
    if len(_events) == stop:
        sys.stderr.write(f"signal at: {name}\n")
        sys.stderr.flush()
        os.kill(os.getpid(), sig)
        signal.pause()  # a handled signal (none here) would return; never go on


def main() -> None:
    kind, db, keys_dir, stop, sig = sys.argv[1:6]
    stop_at, signum = int(stop), int(sig)
    env_var = VAULT_ENV_VAR if kind == "vault" else ENV_VAR
    profile = VAULT if kind == "vault" else KNOWLEDGE
    env = dict(os.environ)
    provider = KeyFileKeyProvider(env, pathlib.Path(keys_dir), env_var=env_var, noun=profile.noun)
    rotate = RotateKey(
        SqlcipherDatabaseEncryptor(profile),
        provider,
        env=env,
        env_var=env_var,
        new_env_var=new_key_variable(env_var),
        new_secret=new_key,
    )
    for owner, name, before in (
        (KeyFileKeyProvider, "stage_key", False),
        (durable_files, "sync_directory", False),
        (durable_files, "sync_file", False),
        (encryptor_module, "_pages_verify", True),
        (rotation_journal.Journal, "advance", False),
        (os, "link", False),
        (pathlib.Path, "replace", False),
        (keys_module, "_publish", False),
        (rotation_journal.Journal, "close", True),
    ):
        _instrument(owner, name, stop_at, signum, before=before)
    print("ready", flush=True)
    rotate.execute(pathlib.Path(db))
    print(f"done {len(_events)}", flush=True)


if __name__ == "__main__":
    main()
