"""Byte counts and counted nouns in command output (the rules live in ``domain.wording``)."""

from __future__ import annotations

from domain.wording import byte_size, plural

__all__ = ["byte_size", "plural"]
