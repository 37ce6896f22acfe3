"""Regular expressions of the hook's path, compiled when capy is built instead of in every
process.

``capy hook`` is a new interpreter on every tool call, and each module on its path compiled
its patterns at import: 30-odd calls of ``re.compile``, whose parser and compiler are Python
code, cost a PreToolUse under deny rules or a PostToolUse on Bash several milliseconds, a
third of a bare interpreter's start (ADR 0103). ``precompiled`` takes what ``re.compile``
would compute from ``precompiled_table`` (written by ``make patterns``) and hands it to
``_sre.compile``, the constructor ``re`` itself ends with: the same ``re.Pattern``, built in
microseconds. A pattern missing from the table, or a table made for another Python (the
compiled form is the interpreter's own), is compiled by ``re.compile`` as before: slower,
never different. A test rebuilds every entry and compares it with ``re.compile``'s pattern.
"""

from __future__ import annotations

import _sre  # type: ignore[import-not-found]  # the C module behind ``re`` (no stubs)
import functools  # loaded by ``re`` already
import re
import sys
import types

from domain.precompiled_table import BYTE_ORDER, CODE, MAGIC, NEXT, PYTHON, TABLE

# What ``re`` computes per pattern: the flags it ends with, the compiled code as native 4-byte
# words, the number of groups, the named groups and the group names by index. The table keeps
# the code of every pattern in one compressed block (``CODE``, base64 of zlib) and, per
# pattern, where its code lies in that block.
Entry = tuple[int, bytes, int, tuple[tuple[str, int], ...], tuple[str | None, ...]]

_USABLE = (
    sys.version_info[:2] == PYTHON
    and sys.byteorder == BYTE_ORDER
    and _sre.MAGIC == MAGIC
    and _sre.CODESIZE == 4
)


def precompiled(source: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(source, flags)``, from the table when it holds the pattern."""
    entry = entry_of(source, flags) if _USABLE else None
    if entry is None:
        return re.compile(source, flags)
    final_flags, code, groups, named, names = entry
    return _sre.compile(  # type: ignore[no-any-return]
        source, final_flags, memoryview(code).cast("I").tolist(), groups, dict(named), names
    )


def entry_of(source: str, flags: int) -> Entry | None:
    """The table's entry for a pattern, its code read from the compressed block.

    The search's patterns are in tables of their own (``precompiled_search_table``, and
    ``precompiled_facts_table`` and ``precompiled_vocabulary_table`` for what indexing reads in
    a section), and a table that would pass the module size limit is written in numbered parts
    (``precompiled_vocabulary_table_2``…). Each table names the one after it (``NEXT``), read
    only when a pattern is missing from the tables before it: the hook, which asks for none of
    the search's patterns, does not load or decompress them (ADR 0325).
    """
    key = (source, int(flags))
    stored, code, later = TABLE.get(key), CODE, NEXT
    while stored is None and later is not None:
        table = _later_table(later)
        stored, code, later = table.TABLE.get(key), table.CODE, table.NEXT
    if stored is None:
        return None
    final_flags, start, size, groups, named, names = stored
    return final_flags, _block(code)[start : start + size], groups, named, names


@functools.cache
def _later_table(name: str) -> types.ModuleType:
    """A later table, imported on the first pattern the tables before it lack."""
    import importlib

    return importlib.import_module(f"domain.{name}")


@functools.cache
def _block(code: str) -> bytes:
    """Every pattern's code of one table, decompressed once per process."""
    import binascii
    import zlib

    return zlib.decompress(binascii.a2b_base64(code))


def table_entry(source: str, flags: int) -> Entry:
    """What ``re.compile`` computes for ``source`` before ``_sre.compile`` (``make patterns``)."""
    from re import _compiler, _parser  # type: ignore[attr-defined]

    parsed = _parser.parse(source, flags)
    code = _compiler._code(parsed, flags)
    named: dict[str, int] = parsed.state.groupdict
    names: list[str | None] = [None] * parsed.state.groups
    for name, index in named.items():
        names[index] = name
    words = memoryview(bytearray(4 * len(code))).cast("I")
    for index, word in enumerate(code):
        words[index] = word
    return (
        flags | parsed.state.flags,
        words.tobytes(),
        parsed.state.groups - 1,
        tuple(named.items()),
        tuple(names),
    )
