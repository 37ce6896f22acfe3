"""The precompiled patterns are exactly what ``re.compile`` builds (ADR 0103).

``domain.precompiled.precompiled`` hands the table's compiled form to ``_sre.compile``; a wrong
entry would be a pattern that matches differently from its source, so every entry is rebuilt
and compared with ``re.compile``'s pattern (a ``re.Pattern`` compares its source, flags and
compiled code). The table must also hold every pattern capy asks for, and nothing else, and
no table written may pass the module size limit (ADR 0325).
"""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys

import pytest

from domain import precompiled as module
from domain.precompiled import precompiled, table_entry
from domain.precompiled_table import PYTHON, TABLE
from tests.support.pattern_table import DOMAIN, MODULE_LIMIT, TABLES, chain

FIX = "the pattern tables are stale: run `make patterns` and commit domain/precompiled_*table*.py"
READ, WHOLE = chain()


def _table(name: str) -> dict[tuple[str, int], object]:
    """A table's entries, from every part of it ``precompiled`` reads."""
    entries: dict[tuple[str, int], object] = {}
    for part in READ:
        if re.fullmatch(rf"{name}(_[0-9]+)?", part):
            entries.update(importlib.import_module(f"domain.{part}").TABLE)
    return entries


_, SEARCH_TABLE, FACTS_TABLE, VOCABULARY_TABLE = (_table(name) for name in TABLES)
same_python = pytest.mark.skipif(
    sys.version_info[:2] != PYTHON, reason=f"the table is made on Python {PYTHON}"
)


def test_every_table_is_read_in_order_and_none_passes_the_module_limit() -> None:
    assert WHOLE, FIX
    assert [name for name in READ if name in TABLES] == list(TABLES)
    written = sorted(path.stem for path in DOMAIN.glob("precompiled*table*.py"))
    assert written == sorted(READ), FIX  # no part left over that nothing reads
    sizes = {name: (DOMAIN / f"{name}.py").stat().st_size for name in READ}
    assert max(sizes.values()) <= MODULE_LIMIT, sizes


@same_python
def test_the_table_is_in_use() -> None:
    assert module._USABLE
    assert len(TABLE) > 50
    assert len(SEARCH_TABLE) > 20
    assert len(FACTS_TABLE) > 20
    assert len(VOCABULARY_TABLE) > 20


@same_python
@pytest.mark.parametrize(
    ("source", "flags"),
    sorted(TABLE) + sorted(SEARCH_TABLE) + sorted(FACTS_TABLE) + sorted(VOCABULARY_TABLE),
)
def test_each_entry_builds_the_pattern_re_compiles(source: str, flags: int) -> None:
    built, compiled = precompiled(source, flags), re.compile(source, flags)
    assert built == compiled  # source, flags and compiled code
    assert (built.groups, built.groupindex, built.flags) == (
        compiled.groups,
        compiled.groupindex,
        compiled.flags,
    )
    assert module.entry_of(source, flags) == table_entry(source, flags), FIX


@same_python
def test_the_table_holds_every_pattern_asked_for_and_nothing_else() -> None:
    script = (
        "from tests.support.pattern_table import owners, split\n"
        "for table in split(owners()): print(repr(sorted(table)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    first, search, facts, vocabulary = (
        set(ast.literal_eval(line)) for line in done.stdout.splitlines()
    )
    assert first == set(TABLE), FIX
    assert search == set(SEARCH_TABLE), FIX
    assert facts == set(FACTS_TABLE), FIX
    assert vocabulary == set(VOCABULARY_TABLE), FIX
    tables = [set(TABLE), set(SEARCH_TABLE), set(FACTS_TABLE), set(VOCABULARY_TABLE)]
    assert sum(map(len, tables)) == len(set().union(*tables))  # no pattern in two tables


@same_python
def test_the_hook_never_loads_the_search_table() -> None:
    """The hook asks only for patterns of the first table: the second stays unread."""
    script = (
        "import sys\n"
        "import domain.shell.reader, domain.permissions.rules, domain.continuity.failures\n"
        "import domain.continuity.prompt_facts, domain.redaction.prose_secrets\n"
        "later = ('search', 'facts', 'vocabulary')\n"
        "print(any(module.startswith(f'domain.precompiled_{name}_table')\n"
        "          for module in sys.modules for name in later))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "False"


@same_python
def test_the_search_patterns_come_from_their_table() -> None:
    from domain.search import line_facts

    assert re.compile(line_facts._REQUEST_STATUS.pattern) == line_facts._REQUEST_STATUS
    assert module.entry_of(line_facts._REQUEST_STATUS.pattern, 0) is not None
    assert line_facts._REQUEST_STATUS.search('"GET /a HTTP/1.1" 503 12')


def test_a_pattern_outside_the_table_is_compiled_as_usual() -> None:
    pattern = precompiled(r"(?P<word>not in the table)\s+", re.IGNORECASE)
    assert pattern == re.compile(r"(?P<word>not in the table)\s+", re.IGNORECASE)
    assert pattern.search("x NOT IN THE TABLE  y")


def test_a_table_for_another_python_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    source, flags = next(iter(TABLE))
    monkeypatch.setattr(module, "TABLE", {(source, flags): (0, b"\0\0\0\0", 0, (), ())})
    monkeypatch.setattr(module, "_USABLE", False)
    assert precompiled(source, flags) == re.compile(source, flags)


@same_python
def test_patterns_from_the_table_behave_as_compiled_ones() -> None:
    from domain.shell.words import _ARRAY_START

    assert isinstance(_ARRAY_START, re.Pattern)
    assert _ARRAY_START.match("a[1]+=")
    assert not _ARRAY_START.match("1a=")


@same_python
def test_a_table_past_the_limit_is_cut_into_parts_under_it() -> None:
    from tests.support.pattern_table import PART_LIMIT, modules, parts, render

    patterns = set(SEARCH_TABLE) | set(VOCABULARY_TABLE)  # together well past one part
    cut = parts(patterns)
    assert len(cut) >= 2
    assert set().union(*cut) == patterns
    assert sum(map(len, cut)) == len(patterns)  # no pattern in two parts
    following = "precompiled_vocabulary_table_99"  # the longest name a part can hold
    assert all(len(render(part, following).encode()) <= PART_LIMIT for part in cut)
    names = list(modules([set(), set(), set(), patterns]))
    assert names[:4] == list(TABLES)
    assert names[4:] == [f"precompiled_vocabulary_table_{n}" for n in range(2, len(cut) + 1)]
