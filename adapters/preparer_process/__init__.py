"""A big document's Python side (redaction, chunks, vocabulary) in a worker process (ADR 0149)."""
