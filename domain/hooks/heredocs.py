"""Heredoc bodies cut out of a command line, so their text is not read as commands."""

from __future__ import annotations

import re

_HEREDOC = re.compile(r"(?<![<\w])<<(?!<)(-?)[ \t]*(['\"]?)([A-Za-z_][\w.-]*)\2")


def extract_heredocs(text: str) -> tuple[str, list[str]]:
    """The command line with heredoc bodies cut out (operators kept as ``<< WORD``), and the
    bodies in the order their operators appear."""
    bodies: list[str] = []
    out: list[str] = []
    position = 0
    while True:
        match = _HEREDOC.search(text, position)
        if match is None:
            out.append(text[position:])
            return "".join(out), bodies
        line_end = text.find("\n", match.end())
        if line_end == -1:
            out.append(text[position:])
            return "".join(out), bodies
        strip_tabs = match.group(1) == "-"
        terminator = match.group(3)
        lines = text[line_end + 1 :].split("\n")
        body: list[str] = []
        consumed = 0
        for line in lines:
            consumed += len(line) + 1
            if (line.lstrip("\t") if strip_tabs else line) == terminator:
                break
            body.append(line)
        bodies.append("\n".join(body))
        out.append(
            text[position : match.start()] + "<< " + terminator + text[match.end() : line_end + 1]
        )
        position = min(len(text), line_end + 1 + consumed)
