"""Markdown chunking: one chunk per heading section, titled by its heading breadcrumb.

- H1–H4 headings open a section titled ``A > B > C``; H5/H6 stay content.
- Code fences (``` or ~~~, any length ≥ 3) follow CommonMark: a fence closes only on a line of
  the same character at least as long as the opener; an unclosed fence runs to the end. Nothing
  inside a fence is read as a heading or rule, and a fence is never split unless it alone is
  larger than a chunk — then each piece is re-fenced so it still reads as code.
- A horizontal rule ends a section without starting a new heading.
- A section's first chunk starts with its heading line (``## Setup``): an agent reading the
  chunk sees what it is about, and a fact stated only in a heading is in the text it gets.
  A heading with nothing under it but subsections is carried by the first subsection's chunk.
  Later pieces of an oversized section repeat no heading (the title names it).
"""

from __future__ import annotations

import re

import attrs

from domain.chunk import Chunk
from domain.chunking.limits import MAX_CHUNK_BYTES
from domain.chunking.oversized import pack_blocks, split_lines_to_fit
from domain.chunking.utf8 import byte_len

_HEADING = re.compile(r"^ {0,3}(#{1,4})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$")
_RULE = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_FENCE_OPEN = re.compile(r"^[ \t]*(`{3,}|~{3,})(.*)$")
_FENCE_LINE = re.compile(r"^[ \t]*(`{3,}|~{3,})", re.MULTILINE)
DEFAULT_TITLE = "Content"


def has_fenced_code(text: str) -> bool:
    return _FENCE_LINE.search(text) is not None


def _ends_in_fence(text: str) -> bool:
    return _FENCE_LINE.match(text.rstrip("\n").rsplit("\n", 1)[-1]) is not None


def _closes(line: str, fence: str) -> bool:
    stripped = line.strip()
    return len(stripped) >= len(fence) and set(stripped) == {fence[0]}


@attrs.define
class _Section:
    title: str
    heading: str = ""
    blocks: list[str] = attrs.field(factory=list)
    paragraph: list[str] = attrs.field(factory=list)

    def end_paragraph(self) -> None:
        if any(line.strip() for line in self.paragraph):
            self.blocks.append("\n".join(self.paragraph).strip("\n"))
        self.paragraph = []


def _split_fence(lines: list[str], fence: str, max_bytes: int) -> list[str]:
    """Cut one over-large fenced block into re-fenced pieces."""
    opener = lines[0]
    closed = len(lines) > 1 and _closes(lines[-1], fence)
    body = "\n".join(lines[1:-1] if closed else lines[1:])
    closer = lines[-1].strip() if closed else fence
    room = max(max_bytes - byte_len(opener) - byte_len(closer) - 2, max_bytes // 2)
    return [f"{opener}\n{piece}\n{closer}" for piece in split_lines_to_fit(body, room)]


def chunk_markdown(text: str, max_bytes: int = MAX_CHUNK_BYTES) -> list[Chunk]:
    stack: list[str] = ["", "", "", ""]
    sections: list[_Section] = []
    current = _Section(DEFAULT_TITLE)
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        fence_match = _FENCE_OPEN.match(line)
        if fence_match and not (fence_match[1][0] == "`" and "`" in fence_match[2]):
            fence = fence_match[1]
            end = i + 1
            while end < len(lines) and not _closes(lines[end], fence):
                end += 1
            block_lines = lines[i : end + 1]
            current.end_paragraph()
            block = "\n".join(block_lines)
            if byte_len(block) > max_bytes:
                current.blocks.extend(_split_fence(block_lines, fence, max_bytes))
            else:
                current.blocks.append(block)
            i = end + 1
            continue
        heading = _HEADING.match(line)
        if heading or _RULE.match(line):
            current.end_paragraph()
            sections.append(current)
            if heading:
                level = len(heading[1])
                stack[level - 1] = heading[2].strip()
                for deeper in range(level, len(stack)):
                    stack[deeper] = ""
            title = " > ".join(part for part in stack if part) or DEFAULT_TITLE
            current = _Section(title, heading=line.strip() if heading else "")
        elif line.strip():
            current.paragraph.append(line)
        else:
            current.end_paragraph()
        i += 1
    current.end_paragraph()
    sections.append(current)

    chunks: list[Chunk] = []
    carried: list[str] = []  # headings of empty parent sections, for the next section
    for section, following in zip(sections, [*sections[1:], None], strict=True):
        headings = [*carried, section.heading] if section.heading else carried
        parent_of_next = following is not None and following.title.startswith(section.title + " >")
        if not section.blocks and parent_of_next:
            carried = headings
            continue
        carried = []
        blocks = ["\n".join(headings), *section.blocks] if headings else section.blocks
        chunks.extend(
            pack_blocks(
                blocks,
                section.title,
                max_bytes=max_bytes,
                has_code=has_fenced_code,
                no_overlap_after=_ends_in_fence,
            )
        )
    return chunks
