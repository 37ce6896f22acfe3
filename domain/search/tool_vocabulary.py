"""What a tool prints in its own vocabulary, in the words an agent asks with.

An agent asks for "the base image" or "the key type and size"; the tools print ``FROM
python:3.12 AS build`` and ``Public Key Algorithm: id-ecPublicKey``, ``Public-Key: (256 bit)``.
Each entry below is a fact about what one tool prints — true of any output of that tool, not of
one text — and names the agent's words for it (``tool_vocabulary_facts``), indexed with the
section like the outcome words. An entry is taken only when it lifts the benchmark's tuning
half and lowers no check half nor answers an unanswerable question (ADR 0187, which also lists
the entries measured and not taken: ``stage`` for ``FROM … AS name``, ``refused rejected`` for
a database's ``constraint failed``, ``times called`` for cProfile's ``ncalls``, ``leak`` for
memcheck's ``definitely lost``).
"""

from __future__ import annotations

import re

from domain.precompiled import precompiled
from domain.search.matching import stem_prefix

# Each entry: substrings one of which every match holds (the pattern runs only behind one),
# the pattern, the agent's words for what a match says.
_ENTRIES: tuple[tuple[tuple[str, ...], re.Pattern[str], str], ...] = (
    # A Dockerfile's (and ``docker build``'s echo of it) ``FROM image`` names the image a build
    # starts from: its base image.
    (
        ("FROM ",),
        precompiled(r"^(?:#\d+ \[[^\]\n]*\] )?[ \t]*FROM[ \t]+(?:--platform=\S+[ \t]+)?\S", re.M),
        "base image",
    ),
    # ``openssl x509 -text`` (and ``req``, ``pkey``) write a key's size as ``Public-Key: (256
    # bit)`` and its type as ``Public Key Algorithm: id-ecPublicKey``.
    (("Public-Key: (",), precompiled(r"\bPublic-Key: \(\d+ bit\)"), "size"),
    (("Public Key Algorithm:",), precompiled(r"\bPublic Key Algorithm: \S"), "type"),
)

# A word the text already says at a word's start, in any inflection (``image`` for ``images``;
# not ``type`` for ``prototype``).
_SAID = {
    word: re.compile(r"\b" + re.escape(stem_prefix(word)))
    for _, _, said in _ENTRIES
    for word in said.split()
}


def tool_vocabulary_facts(text: str) -> str:
    """The agent's words for what ``text`` prints in a tool's own vocabulary, leaving out a word
    ``text`` already says in any inflection (at a word's start); ``""`` when it prints none."""
    words: dict[str, None] = {}
    for signs, pattern, said in _ENTRIES:
        if any(sign in text for sign in signs) and pattern.search(text) is not None:
            words.update(dict.fromkeys(said.split()))
    if not words:
        return ""
    lowered = text.lower()
    return " ".join(word for word in words if _SAID[word].search(lowered) is None)
