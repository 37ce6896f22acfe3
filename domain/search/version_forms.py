"""A release number as tags and tools write it: ``v1.1.0`` for "the 1.1 tag".

An agent names a release by its number ("what does the 1.1 tag say", "changes since 2.3");
git tags, changelogs and package tools write it with a ``v`` before it (``v1.1.0``,
``v2.3.4-rc1``). A bare number must start a word to match (``1.1`` of ``1.1.1.1`` does, the
``1.1`` inside ``v1.1.0`` does not), so the number asked for is also looked for with the ``v``.
"""

from __future__ import annotations

from domain.precompiled import precompiled

# Two or three dotted numbers, none longer than four digits: ``1.1``, ``2.30.4``; not a decimal
# written with a unit (``0.5s`` holds a letter), an address (four parts) or a lone count.
_RELEASE = precompiled(r"\d{1,4}\.\d{1,4}(?:\.\d{1,4})?")


def version_forms(term: str) -> tuple[str, ...]:
    """``term`` with a ``v`` before it when it is a release number (``1.1`` → ``v1.1``);
    ``()`` for anything else."""
    return (f"v{term}",) if _RELEASE.fullmatch(term) else ()
