"""The tool vocabulary asked as ADR 0318 asks it — each sign's first character once for all the
entries behind it, the tests of the entries found run in the table's order — gives the facts it
gave walking the entries one by one (ADR 0287's scan), and so does a scan shared by the signs of
several entries (ADR 0361)."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.search.language_codes import LOCALE_ENTRIES, may_hold_a_tag
from domain.search.tool_vocabulary import (
    _ENTRIES,
    _GROUPS,
    _SAID,
    _SHARED_SCANS,
    _marks_of,
    tool_vocabulary_facts,
)

_OWN = _ENTRIES[: -len(LOCALE_ENTRIES)]
_REAL = Path(__file__).parents[2] / "fixtures" / "bench-real"


def _behind_a_capital(entry: tuple) -> bool:  # type: ignore[type-arg]
    return all(any(c != c.lower() for c in characters) for characters, _ in entry[0])


_CASELESS = tuple(entry for entry in _OWN if not _behind_a_capital(entry))


def _tool_vocabulary_facts_entry_by_entry(text: str, lowered: str | None = None) -> str:
    """``tool_vocabulary_facts`` as it was: each entry's signs asked in turn, each behind its
    characters, the first sign held letting the entry's test run."""
    words: dict[str, None] = {}
    caseless = lowered is not None and lowered == text
    for signs, holds, said in _CASELESS if caseless else _OWN:
        for characters, sign in signs:
            for character in characters:
                if character not in text:
                    break
            else:
                if sign in text if isinstance(sign, str) else sign(text):
                    if holds(text):
                        words.update(dict.fromkeys(said.split()))
                    break
    if not caseless and may_hold_a_tag(text):
        for _, holds, said in LOCALE_ENTRIES:
            if holds(text):
                words.update(dict.fromkeys(said.split()))
    if not words:
        return ""
    if lowered is None:
        lowered = text.lower()
    return " ".join(word for word in words if _SAID[word].search(lowered) is None)


def _haystacks() -> list[str]:
    found: dict[str, None] = {}
    for path in sorted(_REAL.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            found[json.loads(line)["haystack"]] = None
    return list(found)


_HAYSTACKS = _haystacks()
# Real tools' lines that hold one of the entries' signs at least, the signs themselves, and the
# characters they are asked behind: the pieces a generated text is made of.
_SIGNED_LINES = sorted(
    {
        line
        for haystack in _HAYSTACKS
        for line in haystack.splitlines()
        if any(
            (sign in line if isinstance(sign, str) else sign(line))
            for signs, _, _ in _OWN
            for _, sign in signs
        )
    }
)
_PIECES = st.sampled_from(
    [
        *_SIGNED_LINES,
        *(sign for signs, _, _ in _OWN for _, sign in signs if isinstance(sign, str)),
        *(characters for signs, _, _ in _OWN for characters, _ in signs),
        "de_DE.UTF-8",
        " ",
        "\n",
    ]
)
_TEXTS = st.lists(_PIECES, max_size=12).map("\n".join) | st.lists(_PIECES, max_size=8).map("".join)


@settings(max_examples=1500)
@given(_TEXTS)
def test_the_signs_grouped_by_character_give_the_facts_asked_entry_by_entry(text: str) -> None:
    assert tool_vocabulary_facts(text) == _tool_vocabulary_facts_entry_by_entry(text)
    lowered = text.lower()
    expected = _tool_vocabulary_facts_entry_by_entry(text, lowered)
    assert tool_vocabulary_facts(text, lowered) == expected
    assert tool_vocabulary_facts(lowered, lowered) == _tool_vocabulary_facts_entry_by_entry(
        lowered, lowered
    )


def test_every_section_of_the_real_outputs_gets_the_facts_asked_entry_by_entry() -> None:
    sections = [section for haystack in _HAYSTACKS for section in haystack.split("\n\n")]
    told = 0
    for section in sections:
        expected = _tool_vocabulary_facts_entry_by_entry(section, section.lower())
        assert tool_vocabulary_facts(section, section.lower()) == expected
        told += expected != ""
    assert told > 100


def test_a_string_sign_is_asked_its_marks_after_its_own_characters() -> None:
    assert _marks_of("c", "cargo:") == "c:"
    assert _marks_of("-ahd", "write-ahead") == "-ahd"
    assert _marks_of("", "npm notice ") == ""
    assert _marks_of("", "\t") == "\t"
    assert _marks_of("[", "*** [") == "[*"
    assert _marks_of(",", str.isdigit) == ","


# What the shared scans' signs are made of: the marks and letters of a mode, a listing's line,
# an extension, and near misses (``\nx``, ``.hx``, ``.ta``, ``.tarz``).
_SHARED_PIECES = st.sampled_from(
    [
        "\n",
        "-",
        "d",
        "l",
        "r",
        "w",
        "x",
        ".",
        "h",
        "hh",
        "hpp",
        "t",
        "ar",
        "gz",
        "zip",
        " ",
        "a",
        "-rwxr-xr-x 1 root root 8 Jan  1 00:00 run.sh",
        "drwxr-xr-x 2 root root 4096 Jan  1 00:00 src",
        "lrwxrwxrwx 1 root root 7 Jan  1 00:00 cc -> gcc",
        "-rw-r--r-- 1 root root 120 site.tar.gz",
        "pdfgen.h",
        "docs.zip",
        "site.tgz",
    ]
)
_SHARED_TEXTS = st.lists(_SHARED_PIECES, max_size=16).map("".join)


def _signs_behind(scan: object) -> list[object]:
    return [sign for _, shared, asked in _GROUPS if shared is scan for _, _, sign in asked]


def test_each_shared_scan_is_asked_for_the_signs_it_names() -> None:
    for pattern, scan in _SHARED_SCANS.items():
        behind = [getattr(sign, "__self__", None) for sign in _signs_behind(scan)]
        assert pattern in [found.pattern for found in behind if found is not None]


@settings(max_examples=1500)
@given(_SHARED_TEXTS)
def test_a_text_holding_a_sign_holds_its_shared_scan(text: str) -> None:
    for scan in set(_SHARED_SCANS.values()):
        assert scan is not None
        for sign in _signs_behind(scan):
            assert callable(sign)
            assert not sign(text) or scan(text), (sign, text)


@settings(max_examples=1500)
@given(_SHARED_TEXTS)
def test_the_signs_behind_a_shared_scan_give_the_facts_asked_entry_by_entry(text: str) -> None:
    assert tool_vocabulary_facts(text) == _tool_vocabulary_facts_entry_by_entry(text)
    lowered = text.lower()
    assert tool_vocabulary_facts(lowered, lowered) == _tool_vocabulary_facts_entry_by_entry(
        lowered, lowered
    )
