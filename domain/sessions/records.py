"""One line of a session transcript file, decoded into a typed record.

Hosts write a session as JSON Lines: one object per line, appended while the session runs.
Readers (``SessionFiles`` adapters) turn each complete line into a ``SessionRecord``; every
line type is kept — the transcript builder and the vault's message scanner each pick what they
need. The host's own JSON object stays available as ``fields`` for what the typed attributes
do not cover (``ai-title``, ``pr-link``, ``attachment``, ``toolUseResult``, …).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import attrs

JsonObject = Mapping[str, object]
EMPTY_OBJECT: JsonObject = MappingProxyType({})


@attrs.frozen
class ContentBlock:
    """One block of a message's content.

    ``type`` is the host's block type (``text``, ``thinking``, ``tool_use``, ``tool_result``,
    ``image``, …). ``text`` holds the block's text: the text of ``text`` blocks, the thinking of
    ``thinking`` blocks, and the text parts of a ``tool_result`` joined by newlines. A
    ``tool_use`` has ``name``, ``id`` and ``input``; a ``tool_result`` has ``tool_use_id`` and
    ``is_error``.
    """

    type: str
    text: str = ""
    name: str = ""
    id: str = ""
    input: JsonObject = attrs.field(default=EMPTY_OBJECT, eq=False, hash=False, repr=False)
    tool_use_id: str = ""
    is_error: bool = False

    @property
    def identity(self) -> tuple[str, str, str, str]:
        """What makes two blocks the same block (streamed snapshots repeat blocks)."""
        return (self.type, self.text, self.name, self.id or self.tool_use_id)


@attrs.frozen
class SessionRecord:
    """One decoded line of a session file.

    ``line_index`` is the 0-based physical line number in the file (blank, malformed and
    oversized lines count too, so it addresses the same line in the raw bytes); ``offset`` and
    ``length`` give the line's byte span (without its line break). ``type`` is the host's line
    type (``user``, ``assistant``, ``system``, ``summary``, ``ai-title``, …); when a line has
    none, its message role is used.

    ``logical_parent_uuid`` links a line to a message it continues or describes when the plain
    ``parent_uuid`` chain does not: a compaction boundary's ``logicalParentUuid``, a summary
    line's ``leafUuid``.

    A message's content arrives either as one string (``text``, with ``blocks`` empty) or as
    blocks (``text`` None). ``system`` lines keep their ``content`` string in ``text`` too, and
    ``summary`` lines their ``summary``. Missing string fields are ``""``; missing flags False.
    """

    line_index: int
    type: str
    offset: int = 0
    length: int = 0
    subtype: str = ""
    uuid: str = ""
    parent_uuid: str = ""
    logical_parent_uuid: str = ""
    session_id: str = ""
    timestamp: str = ""
    cwd: str = ""
    git_branch: str = ""
    is_sidechain: bool = False
    agent_id: str = ""
    is_meta: bool = False
    is_compact_summary: bool = False
    message_id: str = ""
    role: str = ""
    text: str | None = None
    blocks: tuple[ContentBlock, ...] = ()
    fields: JsonObject = attrs.field(default=EMPTY_OBJECT, eq=False, hash=False, repr=False)

    @property
    def snapshot_key(self) -> str:
        """The key streamed snapshots of one assistant message share: ``message.id``, else the
        line's ``uuid``, else its line number (a line without either is its own message)."""
        return self.message_id or self.uuid or f"line:{self.line_index}"

    def lightened(self) -> SessionRecord:
        """This record without the bulky parts a transcript never shows: the host's raw
        object, tool-result bodies and thinking. Keeps memory flat while a long session is
        gathered."""
        blocks = tuple(_lightened(block) for block in self.blocks)
        return attrs.evolve(self, blocks=blocks, fields=EMPTY_OBJECT)


# A tool's input keeps what a transcript line can show: strings (cut to this many characters)
# and the few structured values tools describe themselves with.
LIGHT_STRING_CHARS = 16 * 1024
_STRUCTURED_INPUTS = frozenset({"todos", "command", "commands", "queries", "plan"})
_BULKY_BLOCKS = frozenset({"tool_result", "thinking", "redacted_thinking", "image", "document"})


def _lightened(block: ContentBlock) -> ContentBlock:
    if block.type in _BULKY_BLOCKS:
        return attrs.evolve(block, text="", input=EMPTY_OBJECT)
    if not block.input:
        return block
    kept: dict[str, object] = {}
    for key, value in block.input.items():
        if isinstance(value, str):
            kept[key] = value[:LIGHT_STRING_CHARS]
        elif key in _STRUCTURED_INPUTS or isinstance(value, int | float | bool):
            kept[key] = value
    return attrs.evolve(block, input=MappingProxyType(kept))


@attrs.frozen
class ReadStats:
    """What reading one file met.

    ``lines``: complete physical lines (ending in a line break, plus a last line without one
    that parsed). ``records``: lines decoded into records. ``blank``: empty lines.
    ``malformed``: lines that are not one JSON object. ``oversized``: lines longer than the
    reader's limit, skipped without being held in memory. ``unfinished_bytes``: bytes after the
    last complete line — a line the host is still writing — left for the next read.
    """

    lines: int = 0
    records: int = 0
    blank: int = 0
    malformed: int = 0
    oversized: int = 0
    unfinished_bytes: int = 0

    @property
    def skipped(self) -> int:
        return self.malformed + self.oversized
