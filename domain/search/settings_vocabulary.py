"""A program's limits and settings as its output writes them, in the words an agent asks with:
entries of the tool vocabulary (``tool_vocabulary``) kept in a file of their own, as ADR 0239
took them (ms_print's threshold, Python's ``re``, a shell's limits) and later ADRs added (a
build's VCS state, a JVM's heap bounds, pip's version specifiers, an SSH certificate's source
addresses).
"""

from __future__ import annotations

import re
from itertools import islice

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# ms_print gathers a snapshot's allocations under its threshold into one line, ``->00.02%
# (528B) in 1+ places, all below ms_print's threshold (01.00%)``: allocations too small to show.
_BELOW_THRESHOLD = precompiled(r"\bin \d+\+ places?, all below \S+ threshold\b")

# Python's regular expressions as its output names them: the ``re`` module's objects and error
# (``{method 'match' of 're.Pattern' objects}`` in a profile, ``re.error: missing )`` in a
# traceback) and its file (``re/__init__.py``).
_PYTHON_REGEX = precompiled(r"\bre\.(?:Pattern|Match|error)\b|\bre/__init__\.py\b")

# ``ulimit -a`` writes each limit of the shell as its name, its unit and option in parentheses,
# and its value: ``open files                          (-n) 20000``, ``stack size  (kbytes, -s)
# 8192``. Three such lines, so that one option in parentheses in prose is not a listing.
_SHELL_LIMIT = precompiled(
    r"^[a-z][a-z -]*[a-z] +\((?:[\w ]+, )?-[a-zA-Z]\) (?:\d+|unlimited)$", re.M
)


def _shell_limits(text: str) -> bool:
    """Whether ``text`` lists three limits in ``ulimit -a``'s form (``_SHELL_LIMIT``)."""
    return len(list(islice(_SHELL_LIMIT.finditer(text), 3))) == 3


# ``go version -m`` writes the build's VCS state: ``vcs.modified=true`` when the tree it was
# built from held changes not committed (``git describe --dirty``'s word: dirty).
_VCS_MODIFIED = precompiled(r"\bvcs\.modified=true\b")
# A JVM's heap bounds on its command line: ``-Xmx160m`` the maximum, ``-Xms32m`` the initial.
_MAX_HEAP = precompiled(r"(?<![\w-])-Xmx\d+[kKmMgGtT]?(?!\w)")
_INITIAL_HEAP = precompiled(r"(?<![\w-])-Xms\d+[kKmMgGtT]?(?!\w)")

# bash's ``ulimit -a`` lists the shell's resource limits, each with its option: ``open files
# (-n) 20000``.
_ULIMIT = precompiled(r"^open files +\(-n\) (?:\d+|unlimited)$", re.M)

# pip's ``Collecting billiard<5.0,>=4.2.0 (from celery==5.4.0)``: a requirement with a version
# specifier, the versions it is constrained to.
_PIP_SPECIFIER = precompiled(r"^Collecting [\w.-]+(?:\[[\w,-]+\])? ?(?:[<>!~]=?|==)[\w.*+!-]", re.M)

# A rate in bits per second is a bandwidth, however a tool writes its unit: tc's ``rate 30Mbit``
# and ``100Kibit``, ``9600 bit/s``, iperf's ``941 Mbits/sec``, ``1 Gbps``, ethtool's ``Speed:
# 1000Mb/s``. A size in bits (``2048 bit``, ``8 bit``) has no prefix or no ``/s``, and ``8Kb``
# is tc's kilobytes.
_BIT_RATE = precompiled(
    r"(?<![\w.])\d+(?:\.\d+)? ?(?:[kKmMgGtT]i?bits?(?:/s(?:ec)?)?\b"
    r"|(?:[kKmMgGtT]i?)?bits?/s(?:ec)?\b|[kKmMgGtT]?bps\b|[kKMGT]b/s\b)"
)
# What every ``_BIT_RATE`` holds, ``bit``, ``bps`` or ``b/s``, found by ``re`` from its one
# opening letter: one read of the text where ``in`` read it once for each (ADR 0361).
_BIT_RATE_SIGN = precompiled(r"b(?:it|ps|/s)")
# An HTB class's ``rate`` is the bandwidth it is guaranteed, its ``ceil`` what it may borrow up
# to (tc-htb(8)): ``class htb 1:20 parent 1:1 prio 1 rate 30Mbit ceil 50Mbit``, as tc shows it
# or as a ``tc class add … htb rate 30mbit`` sets it. The line is read from its last ``htb`` before
# the rate, so a line of many ``htb`` is read once, not once from each.
_HTB_RATE = precompiled(r"\bhtb\b(?:(?!\bhtb\b)[^\n])*? rate \d")


# An OpenSSH certificate's ``source-address`` option, as ``ssh-keygen -O source-address=…``
# sets it and ``ssh-keygen -L`` lists it: "restrict the source addresses from which the
# certificate is considered valid" (its manual), the addresses a key may connect from.
_SOURCE_ADDRESS = precompiled(r"\bsource-address[= ][\da-fA-F:]")


# In ``tool_vocabulary._ENTRIES``' form and order: signs (characters, then a string or a scan),
# the test, the agent's words.
SETTINGS_ENTRIES: tuple[VocabularyEntry, ...] = (
    # ADR 0239: ms_print's allocations under its threshold are too small to show; Python's
    # ``re`` is its regular expressions; ``ulimit -a`` lists the shell's limits.
    ((("+,", "+ places, all below "),), _BELOW_THRESHOLD.search, "small"),
    (
        (("P.", "re.Pattern"), ("M.", "re.Match"), (".", "re.error"), ("/._", "re/__init__.py")),
        _PYTHON_REGEX.search,
        "regex",
    ),
    # (bash's listing always holds limits without a unit, ``(-n)``: the sign asked for.)
    ((("(", "(-"),), _shell_limits, "shell"),
    ((("=.", "vcs.modified=true"),), _VCS_MODIFIED.search, "uncommitted dirty"),
    ((("X-", "-Xmx"),), _MAX_HEAP.search, "maximum heap"),
    ((("X-", "-Xms"),), _INITIAL_HEAP.search, "initial heap"),
    ((("()-", "(-n) "),), _ULIMIT.search, "limit"),
    ((("C", "Collecting "),), _PIP_SPECIFIER.search, "constraint"),
    ((("", _BIT_RATE_SIGN.search),), _BIT_RATE.search, "bandwidth"),
    ((("", "htb"),), _HTB_RATE.search, "guaranteed"),
    ((("-", "source-address"),), _SOURCE_ADDRESS.search, "connect"),  # ADR 0307
)
