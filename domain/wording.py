"""Counts and byte sizes as people read them: ``1 section``, ``2 sections``, ``3.3 MiB``."""

from __future__ import annotations


def plural(count: int, noun: str, many: str = "") -> str:
    """``1 section``, ``2 sections``, ``1,204 sections``; ``many`` for irregular nouns."""
    return f"{count:,} {noun if count == 1 else many or noun + 's'}"


def byte_size(count: int) -> str:
    """``512 B``, ``1.5 KiB``, ``3.3 MiB``, ``1.1 GiB`` — never ``3,383.8 KiB``."""
    value = float(count)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if round(value, 1) < 1024 or unit == "GiB":
            return f"{value:,.0f} {unit}" if unit == "B" else f"{value:,.1f} {unit}"
        value /= 1024
    return f"{count} B"
