"""What a TAP run, a traced script, a Go test run, ``pip check`` and ``git range-diff`` print, in
the words an agent asks with: entries of the tool vocabulary (``tool_vocabulary``), kept apart
only to keep that file small (ADRs 0252, 0255).

Each is a fact about any output of its tool, not about one text:

- A TAP test marked TODO is expected to fail: one that passes is written ``ok 4 - … # TODO …``,
  and ``prove`` counts them in its summary (``TODO passed:   4``): tests that passed
  unexpectedly.
- ``bash -x`` (``set -x``) prints each simple command it runs, and its arguments, after the
  ``+`` of ``PS4`` (one more ``+`` per level of nesting: ``++ ls -1 ./backups``); a trace is
  the commands of a script as they ran. A ``difflib``/``unittest`` diff also writes ``+ line``
  at the margin, always beside ``- line`` or ``? `` hints: a text with those is not a trace.
- ``grep``'s first quoted argument is the pattern whose lines it selects (its manual: "grep
  searches for PATTERNS"; ``-v`` "selects non-matching lines").
- Go's testing package names a test run by ``t.Run`` a subtest, printed under its parent as
  ``TestCost/just_over`` (``--- FAIL: TestCost/just_over``, ``"Test":"TestCost/just_over"``).
- ``pip check`` reports a requirement that is not there as ``stop-names 0.7.1 requires
  unidecode-lite, which is not installed.``: a missing package.
- ``git range-diff`` compares two versions of a branch (its manual: "Compare two commit ranges
  (e.g. two versions of a branch)"): each row pairs a commit of the first with one of the
  second; ``<`` marks a commit only the first has (removed), ``>`` one only the second has
  (added).

ADR 0263 adds six more, each a fact of its tool's output:

- ``dpkg -l`` opens a package's row on its desired action and its status, ``ii`` for both
  "install" and "installed" (its header's legend): the row of a package that is installed.
- ``npm pack`` lists the files its tarball holds (``Tarball Contents``) and counts them
  (``total files: 9``): what goes into the package.
- Hypothesis reports the smallest input that broke a property (``Falsifying example:``, and
  ``Failing test case:`` in newer releases) as a call of the test: a property test failed.
- Memcheck's loss record shows the stack of the call that allocated the block it lost (its
  manual: "the stack trace tells you where the leaked memory was allocated").
- gcc's and clang's ``too many arguments to function``, javac's ``argument lists differ in
  length``, Python's ``takes 2 positional arguments but 3 were given``: a call with the wrong
  number of arguments.
- A shell session's ``$ ./rates`` runs a program from the current directory (the one just
  built); the lines after it are what that program printed.

ADR 0283 adds a compiler's error: javac, gcc, clang, rustc's short form and tsc write an
error at a source file's line as ``Payslip.java:18: error: …``, ``csv.c:9:12: error: …``,
``report.ts(11,32): error TS2532: …``; the file did not compile, whether or not the output says
so. And GNU make's ``make: *** [Makefile:6: csvstat] Error 1``: the rule whose recipe failed.

ADR 0272 adds Go's slice: ``make([]Tile, 0, n)`` and ``[]int{1, 2}`` build one, and the
compiler's escape analysis (``go build -gcflags=-m``) names it only by that expression.
"""

from __future__ import annotations

import re
from itertools import islice

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# A traced command at the margin: the ``+`` of each level, a blank, the command. Searched from
# the newline before it (a ``^`` under ``re.M`` is tried at every character; ``re`` finds a
# pattern's opening newline as fast as ``in``), as the lines opening on ``+`` are its sign.
_TRACED = precompiled(r"\n\++ \S")
# What a ``difflib`` or ``unittest`` diff writes beside its ``+ line``.
_DIFF_BESIDE = precompiled(r"\n(?:- |\? )")
_PLUS = precompiled(r"\+")
_TODO_PASSED = precompiled(r"^[ \t]*TODO passed:[ \t]+\d|^[ \t]*ok \d+\b[^\n#]*# TODO\b", re.M)
TRACED_COMMANDS = 3


