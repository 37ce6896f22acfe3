"""Rendering search results for a person at a terminal (rich), with what the search did not
look at: the query's words no indexed section holds, and the kinds of source left out."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from rich.console import Console
from rich.markup import escape

from domain.search.reply import meaning_note
from domain.search.results import SearchResults
from domain.source_kind import SourceKind
from domain.wording import plural

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
    if words:
        listed = ", ".join(f"'{escape(word)}'" for word in words)
        what = "this word" if len(words) == 1 else "these words"
        out.print(f"No indexed section holds {what}: {listed}.")


def _unsearched(out: Console, note: QueryNotes, *, found_here: bool) -> None:
    """What was not searched, whenever it could have held a better answer: a left-out kind
    that matches the query is named with its best sources; one that holds nothing for it is
    mentioned only when nothing was found at all."""
    if not note.unsearched:
        return
    kinds = ", ".join(
        f"{plural(count, kind.value + ' source')} ({KIND_WORDS[kind]})"
        for kind, count in note.unsearched
    )
    one = sum(count for _, count in note.unsearched) == 1
    if note.elsewhere:
        labels = list(dict.fromkeys(r.source for r in note.elsewhere.results))
        shown = ", ".join(escape(label) for label in labels[:3])
        more = " and more" if len(labels) > 3 else ""
        out.print(
            ("\n" if found_here else "")
            + f"[yellow]Not searched: {kinds} — and {'it matches' if one else 'they match'} "
            f"this query too: {shown}{more}. "
            "Search them with --all-kinds (or --source LABEL).[/yellow]"
        )
    elif not found_here:
        out.print(
            f"[dim]Not searched: {kinds} — nothing in {'it' if one else 'them'} "
            "matches either.[/dim]"
        )
