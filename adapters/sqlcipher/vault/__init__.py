"""The vault on an encrypted SQLCipher file: schema, writes, queries (ADR 0033)."""
