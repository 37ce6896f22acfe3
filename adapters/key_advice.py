"""What to do when a key does not open a database: a key problem, never damage.

A wrong or stale ``CAPY_DB_KEY`` / ``CAPY_VAULT_KEY`` overrides capy's key file; the advice says
so and how to fix or unset it. It never suggests moving the database aside — the data is fine,
only the key is wrong — and names only commands that work without opening the file.
"""

from __future__ import annotations

ENV_ORIGIN = "environment variable "
FILE_ORIGIN = "key file "


def wrong_key_advice(origin: str, env_var: str, noun: str) -> str:
    """The hint of a ``WrongKey`` for a key that came from ``origin`` (``DatabaseKey.origin``)."""
    if origin.startswith(ENV_ORIGIN):
        return (
            f"{env_var} is set and overrides the key file capy keeps for the {noun}, and it "
            f"does not fit: unset {env_var} to use that key file, or set {env_var} to the key "
            f"the {noun} was created with. The file was left untouched; nothing is damaged"
        )
    if origin.startswith(FILE_ORIGIN):
        where = origin.removeprefix(FILE_ORIGIN)
        return (
            f"the {noun} was created with another key than the one in {where} — most often "
            f"with {env_var} set at the time: set {env_var} to that key, or put the key "
            "back into that file from a backup. The file was left untouched; nothing is damaged"
        )
    return (
        f"set {env_var} to the key the {noun} was created with. The file was left untouched; "
        "nothing is damaged"
    )
