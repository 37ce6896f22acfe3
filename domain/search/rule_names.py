"""The names of the linter rules a text reports: what each of its problems is about.

A linter writes the subject of a problem in the rule's name (``no-var``, ``prefer-const``,
``@typescript-eslint/no-unused-vars``) at the end of its line, in eslint's stylish output
(``21:3  error  Unexpected var, use let or const instead  no-var``) and as ``"ruleId"`` in its
JSON. An agent asks about the subject ("use of var in customer.ts"); a section reporting a rule
named for it is about it the way a section titled for it is, while a compiler's ``Variable
'best' is used before being assigned`` only shares the words.
"""

from __future__ import annotations

import re

from domain.precompiled import precompiled
from domain.search.word_stems import stem_prefix

_STYLISH = precompiled(
    r"^[ \t]*\d+:\d+\s+(?:error|warning)\s+\S.*?\s{2,}(@?[\w-]+(?:/[\w-]+)*)[ \t]*$", re.MULTILINE
)
_JSON = precompiled(r'"ruleId":\s*"([^"]{1,100})"')
_PARTS = precompiled(r"[^a-z0-9]+")
_SIGNS = ("  error  ", "  warning  ", '"ruleId"')


def rule_words(text: str) -> frozenset[str]:
    """The crude stems (``stem_prefix``) of the words of the rule names ``text`` reports:
    ``no-unused-vars`` → no, unus, var."""
    names = rule_names(text)
    if not names:
        return frozenset()
    return frozenset(stem_prefix(word) for word in _PARTS.split(names.lower()) if word)


def rule_names(text: str) -> str:
    """The rule names ``text`` reports, space-separated (``""`` for none)."""
    # Spelt out: a generator over ``_SIGNS`` cost more than the three tests, on every candidate.
    # A lone quote is looked for first: one character is found by a scan several times faster
    # than a word, and most texts hold none.
    if not ("  error  " in text or "  warning  " in text or ('"' in text and '"ruleId"' in text)):
        return ""
    names = [*_STYLISH.findall(text), *_JSON.findall(text)]
    return " ".join(dict.fromkeys(names))
