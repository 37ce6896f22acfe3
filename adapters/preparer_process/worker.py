"""The worker process (``python -m adapters.preparer_process.worker [content type]``): reads on
stdin a line of the words every chunk is also found by (often empty), then a document's valid
text (UTF-8) to its end, then writes its prepared head, its chunk
batches and its vocabulary as frames on stdout; an error as an ``error`` frame. The text is
taken as redacted: the server that started it redacts it meanwhile and keeps what this sends
only if redaction left the text as it is (ADR 0174). Imports only capy's domain and the
preparation use case: no store, no key, no configuration."""

from __future__ import annotations

import os
import sys
import traceback

from adapters.preparer_process.frames import write_frame
from application.use_cases.prepare_document import InProcessPreparation
from domain.content_type import ContentType
from domain.search.substring_text import substring_text

# Vocabulary words a frame: ~0.2 MB of a log's ids and numbers.
WORDS_PER_FRAME = 16_384


def _let_stdin_go() -> None:
    """Stdin, read to its end, is let go: given an anonymous memory file, the text's bytes
    stay in memory for as long as one descriptor of it is open (ADR 0274)."""
    null = os.open(os.devnull, os.O_RDONLY)
    try:
        os.dup2(null, sys.stdin.fileno())
    finally:
        os.close(null)


def main(argv: list[str]) -> int:
    out = sys.stdout.buffer
    try:
        wanted = ContentType(argv[0]) if argv and argv[0] else None
        section_facts = sys.stdin.buffer.readline().decode("utf-8", "surrogatepass").strip()
        content = sys.stdin.buffer.read().decode("utf-8", "surrogatepass")
        _let_stdin_go()
        # Redacted already, or a text redaction leaves as it is: the server checks which
        # while this cuts it, and reads nothing back before it knows (ADR 0174).
        prepared = InProcessPreparation(content, wanted, redacted=True, section_facts=section_facts)
        del content
        head = prepared.head
        write_frame(
            out,
            ("head", head.content_type.value, head.note, head.content_hash, head.size_bytes),
        )
        for batch in prepared.batches():
            # Each chunk's substrings text too: cut here, it is off the store's side (ADR 0174).
            rows = [(c.title, c.content, c.has_code, c.facts, substring_text(c)) for c in batch]
            write_frame(out, ("rows", rows))
            out.flush()
            # The store inserts this batch meanwhile: a batch's worth of the text's words is
            # read now, so that none are left after the last one and no batch waits for all.
            prepared.read_text_words(sum(len(piece.content) for piece in batch))
        # In no order: the server makes a set of them (sorted, they cost the last step here
        # ~0.1 s of a 20 MB log's words while the server waits for them). In parts, the last
        # one ``words``: the server adds each to its set and lets it go, never holding a list
        # of them all next to the set (ADR 0233).
        words = list(prepared.words())
        last = max(len(words) - WORDS_PER_FRAME, 0)
        for start in range(0, last, WORDS_PER_FRAME):
            write_frame(out, ("word-part", words[start : start + WORDS_PER_FRAME]))
        write_frame(out, ("words", words[last:]))
        out.flush()
    except Exception:
        write_frame(out, ("error", traceback.format_exc(limit=5)))
        out.flush()
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
