"""``capy vault …``: the vault's command-line entrypoint, composed by ``VaultContainer``.

Each module registers its commands on ``vault`` (``app.py``) when imported; heavy libraries
(SQLCipher, zstd, rich) are imported inside the commands, so ``capy --help`` stays quick.
"""
