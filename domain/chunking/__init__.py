"""Chunking: turning a document into searchable sections of at most 4 KB (UTF-8)."""

from __future__ import annotations

from domain.chunking.detection import detect_content_type, is_json
from domain.chunking.dispatch import chunk
from domain.chunking.limits import MAX_CHUNK_BYTES

__all__ = ["MAX_CHUNK_BYTES", "chunk", "detect_content_type", "is_json"]
