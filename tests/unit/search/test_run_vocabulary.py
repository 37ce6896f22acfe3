"""The agent's words for a traced script, Go subtests, ``pip check`` and ``git range-diff``
(ADR 0252), and the lookalikes that get none."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.chunking import chunk
from domain.content_type import ContentType
from domain.search.run_vocabulary import TRACED_COMMANDS, _argument_count, _range_row, _traced
from domain.search.tool_vocabulary import tool_vocabulary_facts

# ``bash -x`` of a script, ``PS4`` naming the script and the line (and the default ``+ ``).
_TRACE = (
    "+ rotate-backups.sh:6: BACKUP_DIR=./backups\n"
    "+ rotate-backups.sh:30: prune\n"
    "++ rotate-backups.sh:12: ls -1 ./backups\n"
    "+ rotate-backups.sh:27: test -s ./backups/MANIFEST\n"
)
_DEFAULT_TRACE = "+ cd /srv/app\n+ git pull --ff-only\n++ date +%F\n+ make install\n"
# What ``unittest`` prints for two strings that differ: ``difflib.ndiff``'s lines.
_NDIFF = "AssertionError: 'a\\nb' != 'a\\nc'\n  a\n- b\n+ c\n+ d\n+ e\n? ^\n"

_RANGE_DIFF = (
    "1:  77de080 ! 1:  13cc5cc Add the WELCOME10 voucher\n"
    "    @@ basket.py\n"
    "2:  44b137f = 2:  009118b Test the welcome voucher\n"
)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (_TRACE, "command script"),
        (_DEFAULT_TRACE, "command script"),
        ("++ rotate-backups.sh:12: grep -E '^orders-[0-9]{8}\\.sql\\.gz$'", "pattern select"),
        ('$ git grep -n "TODO" -- src', "pattern select"),
        ("$ grep -v -i 'debug' app.log", "pattern select"),
        ("    --- FAIL: TestCostAboveBand/just_over (0.00s)", "subtest"),
        (
            '{"Action":"fail","Package":"example.test/meter","Test":"TestCost/winter_month"}',
            "subtest",
        ),
        ("stop-names 0.7.1 requires unidecode-lite, which is not installed.", "missing"),
        (_RANGE_DIFF, "commit branch version"),
        (
            "3:  ce75684 < -:  ------- Note that voucher codes are case sensitive",
            "commit branch version removed dropped",
        ),
        ("-:  ------- > 3:  5a56997 Mention the voucher in CHANGES", "commit branch version added"),
    ],
)
def test_a_run_s_own_words_get_the_agent_s(text: str, words: str) -> None:
    assert tool_vocabulary_facts(text) == words


@pytest.mark.parametrize(
    "text",
    [
        # Fewer than three traced commands; a unittest diff; a diff's added lines; a list.
        "+ cd /srv/app\n+ git pull\n",
        _NDIFF,
        "@@ -1,2 +1,3 @@\n+x = 1\n+    y = 2\n+\tz = 3\n",
        "C = A + B\n + b\n+1 vote\n+= 2",
        # grep without a quoted pattern, or a word that only ends in grep.
        "+ grep -q orders-20261130 ./backups/MANIFEST",
        "pgrep 'x'? no: logrep: 'y'",
        # Go tests without subtests; a path under a directory named Test.
        "--- FAIL: TestCostWithinBand (0.00s)",
        "see /srv/Test/README and Testing/ahead, tests/test_a.py",
        # pip check's other report, and a package that is installed.
        "tram-fares 1.4.0 has requirement zone-maps>=2.0, but you have zone-maps 1.9.3.",
        "No broken requirements found.",
        # A range-diff's inner diff lines, a log graph, a comparison in prose.
        "    ++    if code.upper() == 'WELCOME10':\n    @@ test_basket.py (new)",
        "* ce75684 (vouchers-v1) Note that voucher codes are case sensitive",
        "if a < b: pass",
    ],
)
def test_lookalikes_get_none(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""


def test_a_word_the_text_says_is_not_repeated() -> None:
    assert tool_vocabulary_facts("# the commands of deploy script\n" + _DEFAULT_TRACE) == ""
    assert tool_vocabulary_facts("grep 'x' selects lines matching the pattern") == ""
    assert tool_vocabulary_facts("=== RUN   TestA/b (subtests)") == ""


def test_a_traced_section_carries_the_words() -> None:
    (section,) = chunk(_TRACE, ContentType.PLAINTEXT)
    assert "command script" in section.facts


# The tests written with ``^`` under ``re.M``, as the two searched from a newline must read.
_TRACED_AT_MARGIN = re.compile(r"^\++ \S", re.M)
_DIFF_AT_MARGIN = re.compile(r"^(?:- |\? )", re.M)
_RANGE_ROW_AT_MARGIN = re.compile(
    r"^ *(?:\d+|-):  (?:[0-9a-f]{7,40}|-{7,40}) [<>!=] +(?:\d+|-):  (?:[0-9a-f]{7,40}|-{7,40}) ",
    re.M,
)
_PIECES = st.sampled_from(
    [
        "+ a",
        "++ b c",
        "+x",
        "- a",
        "? ^",
        "-- a",
        "+  ",
        "1:  77de080 ! 1:  13cc5cc A",
        " 3:  ce75684 < -:  ------- B",
        "-:  ------- > 3:  5a56997 C",
        "-: ------- = 2: 009118b",
        "12:  abcdef0",
        *"\n\n\n  +-?!=<>:1a-",
    ]
)
_TEXTS = st.lists(_PIECES, max_size=12).map("".join) | st.lists(_PIECES, max_size=8).map("\n".join)


@settings(max_examples=2000)
@given(_TEXTS)
def test_the_tests_searched_from_a_newline_read_as_at_the_margin(text: str) -> None:
    traced = len(_TRACED_AT_MARGIN.findall(text)) >= TRACED_COMMANDS
    assert _traced(text) == (traced and _DIFF_AT_MARGIN.search(text) is None)
    assert _range_row(text) == (_RANGE_ROW_AT_MARGIN.search(text) is not None)


# What gcov, callgrind_annotate, patch, Python and pdb print (ADR 0259).
_GCOV = (
    "        2:    7:        return 1900;\n"
    "    #####:   11:        return 1700;\n"
    "    =====:   12:    throw bad_rate();\n"
)
_CALLGRIND_TABLE = (
    "Ir                   file:function\n"
    "-----------------------------------\n"
    "9,336,690 ( 8.98%)  slugs.c:fnv_hash [/src/slugs/slugs]\n"
)
_CALLGRIND_CALL = (
    "8,280,024 ( 7.96%)      for (size_t i = 0; i < strlen(title); i++) {\n"
    "34,416,750 (33.10%)  => ./string/strlen-avx2.S:__strlen_avx2 (1,376,670x)\n"
)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (_GCOV, "covered uncovered"),
        ("    =====:   12:    throw bad_rate();", "covered uncovered"),
        (_CALLGRIND_TABLE, "instructions cost"),
        ("Ir I1mr ILmr  file:function\n", "instructions cost"),
        (_CALLGRIND_CALL, "called times"),
        ("Hunk #4 FAILED at 41.\n1 out of 4 hunks FAILED", "apply"),
        ("KeyError: 'pension_pct'", "key missing"),
        ("Uncaught exception. Entering post mortem debugging", "crashed"),
        ("(Pdb) Post mortem debugger finished. The a.py will be restarted", "crashed"),
    ],
)
def test_a_profiler_s_or_fixer_s_own_words_get_the_agent_s(text: str, words: str) -> None:
    assert tool_vocabulary_facts(text) == words


@pytest.mark.parametrize(
    "text",
    [
        # A line run, a markdown heading, a hash in the count column without a line number.
        "        3:   16:    int rate = vat_rate(country);\n        -:   13:}",
        "##### Release notes\n#####: not a line",
        # Another table's header; a call line without its count; an arrow in prose.
        "Ir\n103,990,665 (100.0%)  PROGRAM TOTALS",
        "function: file",
        "=> slugs.c:slugify",
        "a => b (3x)",
        # A hunk that applied; a key named in prose; a debugger that did not crash.
        "Hunk #1 succeeded at 4 (offset 2 lines).",
        "the KeyError class; key error: none",
        "(Pdb) continue\nThe program finished and will be restarted",
    ],
)
def test_profiler_and_fixer_lookalikes_get_none(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""


def test_a_longer_word_opening_on_the_same_letters_does_not_say_the_word() -> None:
    # ``calloc`` and ``Timetable`` open on ``call`` and ``tim``: neither says "called times".
    text = _CALLGRIND_CALL + "1,844 ( 0.00%)  => ./malloc/malloc.c:calloc (1x)\n# Timetable"
    assert tool_vocabulary_facts(text) == "called times"
    assert tool_vocabulary_facts(_CALLGRIND_CALL + "called 3 times") == ""


# What dpkg, npm pack, Hypothesis, memcheck, compilers, Python and a shell session print (ADR 0263).
_DPKG = (
    "||/ Name           Version            Architecture Description\n"
    "ii  openssl        3.0.19-1~deb12u2   amd64        Secure Sockets Layer toolkit\n"
)
_HYPOTHESIS = (
    "test_coupons.py:8: in test_split_adds_up\n"
    "E   assert 0 == 1\n"
    "E   Failing test case: test_split_adds_up(\n"
    "E       total=1,\n"
)
_LOSS = (
    "==8651== 15 bytes in 3 blocks are indirectly lost in loss record 1 of 3\n"
    "==8651==    at 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_memcheck.so)\n"
    "==8651==    by 0x1091A9: open_session (sessions.c:13)\n"
)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (_DPKG, "installed"),
        ("npm notice 📦  @courier/receipt-printer@2.3.1\nnpm notice Tarball Contents", "package"),
        ("npm notice integrity: sha512-gRyI\nnpm notice total files: 9", "package"),
        (_HYPOTHESIS, "property"),
        ("Falsifying example: test_round_trip(\n    code='aaa-00',\n)", "property"),
        (_LOSS, "allocated memory"),
        # (a compiler's error at a source file's line says compile too: ADR 0283)
        (
            "main.cpp:6:5: error: too many arguments to function 'print_invoice'",
            "call number compile",
        ),
        ("a.c:9:3: error: too few arguments to function 'f'", "call number compile"),
        ("  reason: actual and formal argument lists differ in length", "call number"),
        ("TypeError: f() takes 2 positional arguments but 3 were given", "call number"),
        (
            "$ gcc -o rates rates.c\n$ ./rates\ninvoice total 5591\n$ gcov rates.c",
            "program",
        ),
    ],
)
def test_an_install_a_pack_a_property_a_leak_a_build_and_a_run_get_the_agent_s_words(
    text: str, words: str
) -> None:
    assert tool_vocabulary_facts(text) == words


@pytest.mark.parametrize(
    "text",
    [
        # A package removed with its configuration kept; ``ii`` in prose; a header alone.
        "rc  mariadb-server  1:10.11.6-0+deb12u1  amd64  MariaDB database server",
        "the ii  marks, as in Desired=Unknown/Install",
        # npm's other notices.
        "npm notice New major version of npm available! 10.8.2 -> 11.6.2",
        # A failing test case in prose, not Hypothesis' call of the test.
        "E   Failing test case: see the log",
        # Memcheck's summary: no loss record, no stack.
        "==8651==    definitely lost: 16 bytes in 1 blocks",
        # Arguments of a wrong type; too many arguments in prose; a program run with nothing
        # printed after it, or not at a prompt.
        "pricing.py:24: error: Missing type arguments for generic type",
        "the script got too many arguments",
        "$ ./configure --prefix=/usr\n$ make",
        "$ ./rates",
        "ran $ ./rates\ninvoice total",
    ],
)
def test_install_pack_property_leak_build_and_run_lookalikes_get_none(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""


def test_the_words_a_section_says_already_are_left_out() -> None:
    # A loss record saying "memory" gets "allocated" alone; a run whose output says
    # "programs" gets nothing.
    assert tool_vocabulary_facts(_LOSS + "==8651== memory leak") == "allocated"
    assert tool_vocabulary_facts("$ ./rates\n3 programs rated") == ""


# The three reports of a wrong number of arguments as one alternation: what ``_argument_count``
# finds behind each one's words.
_WRONG_COUNT = re.compile(
    r"\btoo (?:many|few) arguments to function\b|\bargument lists differ in length\b"
    r"|\btakes \d+ positional arguments? but \d+ (?:was|were) given\b"
)
_COUNT_PIECES = st.sampled_from(
    [
        "too many arguments to function",
        "too few arguments to function",
        "too many arguments",
        "arguments to function",
        "argument lists differ in length",
        "takes 2 positional arguments but 3 were given",
        "takes 1 positional argument but 2 was given",
        "positional argument",
        "takes ",
        " but ",
        *"\n 1x_'",
    ]
)


@settings(max_examples=2000)
@given(st.lists(_COUNT_PIECES, max_size=8).map("".join))
def test_the_argument_count_reads_as_one_alternation(text: str) -> None:
    assert _argument_count(text) == (_WRONG_COUNT.search(text) is not None)


def test_a_dpkg_section_carries_the_word() -> None:
    (section,) = chunk(_DPKG, ContentType.PLAINTEXT)
    assert "installed" in section.facts


@pytest.mark.parametrize(
    "text",
    [
        "./tiles.go:23:13: make([]Tile, 0, (2 * radius + 1) * (2 * radius + 1)) escapes to heap",
        "./grid.go:9:14: []int{...} does not escape",
        "buf := make([]byte, 0, 64)",
    ],
)
def test_a_go_slice_made_or_written_is_a_slice(text: str) -> None:
    assert tool_vocabulary_facts(text) == "slice"


@pytest.mark.parametrize(
    "text",
    [
        # A map made; an empty list in Python; an array type in TypeScript; a slice said.
        "./tiles.go:30:12: make(map[string]Tile) escapes to heap",
        "assert [] == [1]",
        "function f(xs: string[]): number {",
        "./tiles.go:23:13: the slice make([]Tile, 0, n) escapes to heap",
    ],
)
def test_slice_lookalikes_get_no_slice(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""
