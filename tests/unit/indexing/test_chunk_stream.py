"""The streaming chunker hands on exactly ``chunk``'s chunks, in order."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.chunking import chunk, chunk_stream
from domain.content_type import ContentType

_LINES = st.sampled_from(
    [
        "2026-01-02T09:43:51Z GET /api/export 500 120ms",
        "2026-01-02T09:43:52Z POST /login 401 from 45.155.205.233",
        "error[E0308]: mismatched types",
        "",
        "# Heading",
        "    at Object.<anonymous> (/app/index.js:3:9)",
        "x" * 300,
        '{"errorCount": 4}',
        "Human: hi",
        "Assistant: hello",
    ]
)


@settings(max_examples=60, deadline=None)
@given(st.lists(_LINES, max_size=400), st.sampled_from(list(ContentType)))
def test_stream_is_chunk(lines: list[str], content_type: ContentType) -> None:
    text = "\n".join(lines)
    assert tuple(chunk_stream(text, content_type)) == chunk(text, content_type)
