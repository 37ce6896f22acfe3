"""The tool vocabulary's entries: what a tool prints in its own vocabulary, and the words an agent
asks with for it (``tool_vocabulary``, which scans a section for them; ADR 0318 keeps the table
apart from the scan).

Each entry is a fact about what one tool prints — true of any output of that tool, not of one
text. The entries of later ADRs stand in files of their own, spread at the table's end.
"""

from __future__ import annotations

import re

from domain.precompiled import precompiled
from domain.search.binary_vocabulary import BINARY_ENTRIES
from domain.search.build_script_vocabulary import BUILD_SCRIPT_ENTRIES
from domain.search.build_vocabulary import BUILD_ENTRIES
from domain.search.checkout_vocabulary import CHECKOUT_ENTRIES
from domain.search.compiler_headers_vocabulary import COMPILER_HEADERS_ENTRIES
from domain.search.conflict_vocabulary import CONFLICT_ENTRIES
from domain.search.dependency_tree_vocabulary import DEPENDENCY_TREE_ENTRIES
from domain.search.firewall_vocabulary import FIREWALL_ENTRIES
from domain.search.import_order_vocabulary import IMPORT_ORDER_ENTRIES
from domain.search.language_codes import LOCALE_ENTRIES
from domain.search.lint_config_vocabulary import LINT_CONFIG_ENTRIES
from domain.search.listing_vocabulary import LISTING_ENTRIES
from domain.search.markup_vocabulary import MARKUP_ENTRIES
from domain.search.measure_vocabulary import MEASURE_ENTRIES
from domain.search.moved_lines_vocabulary import MOVED_LINES_ENTRIES
from domain.search.route_trace_vocabulary import ROUTE_TRACE_ENTRIES
from domain.search.routing_vocabulary import ROUTING_ENTRIES
from domain.search.run_vocabulary import RUN_ENTRIES
from domain.search.schedule_vocabulary import SCHEDULE_ENTRIES
from domain.search.settings_vocabulary import SETTINGS_ENTRIES
from domain.search.system_marks_vocabulary import SYSTEM_MARKS_ENTRIES
from domain.search.table_rows import delimited_header
from domain.search.tool_marks_vocabulary import TOOL_MARKS_ENTRIES
from domain.search.trace_vocabulary import TRACE_ENTRIES
from domain.search.vocabulary_entry import VocabularyEntry
from domain.search.wal_vocabulary import WAL_ENTRIES

# A ``git blame`` line naming its path: commit (``^`` marks a boundary), path, then the author
# and the time in parentheses, then the line's number. Searched from the newline before it
# (``re`` scans for a pattern's first character in C; a ``^`` under ``re.M`` is tried at every
# character).
_BLAME_LINE = precompiled(
    r"\n\^?[0-9a-f]{7,40} +(\S+) +\([^()\n]*?\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4} +\d+\)"
)


def _blamed_paths(text: str) -> set[str]:
    return set(_BLAME_LINE.findall("\n" + text))


# What a delimited header of comma-set names holds: a name's last character, the comma, the
# next name's first (``_DELIMITED_HEADER``'s ``_NAME``). Prose's ``refused, retrying`` has none.
_NAMES_AROUND_A_COMMA = precompiled(r',(?<=[\w."-],)["A-Za-z_]')


# A percentile column or figure as load testers and metrics write it: ``p50``, ``p95_ms``,
# ``P99``, ``p99.9``, k6's ``p(95)``. (Not "latency" beside a time unit: a data file's
# ``p95_ms`` column then outranks the one p95 figure a question asks for, ADR 0219.)
_PERCENTILE = precompiled(
    r"(?<![A-Za-z0-9_])[pP]\(?(?:99\.9|999|50|75|90|95|99)\)?(?![A-Za-z0-9.])"
)
# ``p9``, ``p5``, ``p(``; ``P9``, ``P5``: each found by ``re`` from its one opening letter.
_PERCENTILE_SIGN = precompiled(r"p[59(]")
_CAPITAL_PERCENTILE_SIGN = precompiled(r"P[59]")

# A failed check that a value be at least 0 (SQLite's ``CHECK constraint failed: amount_cents
# >= 0``, pydantic's ``Input should be greater than or equal to 0``) refused a negative value.
_NOT_NEGATIVE = precompiled(
    r"\bCHECK constraint failed: [^\n]*?>=? ?0(?![\d.])"
    r"|\bshould be greater than (?:or equal to )?0(?![\d.])"
)

