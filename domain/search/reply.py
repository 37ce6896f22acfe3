"""The text the agent reads for a search's results, whichever tool searched.

``capy_search`` answers a query over the knowledge base; ``capy_execute`` (with an ``intent``)
answers it over the output it just indexed. Both show the same thing for each result — a title
that says what the section is and the section's matching lines (its snippet) — built here, so
the quality benchmark measures exactly the bytes the tools return. Nothing else: no scores, no
previews of other sections, no word lists the agent did not ask for.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.chunking.utf8 import byte_len
from domain.search import tuning
from domain.search.distinctive_terms import telling_terms
from domain.search.results import SearchResult, SearchResults


def worth_showing(results: Sequence[SearchResult]) -> list[SearchResult]:
    """The results scoring at least ``tuning.SHOWN_SCORE_SHARE`` of the best one: a result
    far weaker than the best is rarely an answer, and costs the agent its bytes."""
    if not results:
        return []
    floor = results[0].score * tuning.SHOWN_SCORE_SHARE
    return [r for r in results if r.score >= floor]


def result_texts(results: Sequence[SearchResult], *, sources: bool = True) -> list[str]:
    """Each result as ``### <title>`` and its snippet; with ``sources``, its source label
    (``--- [label] ---``) above the first of each run of results from one source."""
    texts = []
    previous = None
    for result in results:
        head = f"--- [{result.source}] ---\n" if sources and result.source != previous else ""
        previous = result.source
        texts.append(f"{head}### {result.title}\n\n{result.snippet}")
    return texts


def results_block(results: SearchResults) -> str:
    """``capy_search``'s reply to one query: ``## <query>`` then each result;
    ``No results found.`` when there is none."""
    if not results:
        return f"## {results.query}\nNo results found."
    head = f"## {results.query}\n\n"
    if results.corrected_query:
        head += f"(also searched for: {results.corrected_query})\n\n"
    return head + "\n\n".join(result_texts(worth_showing(results.results)))


def distinctive_line(terms: Sequence[str]) -> str:
    """``Its distinctive terms: …`` — the first ``tuning.REPLY_TERMS`` telling ones, to suggest
    what else to ask for — or ``""`` when none tells anything."""
    telling = telling_terms(terms)[: tuning.REPLY_TERMS]
    return "Its distinctive terms: " + ", ".join(telling) if telling else ""


def output_size(output: str) -> str:
    """``95 lines, 5.7KB``."""
    lines = output.count("\n") + 1
    return f"{lines} lines, {byte_len(output) / 1024:.1f}KB"


def _sections(count: int) -> str:
    return f"{count} section{'' if count == 1 else 's'}"


def intent_reply(
    results: SearchResults,
    *,
    source: str,
    sections: int,
    output: str,
    terms: Sequence[str] = (),
) -> str:
    """What an execute tool returns instead of ``output``, indexed as ``source`` in
    ``sections`` sections and searched for the agent's intent (``results.query``).

    The results as ``capy_search`` shows them, without the source label (all come from
    ``source``, named once) and without the intent (the agent just wrote it). ``terms``, the
    output's distinctive words, are shown only when nothing matched: then they suggest what
    else to ask for.
    """
    indexed = f'Indexed {_sections(sections)} from "{source}" ({output_size(output)}).'
    search = f'capy_search(queries: [...], source: "{source}")'
    if not results:
        lines = [f"{indexed} No section matched the intent."]
        suggested = distinctive_line(terms)
        if suggested:
            lines += ["", suggested]
        lines += ["", f"Search it with other words: {search}"]
        return "\n".join(lines)
    shown = worth_showing(results.results)
    head = f"{indexed} The best {_sections(len(shown))} for the intent:"
    if results.corrected_query:
        head += f" (also searched for: {results.corrected_query})"
    body = "\n\n".join(result_texts(shown, sources=False))
    return f"{head}\n\n{body}\n\nMore: {search}"