def _traced(text: str) -> bool:
    """Whether ``text`` holds ``TRACED_COMMANDS`` traced commands and no line of a diff."""
    lines = "\n" + text
    found = len(list(islice(_TRACED.finditer(lines), TRACED_COMMANDS)))
    return found == TRACED_COMMANDS and _DIFF_BESIDE.search(lines) is None


# ``grep`` (``egrep``, ``git grep``), its options, then a quoted pattern.
_GREP_PATTERN = precompiled(r"\bgrep(?: +-[A-Za-z]+)* +['\"]")
# A Go test's name (``Test`` then a capital, a digit or ``_``) and a subtest's after a slash.
_GO_SUBTEST = precompiled(r"\bTest[A-Z0-9_]\w*/[\w-]")
_PIP_MISSING = precompiled(r"^\S+ \S+ requires \S+, which is not installed\.$", re.M)
# A row of ``git range-diff``: the number and commit of each side (``-:  -------`` for none),
# between them ``<`` (first side only), ``>`` (second only), ``!`` (changed) or ``=``. git
# writes two blanks after each side's colon, and pads the numbers to one width.
_RANGE_SIDE = r"(?:\d+|-):  (?:[0-9a-f]{7,40}|-{7,40})"
_RANGE_ROW = precompiled(rf"\n *{_RANGE_SIDE} [<>!=] +{_RANGE_SIDE} ")


def _range_row(text: str) -> bool:
    """Whether a line of ``text`` is a ``git range-diff`` row (searched from its newline, as
    ``_TRACED``)."""
    return _RANGE_ROW.search("\n" + text) is not None


_RANGE_REMOVED = precompiled(r"^ *\d+:  [0-9a-f]{7,40} < -:  -{7,40} ", re.M)
_RANGE_ADDED = precompiled(r"^ *-:  -{7,40} > \d+:  [0-9a-f]{7,40} ", re.M)

# ``gcov``'s never-run line: ``#####`` (or ``=====``, run only by an exception's path), the line's
# number, each followed by a colon.
_NEVER_RUN = precompiled(r"^[ \t]*(?:#####|=====):[ \t]*\d+:", re.M)
# ``callgrind_annotate``'s table of functions, behind its header (``cg_annotate``'s as well, with
# more events than ``Ir``), and a call an annotated line made.
_INSTRUCTIONS = precompiled(r"^Ir\b[^\n]*[ \t]file:function[ \t]*$", re.M)
_CALL_MADE = precompiled(r"^[ \t]*[\d,]+ \([ \d.]+%\)[ \t]+=> \S[^\n]* \([\d,]+x\)$", re.M)
_HUNK_FAILED = precompiled(r"^Hunk #\d+ FAILED at \d+", re.M)
_KEY_ERROR = precompiled(r"\bKeyError: \S")
_POST_MORTEM = precompiled(r"\b(?:Entering post mortem debugging|Post mortem debugger finished)\b")

# A ``dpkg -l`` row: ``ii``, two blanks, the package, its version.
_INSTALLED_ROW = precompiled(r"^ii  \S+ +\S+ ", re.M)
_PACKED_FILES = precompiled(r"^npm notice (?:total files: \d|Tarball Contents\b)", re.M)
# Hypothesis' report of the input that broke a property: a call of the test, under pytest's
# ``E`` margin or not.
_FALSIFIED = precompiled(r"^(?:E +)?(?:Falsifying example|Failing test case): \w+\(", re.M)
_LOSS_RECORD = precompiled(r"\bare (?:definitely|indirectly|possibly) lost in loss record \d")
_TOO_MANY_OR_FEW = precompiled(r"\btoo (?:many|few) arguments to function\b")
_LISTS_DIFFER = precompiled(r"\bargument lists differ in length\b")
_TAKES_POSITIONAL = precompiled(r"\btakes \d+ positional arguments? but \d+ (?:was|were) given\b")