# ``openssl verify``'s line for a certificate it does not accept.
_VERIFY_ERROR = precompiled(r"^error \d+ at \d+ depth lookup: \S", re.M)
# The two options given on an ``openssl verify`` (or ``s_client``) command line.
_UNTRUSTED = precompiled(r"\bopenssl (?:verify|s_client)\b[^\n]* -untrusted \S")
_PURPOSE = precompiled(r"\bopenssl (?:verify|s_client)\b[^\n]* -purpose ssl(?:client|server)\b")
_HEADER_NAME = precompiled(r"\w\.(?:h|hh|hpp|hxx)(?![\w.])")
# The extension every ``_HEADER_NAME`` holds, found by its dot.
_HEADER_EXTENSION = precompiled(r"\.h")
_NO_ENTRY = precompiled(r"\bNo such file or directory\b")
_EXITED = precompiled(r"^(?:\[pid +\d+\] )?\+\+\+ exited with \d+ \+\+\+", re.M)
# ``.expert`` alone on its line, then a statement, then what the expert would add.
_EXPERT = precompiled(r"^\.expert[ \t]*\n(?:[^\n]*\n){1,8}?CREATE INDEX ", re.M)
# A line of ``git branch -vv``: the mark of the branch checked out (or a blank), the branch,
# its commit, its upstream in brackets. Searched from the newline before it, as ``_BLAME_LINE``:
# a quarter of sections hold ``] `` (log levels, pids, timestamps).
_TRACKED_BRANCH = precompiled(r"\n[* ] \S+ +[0-9a-f]{7,40} \[[^\]\n]+\] ")


def _tracks_upstream(text: str) -> bool:
    return _TRACKED_BRANCH.search("\n" + text) is not None


# The commit, a blank and the bracket that opens the upstream in ``_TRACKED_BRANCH``: a log's
# ``- - [`` and a line's ``[api]`` have no commit's digit and blank before their bracket.
_COMMIT_BEFORE_A_BRACKET = precompiled(r"\[(?<=[0-9a-f] \[)")


# A formatter's check naming what it would change: ``terraform fmt -diff`` heads each file's
# diff ``--- old/queue.tf`` / ``+++ new/queue.tf``, rustfmt (``cargo fmt --check``) writes
# ``Diff in src/lib.rs:1:`` (older: ``at line 1:``), black and ``ruff format --check`` write
# ``would reformat src/app.py``: a file that is not formatted (ADR 0221, as the next two).
_UNFORMATTED = precompiled(
    r"^--- old/(\S+)\n\+\+\+ new/\1$|^Diff in \S+?(?::\d+:| at line \d+:)$"
    r"|^[Ww]ould reformat:? \S",
    re.M,
)

# An ``open``/``openat`` asking to write (``O_WRONLY``, ``O_RDWR``) as ``strace`` prints it: the
# program writes (or tried to write) that file.
_OPEN_TO_WRITE = precompiled(r"\bopen(?:at)?\([^\n]*?\bO_(?:WRONLY|RDWR)\b")

# A regular file's mode with an execute bit as ``ls -l`` and ``tar -tv`` print it
# (``-rwxr-xr-x``): an executable. Not a directory's ``drwxr-xr-x`` (its ``x`` lets one enter).
_EXECUTABLE_MODE = precompiled(r"\n-(?=[rwxsStT-]{9}[.+@]? )[^x\n]{0,8}x")
# A line opening on a dash, where ``_EXECUTABLE_MODE`` can start: after a newline, or the text's
# first (``_DASH.match``).
_LINE_OPENING_ON_A_DASH = precompiled(r"\n-")
_DASH = precompiled(r"-")


def _executable_mode(text: str) -> bool:
    """An executable's mode (``_EXECUTABLE_MODE``), in a text printing ``-r`` or ``--x``: the
    owner's read bit or, without it, the owner's execute bit (``-w-x`` alone is left out)."""
    return ("-r" in text or "--x" in text) and _EXECUTABLE_MODE.search("\n" + text) is not None


# A file name of a tar or zip archive (``shopd-2.3.1.tar.gz``, ``site.tgz``, ``docs.zip``).
_ARCHIVE_NAME = precompiled(r"\w\.(?:tar(?:\.(?:gz|bz2|xz|zst))?|tgz|zip)(?![\w.])")
# The extension every ``_ARCHIVE_NAME`` holds, found by its dot.
_ARCHIVE_EXTENSION = precompiled(r"\.(?:t(?:ar|gz)|zip)")

