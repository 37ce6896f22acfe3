"""Where redaction's patterns have always imported ``LazyPattern`` from; it lives in
``domain.lazy_pattern`` now that the shell reader and continuity use it too."""

from __future__ import annotations

from domain.lazy_pattern import LazyPattern

__all__ = ["LazyPattern"]
