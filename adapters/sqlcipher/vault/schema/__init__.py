"""Numbered, named schema migrations of the vault database (``NNNN_name.sql``)."""
