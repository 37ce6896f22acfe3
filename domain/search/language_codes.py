"""Languages a question names by their English name, an output by their locale code.

"Why can the shell not switch to the German locale": ``locale`` writes the German locale as
``de_DE.UTF-8``, ``localedef`` as ``de_DE``, a web server as ``de-DE``. The capitalised name
is then held by no indexed text although the output is about it; its ISO 639-1 code opening a
locale tag (the language's code, then ``_`` or ``-`` and a region's two capitals) says that the
output names it (ADR 0278).
"""

from __future__ import annotations

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# English names of languages (and their adjectives) by their ISO 639-1 codes; only names an
# agent writes capitalised and that are words of no other meaning in an output.
_CODES: dict[str, str] = {
    "arabic": "ar",
    "chinese": "zh",
    "czech": "cs",
    "danish": "da",
    "dutch": "nl",
    "english": "en",
    "finnish": "fi",
    "french": "fr",
    "german": "de",
    "greek": "el",
    "hebrew": "he",
    "hindi": "hi",
    "hungarian": "hu",
    "italian": "it",
    "japanese": "ja",
    "korean": "ko",
    "norwegian": "nb",
    "polish": "pl",
    "portuguese": "pt",
    "russian": "ru",
    "spanish": "es",
    "swedish": "sv",
    "turkish": "tr",
    "ukrainian": "uk",
}

_TAGS = {
    code: precompiled(rf"(?<![\w.-]){code}[_-][A-Z]{{2}}(?![A-Za-z])") for code in _CODES.values()
}


def locale_coded(name: str, text: str) -> bool:
    """Whether ``text`` holds a locale tag of the language ``name`` names (``de_DE`` or
    ``de-AT`` for German; not ``de`` alone, nor ``DE`` alone: those are words and countries)."""
    code = _CODES.get(name.lower())
    return code is not None and _TAGS[code].search(text) is not None


# In ``tool_vocabulary._ENTRIES``' form: a section writing a POSIX locale tag of a language
# (``de_DE.UTF-8``: the code, then ``_``) is indexed with the language's English name, so a
# question naming it finds and ranks the section as one naming any other word of it would.
# Every entry's sign (behind no characters of its own) is one scan for a tag of any of the
# languages; ``tool_vocabulary_facts`` asks it once for all of them (``may_hold_a_tag``),
# and not of a text without capitals (a tag's region is two):
# 24 scans of a section, one per language, cost the tool vocabulary three quarters more time
# than all its other entries.
# Opening on its ``_``, which ``re`` finds in C, the two letters before it looked behind: a
# pattern opening on its lookbehind was tried at every character of every section.
_ANY_TAG = precompiled(r"_(?<=(?<![\w.-])[a-z]{2}_)[A-Z]{2}(?![A-Za-z])")


def _tagged(text: str) -> bool:
    """Whether ``text`` holds what may be a POSIX locale tag (``xx_YY``)."""
    return _ANY_TAG.search(text) is not None


# The sign every locale entry asks, for a caller asking it once for all of them.
may_hold_a_tag = _tagged


LOCALE_ENTRIES: tuple[VocabularyEntry, ...] = tuple(
    ((("", _tagged),), _TAGS[code].search, name) for name, code in _CODES.items()
)
