"""``capy encrypt``: encrypt an unencrypted knowledge database, or rotate its key."""

from __future__ import annotations

from typing import Annotated

from cyclopts import Parameter

from application.ports.database_encryptor import DatabaseState
from domain.errors import InvalidInput, StoreError
from entrypoints.cli.app import app
from entrypoints.cli.options import global_options
from entrypoints.containers.runtime import RuntimeOptions

ENV_KEY = "CAPY_DB_KEY"
ENV_NEW_KEY = "CAPY_DB_NEW_KEY"


@app.command
def encrypt(
    *,
    rotate: Annotated[
        bool,
        Parameter(negative=(), help="Re-encrypt an encrypted database under a new random key."),
    ] = False,
) -> None:
    """Encrypt the knowledge database with capy's key, or rotate that key.

    An unencrypted database (for example one copied from elsewhere) is re-written encrypted
    with the key capy uses for it (CAPY_DB_KEY, or capy's key file, created if needed). With
    --rotate an encrypted database is re-written under a new random key, which replaces the
    key file. When CAPY_DB_KEY supplies the key, capy cannot store a new one: set
    CAPY_DB_NEW_KEY to the new key, run `capy encrypt --rotate`, then set CAPY_DB_KEY to it.

    The copy is verified before it replaces the original, which is kept as `<db>.bak` (delete it
    once capy works: an unencrypted backup is readable by anyone who can read the file). Stop
    the capy MCP server before running this command.
    """
    from entrypoints.containers.applications import CliContainer

    options = global_options()
    runtime = RuntimeOptions(db=options.db, project_dir=options.project_dir)
    container = CliContainer(options=runtime)
    path = container.core.project().db_path
    encryptor = container.adapters.database_encryptor()
    state = encryptor.state(path)
    if state is DatabaseState.MISSING:
        print(f"capy encrypt: no knowledge database at {path} yet — capy creates it encrypted")
        return
    if state is DatabaseState.UNREADABLE:
        raise StoreError(f"{path} is not a database", "check the path given with --db")
    if state is DatabaseState.PLAINTEXT:
        if rotate:
            raise InvalidInput(
                f"{path} is not encrypted yet", "run `capy encrypt` without --rotate"
            )
        key = container.core.db_key()
        done = encryptor.encrypt(path, key.secret)
        print(f"capy encrypt: {path} is now encrypted with the key from {key.origin}")
        print(
            f"capy encrypt: the unencrypted original is {done.backup} — delete it once capy works"
        )
        return
    if not rotate:
        print(f"capy encrypt: {path} is already encrypted; use --rotate to change its key")
        return
    done = container.use_cases.rotate_key().execute(path)
    if done.from_environment:
        print(f"capy encrypt: {path} is now encrypted with {ENV_NEW_KEY}; set {ENV_KEY} to it")
    else:
        print(
            f"capy encrypt: {path} is now encrypted with a new key, kept in {done.new_key_origin}"
        )
    import shlex

    how = "the old CAPY_DB_KEY" if done.from_environment else "the old key, kept as its own key"
    print(
        f"capy encrypt: {done.backup} is the previous file, still encrypted under the old key; "
        f"it opens with {how}: capy --db {shlex.quote(str(done.backup))} sources. Anyone "
        "holding that key can read it; delete it once capy works"
    )
