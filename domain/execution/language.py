"""The languages capy can run."""

from __future__ import annotations

import enum

from domain.errors import InvalidInput


class Language(enum.Enum):
    JAVASCRIPT = "javascript"
    TYPESCRIPT = "typescript"
    PYTHON = "python"
    SHELL = "shell"
    RUBY = "ruby"
    GO = "go"
    RUST = "rust"
    PHP = "php"
    PERL = "perl"
    R = "r"
    ELIXIR = "elixir"

    @classmethod
    def parse(cls, name: str) -> Language:
        try:
            return cls(name.strip().lower())
        except ValueError:
            names = ", ".join(lang.value for lang in cls)
            raise InvalidInput(f"unknown language {name!r}", hint=f"use one of: {names}") from None
