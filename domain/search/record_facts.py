"""What a JSON record of tool output says, in words: the problems its count fields report, and
a package that is not published."""

from __future__ import annotations

from domain.precompiled import precompiled

# A record's count of problems (eslint's ``"errorCount": 4``, jest's ``"numFailedTests": 5``,
# ``"failures": 2``): a JSON field whose name holds a problem word, with a positive count.
_COUNT_FIELD = precompiled(
    r'"(\w*?(?:[Ee]rror|[Ww]arning|[Ff]ail(?:ed|ure)?)\w*)": *([1-9]\d*)(?![\d.eE])'
)
# npm refuses to publish a package whose package.json says ``"private": true`` (ADR 0243).
_PRIVATE = precompiled(r'"private": *true\b')
_PROBLEM_WORDS = {"error": "errors", "warning": "warnings", "fail": "failed failure"}


def record_facts(text: str) -> str:
    """The problems a JSON record counts (``errors`` for ``"errorCount": 4``), or ``""``: a
    search for "which file has lint errors" finds the file whose record counts some, not every
    record with an ``errorCount`` of 0. A package.json's ``"private": true`` says "published"
    (whether it is: it is not), unless the record writes the word already."""
    if '": ' not in text:
        return ""
    words: dict[str, None] = {}
    for match in _COUNT_FIELD.finditer(text):
        field = match.group(1).lower()
        for sign, said in _PROBLEM_WORDS.items():
            if sign in field:
                words.update(dict.fromkeys(said.split()))
    if _PRIVATE.search(text) is not None and "publish" not in text.lower():
        words["published"] = None
    return " ".join(words)
