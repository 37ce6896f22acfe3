"""Turning raw hook input into the short, redacted plain words a fact is stored as."""

from __future__ import annotations

# Redaction looks at a little more than is kept, so a secret cut at the limit is still seen whole.
_LOOKAHEAD = 256


def fact_text(raw: str, limit: int) -> str:
    """``raw`` redacted, on one line, at most ``limit`` characters (``…`` marks a cut)."""
    # Imported here: the snapshot's rendering uses ``clip`` alone, and a SessionStart hook
    # need not load the redaction patterns (facts were redacted when they were recorded).
    from domain.redaction import redact_secrets

    window = raw[: limit + _LOOKAHEAD] if len(raw) > limit + _LOOKAHEAD else raw
    text = " ".join(redact_secrets(window).split())  # runs of whitespace as one space
    if len(text) <= limit and len(window) == len(raw):
        return text
    return text[: limit - 1].rstrip() + "…" if len(text) >= limit else text + "…"


def display_path(path: str, project_dir: str) -> str:
    """A path relative to the project when it lies inside it, else as given."""
    root = project_dir.rstrip("/")
    if root and path.startswith(root + "/"):
        return path[len(root) + 1 :]
    return path


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
