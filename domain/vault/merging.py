"""Merging another vault into this one: which sessions it brings, and what happened to them."""

from __future__ import annotations

import attrs

from domain.vault.importing import ImportReport


@attrs.frozen
class MergeReport(ImportReport):
    """An import report (new, updated, skipped, error per session) of the sessions the source
    offered, with what kind of vault the source was."""

    source: str = ""
