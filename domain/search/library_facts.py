"""The library a shared object's file name names: ``libsqlite3.so.0`` is SQLite's library,
``libz.so.1`` zlib's. An agent asks for the library (``which sqlite library is loaded``, ``path
of zlib``); ``ldd``, ``ldconfig -p``, ``pmap``, ``readelf -d`` and ``lsof`` write only the file
name, which the index keeps as one word (``libsqlite3``)."""

from __future__ import annotations

from collections.abc import Set

from domain.precompiled import precompiled

# ``lib`` + the name + an optional version (``3``, ``3.11``, ``-2.0``) + ``.so``: a shared object
# as the dynamic linker names it (``lib<name>.so.<soname version>``, ld.so(8)).
_SHARED_OBJECT = precompiled(r"\blib([a-z][a-z0-9_+]*?)(?:[-_.]?\d+(?:\.\d+)*)?(?:_s)?\.so\b")
# Names whose library is known by another name (the project's own).
_KNOWN_AS = {
    "z": "zlib",
    "ssl": "openssl ssl",
    "crypto": "openssl crypto",
    "pq": "postgresql libpq",
    "stdc++": "c++ standard library",
    "m": "math",
    "bz": "bzip2",
    "lzma": "xz lzma",
}
_SHORTEST_NAME = 3
# What every match holds: a text without it names no shared object.
SHARED_OBJECT_SIGN = ".so"


def library_facts(text: str, held: Set[str] | None = None) -> str:
    """The names of the libraries whose shared objects ``text`` names, once each, in order
    (``""``: none); a name of fewer than three letters only where it is known by another.
    ``held``: the signs of ``fact_gates`` that ``text`` holds, when the caller has found them
    (ADR 0410)."""
    if SHARED_OBJECT_SIGN not in (text if held is None else held):
        return ""
    names: dict[str, None] = {}
    for match in _SHARED_OBJECT.finditer(text):
        name = match.group(1)
        said = _KNOWN_AS.get(name) or (name if len(name) >= _SHORTEST_NAME else "")
        if said:
            names.update(dict.fromkeys(said.split()))
    return " ".join(names)
