"""Rendering search results for a person at a terminal (rich), with what the search did not
look at: the query's words no indexed section holds, and the kinds of source left out.

Off a terminal, where rich would add no colour, the same lines are written without rich when
they are plain text (``plain_results``): importing rich cost ``capy search`` a tenth of its
start. Anything rich would render differently (a control character, a wide or cut heading, a
forced colour) is still printed by rich, so the bytes are rich's either way."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import attrs

from domain.search.reply import meaning_note
from domain.search.results import SearchResults
from domain.source_kind import SourceKind
from domain.wording import plural

if TYPE_CHECKING:
    from rich.console import Console

# What each kind holds, in a person's words (the kind's name alone says little).
KIND_WORDS = {
    SourceKind.DURABLE: "documents",
    SourceKind.EPHEMERAL: "tool output",
    SourceKind.SESSION: "past sessions",
}


@attrs.frozen
class QueryNotes:
    """Beside one query's results: ``absent`` — its words (or phrases) no indexed section
    holds; ``unsearched`` — the kinds the search left out, each with its number of sources;
    ``elsewhere`` — what those kinds hold for the query (None: not looked, or nothing)."""

    absent: tuple[str, ...] = ()
    unsearched: tuple[tuple[SourceKind, int], ...] = ()
    elsewhere: SearchResults | None = None


def print_results(
    found: Sequence[SearchResults],
    notes: Sequence[QueryNotes] = (),
    console: Console | None = None,
) -> None:
    """Each query as a heading, then its results: rank, source, title, layer and snippet.

    Emoji codes stay text: a label like ``execute:shell:ab12`` must not print as a shell.
    """
    if console is None:
        from entrypoints.cli.plain_results import print_plain

        if print_plain(found, notes):
            return
    from rich.console import Console
    from rich.markup import escape

    out = console or Console(highlight=False, soft_wrap=True, emoji=False)
    for index, results in enumerate(found):
        note = notes[index] if index < len(notes) else QueryNotes(unsearched=results.hidden_kinds)
        if index:
            out.print()
        out.rule(f"[bold]{escape(results.query)}[/bold]", align="left")
        if results.not_embedded:
            out.print(f"[dim]{escape(meaning_note(results))}[/dim]")
        if not results:
            out.print("No results.")
            _absent(out, note.absent)
            _unsearched(out, note, found_here=False)
            continue
        if results.corrected_query:
            out.print(f"[dim]Also searched for: {escape(results.corrected_query)}[/dim]")
        for result in results.results:
            out.print(
                f"\n[bold cyan]{result.rank}.[/bold cyan] [green]{escape(result.source)}[/green]"
                f" [dim]({result.kind.value}, {result.layer})[/dim]"
            )
            out.print(f"[bold]{escape(result.title)}[/bold]")
            out.print(escape(result.snippet))
        _unsearched(out, note, found_here=True)


def _absent(out: Console, words: tuple[str, ...]) -> None:
    from rich.markup import escape

    if words:
        out.print(absent_line(words, escape))


def absent_line(words: tuple[str, ...], escape: Callable[[str], str]) -> str:
    """The line naming the query's words no indexed section holds."""
    listed = ", ".join(f"'{escape(word)}'" for word in words)
    what = "this word" if len(words) == 1 else "these words"
    return f"No indexed section holds {what}: {listed}."


def _unsearched(out: Console, note: QueryNotes, *, found_here: bool) -> None:
    from rich.markup import escape

    line = unsearched_line(note, found_here=found_here, escape=escape)
    if line is not None:
        lead, text, style = line
        out.print(f"{lead}[{style}]{text}[/{style}]")


def unsearched_line(
    note: QueryNotes, *, found_here: bool, escape: Callable[[str], str]
) -> tuple[str, str, str] | None:
    """What was not searched, whenever it could have held a better answer: a left-out kind
    that matches the query is named with its best sources; one that holds nothing for it is
    mentioned only when nothing was found at all. As (what comes before it, the line, its
    style), or None."""
    if not note.unsearched:
        return None
    kinds = ", ".join(
        f"{plural(count, kind.value + ' source')} ({KIND_WORDS[kind]})"
        for kind, count in note.unsearched
    )
    one = sum(count for _, count in note.unsearched) == 1
    if note.elsewhere:
        labels = list(dict.fromkeys(r.source for r in note.elsewhere.results))
        shown = ", ".join(escape(label) for label in labels[:3])
        more = " and more" if len(labels) > 3 else ""
        return (
            "\n" if found_here else "",
            f"Not searched: {kinds} — and {'it matches' if one else 'they match'} "
            f"this query too: {shown}{more}. "
            "Search them with --all-kinds (or --source LABEL).",
            "yellow",
        )
    if not found_here:
        return (
            "",
            f"Not searched: {kinds} — nothing in {'it' if one else 'them'} matches either.",
            "dim",
        )
    return None
