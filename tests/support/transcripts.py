"""Realistic session transcripts for tests (the writer the session benchmark uses too)."""

from entrypoints.bench.transcript_files import (
    ClaudeHome,
    ClaudeTranscript,
    CodexRollout,
    mangle,
)

__all__ = ["ClaudeHome", "ClaudeTranscript", "CodexRollout", "mangle"]
