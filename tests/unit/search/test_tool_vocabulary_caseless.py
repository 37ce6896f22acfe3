"""The tool vocabulary asked as ADR 0287 asks it — the locale entries' one sign once a section,
and a text equal to its lower-case copy neither that sign nor the entries behind a capital —
gives the facts it gave asking every entry's signs in turn."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.search.language_codes import _CODES, LOCALE_ENTRIES
from domain.search.tool_vocabulary import _ENTRIES, _SAID, tool_vocabulary_facts


def _tool_vocabulary_facts_sign_by_entry(text: str) -> str:
    """``tool_vocabulary_facts`` as it was: every entry's signs asked in turn, the locale
    entries' too, each of them."""
    words: dict[str, None] = {}
    for signs, holds, said in _ENTRIES:
        for characters, sign in signs:
            if all(character in text for character in characters) and (
                sign in text if isinstance(sign, str) else sign(text)
            ):
                if holds(text):
                    words.update(dict.fromkeys(said.split()))
                break
    if not words:
        return ""
    lowered = text.lower()
    return " ".join(word for word in words if _SAID[word].search(lowered) is None)


# Every language's tag, near-tags, the other entries' signs, capitals that fold oddly and words that say a
# language already: the pieces a text is made of.
_PIECES = st.sampled_from(
    [
        *(f"{code}_{code.upper()}" for code in _CODES.values()),
        *(f"{code}-{code.upper()}" for code in _CODES.values()),
        "ja_JP.eucJP",
        "LANG=fr_CA.UTF-8",
        "x.de_DE",
        "node_DEBUG=1",
        "de_de",
        "de-AT",
        "pt_BR",
        "zh_TW",
        "german",
        "French",
        "FROM python:3.12 AS build",
        "a,b,c\n1,2,3",
        "p95_ms",
        "No such file or directory",
        "response_notifier930 retry id=db45cca0",
        "would reformat src/app.py",
        "p95 latency",
        "-rwxr-xr-x 1 a b 0 run.sh",
        "site.tar.gz",
        *(sign.lower() for signs, _, _ in _ENTRIES for _, sign in signs if isinstance(sign, str)),
        *(sign for signs, _, _ in _ENTRIES for _, sign in signs if isinstance(sign, str)),
        "İ",
        "K",
        "ß",
        "_",
        "-",
        " ",
        "\n",
    ]
)
_TEXTS = (
    st.lists(_PIECES, max_size=10).map("".join)
    | st.lists(_PIECES, max_size=6).map(" ".join)
    | st.lists(_PIECES, max_size=10).map(" ".join).map(str.lower)
    | st.text(alphabet="adeDEJP_-. \nİß", max_size=30)
    | st.text(max_size=40)
)


@settings(max_examples=3000)
@given(_TEXTS)
def test_the_signs_asked_once_and_caseless_give_the_facts_asked_by_entry(text: str) -> None:
    expected = _tool_vocabulary_facts_sign_by_entry(text)
    assert tool_vocabulary_facts(text) == expected
    assert tool_vocabulary_facts(text, text.lower()) == expected


def test_the_locale_entries_close_the_table() -> None:
    assert _ENTRIES[-len(LOCALE_ENTRIES) :] == LOCALE_ENTRIES
