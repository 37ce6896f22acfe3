"""Languages a question names by their English name, an output by their locale code.

"Why can the shell not switch to the German locale": ``locale`` writes the German locale as
``de_DE.UTF-8``, ``localedef`` as ``de_DE``, a web server as ``de-DE``. The capitalised name
is then held by no indexed text although the output is about it; its ISO 639-1 code opening a
locale tag (the language's code, then ``_`` or ``-`` and a region's two capitals) says that the
output names it (ADR 0278).
"""

from __future__ import annotations

from domain.precompiled import precompiled

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
