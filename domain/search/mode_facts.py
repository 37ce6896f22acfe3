"""What a file's permission string says in words: ``executable``, ``sticky``, ``setuid``.

Listings write a file's mode as ten letters (``-rwxr-xr-x`` in ``ls -l`` and ``tar -tv``,
``drwxrwxrwt`` in ``namei -m`` and ``stat``'s ``Access: (1777/drwxrwxrwt)``); agents ask
"which files are executable", "is the sticky bit set". The words let an excerpt pick the rows
a question about modes is about. A regular file with an execute bit is executable (a
directory's ``x`` only lets it be entered); a ``t`` or ``T`` in the last place is the sticky
bit, an ``s`` or ``S`` in the owner's or the group's place is set-user-ID or set-group-ID.
"""

from __future__ import annotations

from domain.precompiled import precompiled

# Ten letters standing alone: a file type, then three triplets (``--x`` parts of a word such as
# ``--max-x`` are no mode: a mode is neither preceded nor followed by a letter, digit or dash).
_MODE = precompiled(
    r"(?<![\w-])([-dlcbps])([r-][w-][xsS-])([r-][w-][xsS-])([r-][w-][xtT-])(?![\w-])"
)

MODE_WORDS = "executable sticky setuid setgid"


def mode_facts(line: str) -> str:
    """The words for the first permission string in ``line`` (``""`` when it holds none)."""
    if "-" not in line and "rw" not in line:
        return ""  # every mode holds a dash but the few with every bit set (``drwxrwxrwt``)
    found = _MODE.search(line)
    if found is None:
        return ""
    kind, owner, group, other = found.groups()
    words = []
    if kind == "-" and any(triplet[2] in "xst" for triplet in (owner, group, other)):
        words.append("executable")
    if other[2] in "tT":
        words.append("sticky")
    if owner[2] in "sS":
        words.append("setuid")
    if group[2] in "sS":
        words.append("setgid")
    return " ".join(words)