def _argument_count(text: str) -> bool:
    """Whether ``text`` reports a call with the wrong number of arguments: each pattern behind
    its own words, as ``re`` finds no literal to skip ahead by in an alternation."""
    return bool(
        ("arguments to function" in text and _TOO_MANY_OR_FEW.search(text))
        or ("argument lists differ" in text and _LISTS_DIFFER.search(text))
        or ("positional argument" in text and _TAKES_POSITIONAL.search(text))
    )


# ``$ ./name`` at the margin, then a line that is no other command.
_PROGRAM_RUN = precompiled(r"^\$ \./[\w.-]+[^\n]*\n(?!\$ )[^\n]*\S", re.M)

# Go builds a slice with ``make([]Tile, 0, n)`` or a literal ``[]int{1, 2}``; the compiler's
# escape analysis names it by that expression (``make([]Tile, 0, n) escapes to heap``).
_SLICE_MADE = precompiled(r"\bmake\(\[\][\w.*]|\[\][\w.*]+\{")

# A compiler's error at a source file's line: the path of a file in a compiled language (a
# word's last character before its extension), the line (and column), then ``error`` (gcc's
# ``fatal error`` too); tsc's ``(line,column): error TS…``. Not a linter's ``file.py:3:1: E501``
# nor a log's ``error:`` after a time: the path opens the line.
_COMPILE_ERROR = precompiled(
    r"^[^\s:]*\w\.(?:java|kt|scala|c|cc|cpp|cxx|h|hh|hpp|m|mm|cs|go|rs|swift)(?::\d+){1,2}:"
    r" (?:fatal )?error\b|^[^\s(]*\w\.tsx?\(\d+,\d+\): error TS\d",
    re.M,
)
# GNU make's line for a rule whose recipe failed: ``make: *** [Makefile:6: csvstat] Error 1``
# (``make[2]:`` in a sub-make, ``[csvstat]`` alone in older makes): the makefile's rule, its
# target and its recipe, none of them named.
_RECIPE_FAILED = precompiled(r"^make(?:\[\d+\])?: \*\*\* \[[^\]\n]+\] Error \d", re.M)

# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words.
RUN_ENTRIES: tuple[VocabularyEntry, ...] = (
    ((("TOD", "TODO"),), _TODO_PASSED.search, "unexpectedly"),
    ((("+", "\n+"), ("+", _PLUS.match)), _traced, "command script"),
    ((("g", "grep "),), _GREP_PATTERN.search, "pattern select"),
    ((("T", "Test"),), _GO_SUBTEST.search, "subtest"),
    (((",.", ", which is not installed."),), _PIP_MISSING.search, "missing"),
    (
        ((":", ":  "),),
        _range_row,
        "commit branch version",
    ),
    ((("<:-", " < -:  "),), _RANGE_REMOVED.search, "removed dropped"),
    (((">-", "- > "),), _RANGE_ADDED.search, "added"),
    ((("#:", "#####:"), ("=:", "=====:")), _NEVER_RUN.search, "covered uncovered"),
    ((("f:", "file:function"),), _INSTRUCTIONS.search, "instructions cost"),
    ((("x)", "x)"),), _CALL_MADE.search, "called times"),
    ((("H#", "Hunk #"),), _HUNK_FAILED.search, "apply"),
    ((("KE:", "KeyError: "),), _KEY_ERROR.search, "key missing"),
    ((("m", "ost mortem debug"),), _POST_MORTEM.search, "crashed"),
    ((("", "ii  "),), _INSTALLED_ROW.search, "installed"),
    ((("", "npm notice "),), _PACKED_FILES.search, "package"),
    ((("F", "Falsifying example: "), ("F", "Failing test case: ")), _FALSIFIED.search, "property"),
    ((("", " lost in loss record "),), _LOSS_RECORD.search, "allocated memory"),
    ((("", "argument"),), _argument_count, "call number"),
    ((("$", "$ ./"),), _PROGRAM_RUN.search, "program"),
    ((("[]", "[]"),), _SLICE_MADE.search, "slice"),
    (((":", ": error"), (":", ": fatal error")), _COMPILE_ERROR.search, "compile"),
    ((("*[", "*** ["),), _RECIPE_FAILED.search, "rule target recipe"),
)