# A sign (``vocabulary_entry.Sign``) is found by ``in`` or a scan: ``in`` reads a text at about
# a nanosecond a byte for a short string and faster for a long one; ``re`` finds a pattern
# opening on one character (``p9``, ``\n-``, ``.tar``) in about half that.

# Each entry: signs one of which every text the entry speaks of holds (the characters asked
# for first, then the sign, as ADR 0216's ``sign_gates``; the test runs only behind one),
# the test (a pattern's ``search``, or a function for a fact no one pattern states), the agent's
# words for what a match says. A sign's characters are the rarest in output of those its text
# must hold (a capital, ``+``, ``;``, ``_``), then its other capitals and marks (ADR 0266: a
# ``memchr`` each, where a scan costs ~20); a sign is the longest string the test needs (``in``
# skips ahead by a long string's length) or a pattern opening on one character, which ``re``
# finds faster than ``in`` finds a string of two or three (ADR 0224).
TOOL_ENTRIES: tuple[VocabularyEntry, ...] = (
    # A Dockerfile's (and ``docker build``'s echo of it) ``FROM image`` names the image a build
    # starts from: its base image.
    (
        (("MFO", "FROM "),),
        precompiled(
            r"^(?:#\d+ \[[^\]\n]*\] )?[ \t]*FROM[ \t]+(?:--platform=\S+[ \t]+)?\S", re.M
        ).search,
        "base image",
    ),
    # ``openssl x509 -text`` (and ``req``, ``pkey``) write a key's size as ``Public-Key: (256
    # bit)`` and its type as ``Public Key Algorithm: id-ecPublicKey``.
    ((("KP(:", "Public-Key: ("),), precompiled(r"\bPublic-Key: \(\d+ bit\)").search, "size"),
    ((("KA", "Public Key Algorithm:"),), precompiled(r"\bPublic Key Algorithm: \S").search, "type"),
    # ``git rebase`` replays commits onto a new base (its manual's word): its progress
    # (``Rebasing (1/2)``) and ``git status`` in the middle of one (``interactive rebase in
    # progress``, ``Next command to do (1 remaining command):``) are a replay under way.
    (
        (("(", "Rebasing ("), (";", "rebase in progress; onto "), ("(", " to do (")),
        precompiled(
            r"^Rebasing \(\d+/\d+\)|\brebase in progress; onto \S|^Next commands? to do \(\d+ "
            r"remaining commands?\):",
            re.M,
        ).search,
        "replay",
    ),
    # ``git blame`` writes a path beside each line's commit only when the file had another
    # name in its history (or ``-f`` asks): lines under two paths are a file moved.
    ((("(", " ("),), lambda text: len(_blamed_paths(text)) > 1, "moved renamed"),
    # A delimited table's first line names its columns: a header of fields, and a comma- or
    # tab-delimited table is a CSV or a TSV.
    (
        ((",", _NAMES_AROUND_A_COMMA.search),),
        lambda text: delimited_header(text) == ",",
        "csv columns header fields",
    ),
    ((("", "\t"),), lambda text: delimited_header(text) == "\t", "tsv columns header fields"),
    # Only where ``p9``, ``p5``, ``P9``, ``P5`` or ``p(`` is printed (``p75`` is rarely printed
    # without ``p50`` or ``p90`` beside it).
    (
        (("", _PERCENTILE_SIGN.search), ("P", _CAPITAL_PERCENTILE_SIGN.search)),
        _PERCENTILE.search,
        "percentile",
    ),
    (
        (("KH:", "CHECK constraint failed: "), ("", "should be greater than ")),
        _NOT_NEGATIVE.search,
        "negative",
    ),
    # ``openssl verify`` reports each certificate it does not accept as ``error 10 at 0 depth
    # lookup: certificate has expired``: the certificate is not valid, it was rejected.
    (((":", "depth lookup: "),), _VERIFY_ERROR.search, "valid rejected"),
    # ``openssl verify -untrusted FILE`` reads the intermediate certificates of the chain from
    # FILE (its manual's words); ``-purpose sslclient`` checks the certificate for TLS client
    # authentication, ``sslserver`` for server authentication.
    ((("-", "-untrusted "),), _UNTRUSTED.search, "intermediate chain"),
    ((("-", "-purpose ssl"),), _PURPOSE.search, "authentication"),
    # A path that is not there is reported in the C library's words for ENOENT, ``No such file
    # or directory``, by strace (``= -1 ENOENT (No such file or directory)``), gcc (``fatal
    # error: pdfgen.h: No such file or directory``), cp, ls, bash and Python alike: the file is
    # missing. strace writes a process's end as ``+++ exited with 127 +++``: its exit code,
    # its status.
    ((("N", "No such file"),), _NO_ENTRY.search, "missing"),
    ((("+", "+++ exited with "),), _EXITED.search, "code status"),
    # sqlite3's ``.expert`` answers a query with the ``CREATE INDEX`` statements it would add:
    # indexes it suggests.
    ((("CXIN", "CREATE INDEX"),), _EXPERT.search, "suggested"),
    # ``git branch -vv`` writes a branch's upstream in brackets after its commit
    # (``[origin/main: ahead 5]``); a branch without one is written without them.
    ((("]", _COMMIT_BEFORE_A_BRACKET.search),), _tracks_upstream, "upstream tracking"),
    (
        (("+/", "+++ new/"), ("D", "Diff in "), ("", "ould reformat")),
        _UNFORMATTED.search,
        "formatted",
    ),
    ((("_OWNLY", "O_WRONLY"), ("_OW", "O_RDWR")), _OPEN_TO_WRITE.search, "write"),
    (
        (("-", _LINE_OPENING_ON_A_DASH.search), ("-", _DASH.match)),
        _executable_mode,
        "executable",
    ),
    (((".", _ARCHIVE_EXTENSION.search),), _ARCHIVE_NAME.search, "archive"),
    # A C or C++ header is named by its extension (``pdfgen.h``, ``money.hpp``).
    (((".", _HEADER_EXTENSION.search),), _HEADER_NAME.search, "header"),
    *SETTINGS_ENTRIES,  # ADR 0239's limits and settings: thresholds, regex, shell, heap, pip
    *RUN_ENTRIES,  # a TAP TODO that passed, a traced script, Go subtests, pip check, range-diff
    *TRACE_ENTRIES,  # ADR 0268: python -m trace's never-run lines
    *CHECKOUT_ENTRIES,  # ADR 0305: git submodule status's row at another commit
    *BUILD_ENTRIES,  # ADRs 0306, 0389: ld's symbol defined twice, a link command, its failure
    *MEASURE_ENTRIES,  # ADR 0307: coverage.py's Missing, curl's ttfb, unzip -v's Length
    *LISTING_ENTRIES,  # ADRs 0314, 0315: PTR records, links, modes, sizes
    *SCHEDULE_ENTRIES,  # ADR 0320: a timer's next elapse, Mon..Fri
    *BUILD_SCRIPT_ENTRIES,  # ADR 0323: a Cargo build script's warning
    *ROUTING_ENTRIES,  # ADR 0331: ip rule's policy routing rules
    *BINARY_ENTRIES,  # ADR 0329: a hex dump's first row, an executable's run path
    *WAL_ENTRIES,  # ADR 0336: a WAL file's name is a segment
    *FIREWALL_ENTRIES,  # ADR 0339: a packet filter's rules: ssh, subnets, what it allows
    *IMPORT_ORDER_ENTRIES,  # ADR 0340: isort's file with imports out of order
    *DEPENDENCY_TREE_ENTRIES,  # ADR 0343: pipdeptree's line: what pulls a package in
    *MOVED_LINES_ENTRIES,  # ADR 0344: a diff's line removed and added again is moved
    *LINT_CONFIG_ENTRIES,  # ADR 0348: yamllint's -d/-c options are its config
    *COMPILER_HEADERS_ENTRIES,  # ADR 0350: a compiler's own headers sit under its version
    *CONFLICT_ENTRIES,  # ADR 0384: a merge's conflict markers, the diff3 style's ancestor
    *SYSTEM_MARKS_ENTRIES,  # ADR 0392: capability sets, last's cut sessions, zdump's changes
    *MARKUP_ENTRIES,  # ADR 0398: tidy's element tags and accessibility checks
    *ROUTE_TRACE_ENTRIES,  # ADR 0398: a trace that reached its destination
    *TOOL_MARKS_ENTRIES,  # ADR 0408: iperf3's columns, nmap's reached ports, flex, gawk's lint
    *LOCALE_ENTRIES,  # ADR 0278: a locale tag names its language (last: ADR 0287)
)
