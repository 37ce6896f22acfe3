"""The reply intent search gives the agent instead of a large output.

When an execute-style tool's output is large and the agent stated an intent, capy indexes the
output and answers with this summary: how many sections were indexed, which ones match the
intent (each with its title and the few lines where the intent's terms occur), the source's
distinctive terms, and how to get the full text. The quality benchmark measures compression and
needle recall on exactly this text, so the tools and the benchmark must build it with this one
function.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from domain.chunking.utf8 import byte_len
from domain.intent_preview import preview_segments


@attrs.frozen
class IntentMatch:
    """One matching section: its title and its full content (the preview is cut from it)."""

    title: str
    content: str


_DIGITS = re.compile(r"\d+")
_HEX = re.compile(r"(?:0x)?[0-9a-f]+", re.IGNORECASE)


def _sections(count: int) -> str:
    return f"{count} section{'' if count == 1 else 's'}"


def telling_terms(terms: Sequence[str]) -> list[str]:
    """``terms`` without the ones that tell the agent nothing about the output.

    Numbers and hex ids (``108``, ``3f9a2c``) name nothing an agent would search for, and a
    family of numbered names (``test_case_108``, ``test_case_109``, …) is one pattern listed
    many times: a term with digits whose letters-only form is shared by another term is dropped.
    So is a term without a letter (a rule of underscores from a test report's headers).
    """
    shapes: dict[str, int] = {}
    for term in terms:
        shape = _DIGITS.sub("", term)
        shapes[shape] = shapes.get(shape, 0) + 1
    return [
        term
        for term in terms
        if not (_HEX.fullmatch(term) and any(c.isdigit() for c in term))
        and not (any(c.isdigit() for c in term) and shapes[_DIGITS.sub("", term)] > 1)
        and any(c.isalpha() for c in term)
    ]


def _size(output: str) -> str:
    lines = output.count("\n") + 1
    kilobytes = byte_len(output) / 1024
    return f"{lines} lines, {kilobytes:.1f}KB"


def intent_summary(
    source: str,
    intent: str,
    *,
    sections_indexed: int,
    output: str,
    matches: Sequence[IntentMatch],
    terms: Sequence[str] = (),
) -> str:
    """The summary text for ``output`` indexed as ``source`` and searched for ``intent``.

    ``sections_indexed`` is the number of sections the source holds (also when the same output
    had been indexed before); ``matches`` are the search results, best first; ``terms`` the
    source's distinctive terms (may be empty; the uninformative ones are left out).
    """
    lines = [f'Indexed {_sections(sections_indexed)} from "{source}" into the knowledge base.']
    if matches:
        lines.append(f'{_sections(len(matches))} matched "{intent}" ({_size(output)}):')
        lines.append("")
        for match in matches:
            first, *more = preview_segments(match.content, intent, title=match.title) or [""]
            lines.append(f"  - {match.title}: {first}" if first else f"  - {match.title}")
            lines.extend(f"      {segment}" for segment in more)
    else:
        lines.append(f'No section matched "{intent}" ({_size(output)}).')
    shown = telling_terms(terms)
    if shown:
        lines.append("")
        lines.append("Searchable terms: " + ", ".join(shown))
    lines.append("")
    # Ephemeral sources are left out of a default search: without ``source`` the agent's
    # follow-up would find nothing of this output.
    follow_up = f'capy_search(queries: [...], source: "{source}")'
    if matches:
        lines.append(f"Use {follow_up} to retrieve the full content of any section.")
    else:
        lines.append(f"Use {follow_up} with other words to explore the indexed content.")
    return "\n".join(lines)
