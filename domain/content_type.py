"""The content types capy knows how to chunk."""

from __future__ import annotations

from enum import StrEnum


class ContentType(StrEnum):
    MARKDOWN = "markdown"
    JSON = "json"
    PLAINTEXT = "plaintext"
    TRANSCRIPT = "transcript"
