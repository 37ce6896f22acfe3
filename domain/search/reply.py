"""The text the agent reads for a search's results, whichever tool searched.

``capy_search`` answers a query over the knowledge base; ``capy_execute`` (with an ``intent``)
answers it over the output it just indexed. Both show the same thing for each result — a title
that says what the section is and the section's matching lines (its snippet) — built here, so
the quality benchmark measures exactly the bytes the tools return. Nothing else: no scores, no
previews of other sections, no word lists the agent did not ask for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import attrs

from domain.chunking.limits import TITLE_MAX_BYTES
from domain.chunking.utf8 import byte_len
from domain.search import reply_tuning
from domain.search.answer_kinds import AnswerKind, answer_kinds
from domain.search.answer_lines import is_tally
from domain.search.best_lines import repeats_title
from domain.search.distinctive_terms import telling_terms
from domain.search.matching import term_groups
from domain.search.query import parse_query
from domain.search.quoting import quoted, source_marker
from domain.search.results import SearchResult, SearchResults
from domain.search.snippet import ELLIPSIS, extract_snippet
from domain.search.table_rows import table_header, table_rows


def worth_showing(results: Sequence[SearchResult], query: str) -> list[SearchResult]:
    """The results scoring at least ``reply_tuning.SHOWN_SCORE_SHARE`` of the best one: a result
    far weaker than the best is rarely an answer, and costs the agent its bytes. A weaker one
    is still shown when ``query`` asks how many and its snippet tallies an outcome the query
    names (TAP's ``# fail 4`` under "how many tests failed"): a run's tally closes its output,
    in a section that matches little else of the question."""
    if not results:
        return []
    floor = results[0].score * reply_tuning.SHOWN_SCORE_SHARE
    tallied = _tallies_asked(query)
    return [r for r in results if r.score >= floor or tallied(r.snippet)]


def _tallies_asked(query: str) -> Callable[[str], bool]:
    """Whether a snippet holds a tally of outcomes naming a word of ``query``, when ``query``
    asks for a count; never otherwise."""
    if AnswerKind.COUNT not in answer_kinds(query):
        return lambda _snippet: False
    groups = term_groups(parse_query(query))
    return lambda snippet: any(
        is_tally(line) and any(groups.present(line)) for line in snippet.split("\n")
    )


def result_texts(results: Sequence[SearchResult], *, sources: bool = True) -> list[str]:
    """Each result as ``### <title>`` and its snippet; with ``sources``, its source label
    (``--- [label] ---``) above the first of each run of results from one source. Title and
    snippet are quoted data: no retrieved text can pass for markup or for a marker. A line a
    neighbouring section above already showed is not shown again (``_unseen``); a result left
    with nothing new is not shown."""
    texts = []
    previous = None
    for index, result in enumerate(results):
        snippet = _unseen(result.snippet, _shown_by_neighbours(results, index))
        if not snippet:
            continue
        head = f"{source_marker(result.source)}\n" if sources and result.source != previous else ""
        previous = result.source
        texts.append(f"{head}### {quoted(result.title)}\n\n{quoted(snippet)}")
    return texts


def results_block(results: SearchResults) -> str:
    """``capy_search``'s reply to one query: ``## <query>`` then each result;
    ``No results found.`` when there is none."""
    waiting = meaning_note(results)
    if not results:
        return f"## {results.query}\nNo results found." + (f"\n{waiting}" if waiting else "")
    head = f"## {results.query}\n\n"
    if results.corrected_query:
        head += f"(also searched for: {results.corrected_query})\n\n"
    if waiting:
        head += f"{waiting}\n\n"
    return head + "\n\n".join(result_texts(worth_showing(results.results, results.query)))


MEANING_NOTE_SOURCES = 3


def meaning_note(results: SearchResults) -> str:
    """``(not searched by meaning yet: …)`` naming the sources the semantic layer had no
    vectors for when it was asked, or ``""``."""
    waiting = results.not_embedded
    if not waiting:
        return ""
    named = ", ".join(waiting[:MEANING_NOTE_SOURCES])
    extra = len(waiting) - MEANING_NOTE_SOURCES
    more = f" and {extra} more" if extra > 0 else ""
    return f"(not searched by meaning yet, still being embedded: {named}{more})"


def distinctive_line(terms: Sequence[str]) -> str:
    """``Its distinctive terms: …`` — the first ``reply_tuning.REPLY_TERMS`` telling ones, to
    suggest what else to ask for — or ``""`` when none tells anything."""
    telling = telling_terms(terms)[: reply_tuning.REPLY_TERMS]
    return "Its distinctive terms: " + ", ".join(telling) if telling else ""


def output_size(output: str) -> str:
    """``95 lines, 5.7KB``."""
    lines = output.count("\n") + 1
    return f"{lines} lines, {byte_len(output) / 1024:.1f}KB"


@attrs.frozen
class ReplyOutput:
    """An output as ``intent_reply`` reads it, taken before it was indexed: its size
    (``output_size``), its ``table_header`` and, read only for a table's rows, its text in
    ``pieces`` (their join is the text). A big output is then held packed while the store
    inserts it, a log's reply never reads it again (ADR 0257), and a table's reads it a piece
    at a time, never whole (ADR 0267)."""

    size: str
    header: str | None
    pieces: Callable[[], Iterable[str]]

    @classmethod
    def of(cls, output: str, pieces: Callable[[], Iterable[str]]) -> ReplyOutput:
        """``output`` as the reply reads it, its text given again by ``pieces``."""
        return cls(output_size(output), table_header(output), pieces)


def _sections(count: int) -> str:
    return f"{count} section{'' if count == 1 else 's'}"


def _indexed_line(sections: int, size: str) -> str:
    return f"Indexed {_sections(sections)} ({size})."


def _search_hint(source: str) -> str:
    return f'capy_search(queries: [...], source: "{source}")'


def intent_reply_bound(source: str, sections: int, output: str) -> int:
    """The most bytes ``intent_reply`` spends on matches over ``output``: its frame, and for each
    of ``reply_tuning.REPLY_RESULTS`` results a title of at most ``TITLE_MAX_BYTES`` and a full
    snippet (the first ``SNIPPET_MAX_BYTES``, the others ``LATER_SNIPPET_MAX_BYTES``). An output
    no bigger than this is never worth replacing: the reply could be as big as it."""
    indexed = _indexed_line(sections, output_size(output))
    frame = f"{indexed} The best 3 sections for the intent:\n\n"
    frame += f"\n\nMore: {_search_hint(source)}"
    titles = reply_tuning.REPLY_RESULTS * byte_len(f"### {'x' * TITLE_MAX_BYTES}\n\n\n\n")
    snippets = reply_tuning.SNIPPET_MAX_BYTES + (reply_tuning.REPLY_RESULTS - 1) * (
        reply_tuning.LATER_SNIPPET_MAX_BYTES
    )
    return byte_len(frame) + titles + snippets


def intent_reply(
    results: SearchResults,
    *,
    source: str,
    sections: int,
    output: str | ReplyOutput,
    terms: Sequence[str] = (),
) -> str:
    """What an execute tool returns instead of ``output``, indexed as ``source`` in
    ``sections`` sections and searched for the agent's intent (``results.query``).

    The results as ``capy_search`` shows them, without the source label (all come from
    ``source``, named once: in the last line, the call that searches it further) and without
    the intent (the agent just wrote it). When ``output``
    is a column-aligned table (``table_header``), its header line and the rows the results'
    snippets hold, in the table's order, instead: a row is unreadable without the column names,
    and its neighbouring rows do not explain it. ``terms``, the output's distinctive words, are
    shown only when nothing matched: then they suggest what else to ask for.
    """
    read = output if isinstance(output, ReplyOutput) else ReplyOutput.of(output, lambda: (output,))
    indexed = _indexed_line(sections, read.size)
    search = _search_hint(source)
    if not results:
        lines = [f"{indexed} No section matched the intent."]
        suggested = distinctive_line(terms)
        if suggested:
            lines += ["", suggested]
        lines += ["", f"Search it with other words: {search}"]
        return "\n".join(lines)
    shown = worth_showing(results.results, results.query)
    also = f" (also searched for: {results.corrected_query})" if results.corrected_query else ""
    if read.header is not None:
        rows = table_rows(read.pieces(), read.header, _row_snippets(shown, results.query))
        head = f"{indexed} The rows of its table that match the intent:{also}"
        return f"{head}\n\n{rows}\n\nMore: {search}"
    head = f"{indexed} The best {_sections(len(shown))} for the intent:{also}"
    body = "\n\n".join(_under_titles(shown))
    return f"{head}\n\n{body}\n\nMore: {search}"


def _under_titles(shown: Sequence[SearchResult]) -> list[str]:
    """Each result as ``### <title>`` and its snippet, a result titled like the one before it
    (pieces of one command's output, of one long section) under that title after a ``…``
    line: the reply names each title once. Neighbouring sections share their edge lines
    (``limits.OVERLAP_LINES``); a line a neighbour already showed is not shown again."""
    texts: list[str] = []
    previous = None
    for index, result in enumerate(shown):
        snippet = _unseen(result.snippet, _shown_by_neighbours(shown, index))
        if not snippet:
            continue
        if result.title == previous:
            gap = "" if snippet.startswith(ELLIPSIS) else f"{ELLIPSIS}\n"
            texts[-1] += f"\n{gap}{snippet}"
        else:
            texts.append(f"### {result.title}\n\n{snippet}")
        previous = result.title
    return texts


def _shown_by_neighbours(shown: Sequence[SearchResult], index: int) -> set[str]:
    """The snippet lines of the results before ``shown[index]`` that are its neighbouring
    sections (the next or the previous section of its source)."""
    result = shown[index]
    return {
        line
        for other in shown[:index]
        if other.source_id == result.source_id and abs(other.chunk_id - result.chunk_id) == 1
        for line in other.snippet.splitlines()
    }


def _unseen(snippet: str, seen: set[str]) -> str:
    """``snippet`` without the lines in ``seen``, a run of left-out lines as one ``…``; ``""``
    when nothing else is left."""
    kept: list[str] = []
    for line in snippet.splitlines():
        shown = ELLIPSIS if line in seen else line
        if not (shown == ELLIPSIS and kept and kept[-1] == ELLIPSIS):
            kept.append(shown)
    while kept and kept[-1] == ELLIPSIS:
        kept.pop()
    return "\n".join(kept) if any(line != ELLIPSIS for line in kept) else ""


def _row_snippets(shown: Sequence[SearchResult], query: str) -> list[str]:
    """The matching rows of each shown section, in the snippet budget of its rank: without the
    neighbouring rows a snippet adds as context, and without the rows holding none of the
    query's terms that a section small enough to be shown whole brings along (unless no row
    holds one: then the rows matched some other way, a correction or a synonym)."""
    groups = term_groups(parse_query(query))
    found = []
    for rank, result in enumerate(shown):
        snippet = extract_snippet(
            result.content,
            query,
            title=result.title,
            max_bytes=reply_tuning.snippet_budget(first=rank == 0),
            context=0,
        )
        rows = snippet.splitlines()
        # a snippet leaves out a first line that only repeats the title, which this reply
        # does not show: a window of rows is titled by its first row
        first = result.content.strip("\n").split("\n", 1)[0]
        if first not in rows and repeats_title(first, result.title):
            rows.insert(0, first)
        matching = [row for row in rows if any(groups.present(row))]
        found.append("\n".join(matching or rows))
    return found
