"""Collaborators of the vault's use cases (reading a session into the form the vault keeps)."""
