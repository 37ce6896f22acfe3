"""SQLCipher adapters: the encrypted knowledge store (and later the vault)."""
