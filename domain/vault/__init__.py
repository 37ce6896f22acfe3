"""The vault: every agent session archived verbatim, its messages searchable (pure rules)."""
