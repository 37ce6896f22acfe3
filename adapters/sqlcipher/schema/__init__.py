"""Numbered, named schema migrations of the knowledge database (``NNNN_name.sql``)."""
