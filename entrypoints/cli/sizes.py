"""Byte counts as people read them in command output."""

from __future__ import annotations


def byte_size(count: int) -> str:
    """``512 B``, ``1.5 KiB``, ``3.2 MiB``, ``1.1 GiB``."""
    value = float(count)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if value < 1024 or unit == "GiB":
            return f"{value:,.0f} {unit}" if unit == "B" else f"{value:,.1f} {unit}"
        value /= 1024
    return f"{count} B"
