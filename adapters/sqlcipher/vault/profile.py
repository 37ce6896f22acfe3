"""How the vault database differs from the knowledge database when it is opened."""

from __future__ import annotations

from adapters.sqlcipher.profile import DatabaseProfile, Schema

VAULT_SCHEMA = Schema(package="adapters.sqlcipher.vault.schema", ledger="vault_migrations")

VAULT = DatabaseProfile(
    noun="vault",
    schema=VAULT_SCHEMA,
    missing_key_hint="set CAPY_VAULT_KEY or let capy create a vault key",
    location_hint="choose a writable location with CAPY_VAULT_PATH",
    file_path_hint="set CAPY_VAULT_PATH to a file path",
    plaintext_hint=(
        "capy keeps the vault encrypted and will not write to a plaintext file; move it away "
        "(capy then starts a new vault) or set CAPY_VAULT_PATH to another file"
    ),
    wrong_key_hint=(
        "check CAPY_VAULT_KEY (it overrides the vault's key file in ~/.config/capy/keys/); "
        "the file was left untouched"
    ),
    open_other="CAPY_VAULT_PATH={path} capy vault list",
    key_variable="CAPY_VAULT_KEY",
    foreign_hint=(
        "if the Go capy made it, move it away (`mv {path} {path}.go`; capy then starts a new "
        "vault) and bring its sessions in with `capy vault merge --from {path}.go`"
    ),
)
