"""Helpers for reading capy's configuration: user directories and TOML key flattening."""
