"""A worker that misbehaves as its text says (``python -m`` of this module, in place of capy's).

``env``: reports its environment (as the head's note) and finishes; ``echo …``: reports the
text it was given (as the head's note) and finishes; ``die``: exits before its
head; ``die-late``: sends a head and one batch, then exits; ``raise``: reports an error;
``stall``: sends a head and one batch, then sleeps.
"""

from __future__ import annotations

import json
import os
import sys
import time

from adapters.preparer_process.frames import write_frame


def main() -> int:
    sys.stdin.buffer.readline()  # the words every chunk is also found by
    text = sys.stdin.buffer.read().decode()
    out = sys.stdout.buffer
    head = ("head", "plaintext", "", "0" * 64, len(text))
    rows = ("rows", [("Output", "partial rows", False, "", None)])
    if text == "env":
        write_frame(out, ("head", "plaintext", json.dumps(dict(os.environ)), "0" * 64, 3))
        write_frame(out, ("words", []))
    elif text.startswith("echo"):
        write_frame(out, ("head", "plaintext", text, "0" * 64, len(text)))
        write_frame(out, ("words", []))
    elif text.startswith("die-late"):
        write_frame(out, head)
        write_frame(out, rows)
        out.flush()
        os._exit(3)
    elif text.startswith("die"):
        os._exit(3)
    elif text.startswith("raise"):
        write_frame(out, ("error", "ValueError: told to"))
    elif text.startswith("stall"):
        write_frame(out, head)
        write_frame(out, rows)
        out.flush()
        time.sleep(600)
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
