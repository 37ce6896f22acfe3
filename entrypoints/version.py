"""capy's distribution name and installed version, in one place.

The command is ``capy``; the distribution is ``capy-mcp`` because PyPI's ``capy`` is an
unrelated project (ADR 0023). Everything that asks for capy's version asks here.

``capy --version`` answers from the ``Version:`` line of capy's own metadata file, found the
way ``importlib.metadata`` finds it (the first ``sys.path`` entry holding it): importing
``importlib.metadata`` (email, zipfile, csv, …) costs several times a bare interpreter's start.
Anything unusual — two candidates in one folder, a zipped path entry, a file without that line —
is left to ``importlib.metadata`` itself (ADR 0110).
"""

# os.path, not pathlib: ``--version`` answers before pathlib is imported.
# ruff: noqa: PTH110, PTH118, PTH123, PTH208

from __future__ import annotations

import os
import sys

DISTRIBUTION = "capy-mcp"
_NORMALISED = "capy_mcp"
_SUFFIXES = (".dist-info", ".egg-info")


def capy_version() -> str:
    """The installed version, or ``unknown`` when capy runs from files that were not installed."""
    quick = _version_from_metadata_file()
    if quick is not None:
        return quick
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "unknown"


def _version_from_metadata_file() -> str | None:
    """The version in the first metadata folder of ``capy-mcp`` on ``sys.path``, or None when
    the answer is not plain (left to ``importlib.metadata``)."""
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            if entry and os.path.exists(entry):  # a zip archive or an unreadable folder
                return None
            continue
        found = [name for name in names if _is_capy_metadata(name)]
        if len(found) > 1:
            return None
        if found:
            return _version_line(os.path.join(entry or ".", found[0]))
    return None


def _is_capy_metadata(name: str) -> bool:
    lowered = name.lower()
    if not lowered.endswith(_SUFFIXES):
        return False
    project = lowered.rpartition(".")[0].partition("-")[0]
    for separator in ("-", "."):
        project = project.replace(separator, "_")
    while "__" in project:
        project = project.replace("__", "_")
    return project == _NORMALISED


def _version_line(folder: str) -> str | None:
    is_dist_info = folder.lower().endswith(".dist-info")
    path = os.path.join(folder, "METADATA" if is_dist_info else "PKG-INFO")
    try:
        with open(path, encoding="utf-8") as metadata:
            for line in metadata:
                if not line.strip():
                    break  # the headers end at the first blank line
                name, colon, value = line.partition(":")
                if colon and name.strip().lower() == "version":
                    return value.strip() or None
    except (OSError, UnicodeDecodeError):
        return None
    return None
