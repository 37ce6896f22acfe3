"""``capy vault rekey``: the vault under a new key, the old file kept until you drop it."""

from __future__ import annotations

from typing import Annotated

from cyclopts import Parameter

from entrypoints.vault_cli.app import say, vault


@vault.command
def rekey(
    *,
    remove_backup: Annotated[
        bool,
        Parameter(
            negative=(),
            help="Delete the previous file (vault.db.bak, still readable with the old key) "
            "and the old key once the new file is verified.",
        ),
    ] = False,
) -> None:
    """Re-encrypt the vault under a new key.

    Where the new key comes from and where it is kept follows where the key is kept now. With
    capy's key file (the default, in ~/.config/capy/keys/), a new random key is made (or
    CAPY_VAULT_NEW_KEY is used when set) and replaces the key in that file. With
    CAPY_VAULT_KEY, which capy cannot change, set CAPY_VAULT_NEW_KEY to the new key first,
    then set CAPY_VAULT_KEY to it afterwards.

    The vault is exported (SQLCipher's sqlcipher_export) into a fresh file under the new key (never
    rekeyed in place), every page of the copy is checked under the new key and every table's rows
    counted, and only then does the copy take the vault's place. The previous file stays as
    vault.db.bak unless --remove-backup; the old key is kept as that file's own key (in
    capy's key folder, mode 0600), so `CAPY_VAULT_PATH=<backup> capy vault list` opens it.
    The new key is written beside the old one before any file moves and each step is
    recorded: if the command is interrupted, the next capy command finishes or undoes it.
    Needs free disk space about the vault's size. The vault must not be in use: stop the MCP
    server and other `capy vault` commands first; a vault in use is refused and left
    untouched.
    """
    from domain.errors import InvalidInput
    from entrypoints.cli.long_runs import working
    from entrypoints.vault_cli.app import vault_container

    with vault_container() as container:
        path = container.vault_core.path()
        if not path.exists():
            raise InvalidInput(
                f"no vault at {path} yet", "there is nothing to re-encrypt; `capy vault import`"
            )
        with working("re-encrypting the vault"):
            done = container.use_cases.rekey().execute(path, remove_backup=remove_backup)
    say(f"{path} is now encrypted with a new key; {done.rows_verified:,} rows verified")
    if done.from_environment:
        say(f"the new key is {done.new_key_origin}")
    else:
        say(f"the new key is kept in {done.new_key_origin}")
    if done.backup is not None:
        import shlex

        opens = f"CAPY_VAULT_PATH={shlex.quote(str(done.backup))} capy vault list"
        kept = (
            "with the old CAPY_VAULT_KEY"
            if done.from_environment
            else "with the old key, which capy keeps as that file's own key"
        )
        say(
            f"{done.backup} is the previous file, still encrypted under the old key; it opens "
            f"{kept}: {opens}. Anyone holding that key can read it: delete it once capy works "
            "(or rekey with --remove-backup, which deletes the file and its key)"
        )
    else:
        say("the previous file was deleted")
