"""What file and name listings write, in the words an agent asks with: entries of the tool
vocabulary (``tool_vocabulary``), kept in a file of their own (ADRs 0314, 0315).

``dig -x 10.60.4.12`` answers with a PTR record of ``12.4.60.10.in-addr.arpa.``: the record a
"reverse lookup" asks for, though the answer says neither word. ``ls -l``, ``tar -tv`` and
``dpkg-deb --contents`` write a symbolic link as ``lrwxrwxrwx … name -> target`` (where the
link points) and every row's size in bytes, unnamed. A mode whose other users' triplet holds
``w`` (``-rw-rw-rw-``, ``drwxrwxrwt``), or a ``find -perm -o+w`` (``-002``) listing, names
world-writable files; one whose other users' triplet holds ``r`` (``-rw-r--r--``), or ``find
-perm -o+r`` (``-004``), world-readable ones (ADR 0366).
"""

from __future__ import annotations

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# A PTR record as ``dig`` writes it (``host`` writes ``domain name pointer``): the reversed
# address under ``in-addr.arpa`` or ``ip6.arpa``, the time to live, the class, ``PTR``, a name.
_PTR_RECORD = precompiled(r"\.arpa\.?[ \t]+(?:\d+[ \t]+)?(?:IN[ \t]+)?PTR[ \t]+\S")

# A symbolic link's line of a long listing: its mode opening on ``l`` at the margin, then, on
# the same line, `` -> `` and the target. Searched from the newline before it.
_SYMLINK_LINE = precompiled(r"\nl[rwx-]{9}[.+@]? [^\n]*? -> \S")

# A mode's first two characters at a line's margin: after a newline, or at the text's start
# (``_MODE_OPENING.match``).
_LINE_OPENING_ON_A_MODE = precompiled(r"\n[-dl][r-]")
_MODE_OPENING = precompiled(r"[-dl][r-]")

# A mode whose other users may write, at a line's margin (a regular file or a directory; a
# link's ``lrwxrwxrwx`` is every link's). Searched from the newline before it.
_WORLD_WRITABLE_MODE = precompiled(r"\n[-d][r-][w-][xsS-][r-][w-][xsS-][r-]w[xtT-][.+@]? ")
# Where a ``_WORLD_WRITABLE_MODE`` ends: the other users' ``w``, their ``x`` (or its absence),
# a blank. Found by ``re`` from its one opening letter.
_OTHERS_WRITE = precompiled(r"w[-xtT][.+@]? ")
# ``find -perm`` (no other tool's option) asking for the other users' write bit: ``-o+w``,
# ``/o=w``, ``-002``, ``-0002``.
_FIND_OTHERS_WRITE = precompiled(r" -perm [-/]?(?:o[+=]w\b|0{0,3}2(?![0-7]))")

# The same for the other users' read bit (ADR 0366): a file's or a directory's mode at a line's
# margin whose other users may read, found from where it ends (their ``r``, ``w`` or not, ``x``
# or not, a blank); ``find -perm`` asking for that bit (``-o+r``, ``/o=r``, ``-004``, ``-0004``).
_WORLD_READABLE_MODE = precompiled(r"\n[-d][r-][w-][xsS-][r-][w-][xsS-]r[w-][xtT-][.+@]? ")
_OTHERS_READ = precompiled(r"r[w-][-xtT][.+@]? ")
_FIND_OTHERS_READ = precompiled(r" -perm [-/]?(?:o[+=]r\b|0{0,3}4(?![0-7]))")

# A long listing's line (``ls -l``, ``tar -tv``, ``dpkg-deb --contents``, ``find -printf
# '%M …'``): a file's, a directory's or a link's mode at the margin, a link count, an owner (and
# a group, or ``owner/group``), then the size in bytes and a date. Searched from the newline
# before it.
_SIZED_ENTRY = precompiled(
    r"\n[-dl][r-][rwxsStT-]{8}[.+@]? +(?:\d+ +)?[\w.-]+(?:/[\w.-]+| +[\w.-]+)? +\d+ +"
    r"(?:\d{4}-\d\d-\d\d|[A-Z][a-z]{2} +\d)"
)

# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words.
LISTING_ENTRIES: tuple[VocabularyEntry, ...] = (
    ((("PTR", "PTR"),), _PTR_RECORD.search, "reverse lookup"),  # ADR 0314
    # ADR 0315
    (
        ((">", " -> "),),
        lambda text: _SYMLINK_LINE.search("\n" + text) is not None,
        "symlink points",
    ),
    (
        (("w", _OTHERS_WRITE.search), ("-", " -perm ")),
        lambda text: (
            _WORLD_WRITABLE_MODE.search("\n" + text) is not None
            or _FIND_OTHERS_WRITE.search(text) is not None
        ),
        "world writable",
    ),
    (  # ADR 0366
        (("r", _OTHERS_READ.search), ("-", " -perm ")),
        lambda text: (
            _WORLD_READABLE_MODE.search("\n" + text) is not None
            or _FIND_OTHERS_READ.search(text) is not None
        ),
        "world readable",
    ),
    (
        (("-", _LINE_OPENING_ON_A_MODE.search), ("-", _MODE_OPENING.match)),
        lambda text: _SIZED_ENTRY.search("\n" + text) is not None,
        "size",
    ),
)
