"""capy's distribution name and installed version, in one place.

The command is ``capy``; the distribution is ``capy-mcp`` because PyPI's ``capy`` is an
unrelated project (ADR 0023). Everything that asks for capy's version asks here.
"""

from __future__ import annotations

DISTRIBUTION = "capy-mcp"


def capy_version() -> str:
    """The installed version, or ``unknown`` when capy runs from files that were not installed."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "unknown"
