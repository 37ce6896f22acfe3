"""Rendering search results for a person at a terminal (rich)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.markup import escape

from domain.search.results import SearchResults


def print_results(found: Sequence[SearchResults], console: Console | None = None) -> None:
    """Each query as a heading, then its results: rank, source, title, layer and snippet.

    Emoji codes stay text: a label like ``execute:shell:ab12`` must not print as a shell.
    """
    out = console or Console(highlight=False, soft_wrap=True, emoji=False)
    for index, results in enumerate(found):
        if index:
            out.print()
        out.rule(f"[bold]{escape(results.query)}[/bold]", align="left")
        if not results:
            out.print("No results.")
            hidden = ", ".join(f"{count} {kind.value}" for kind, count in results.hidden_kinds)
            if hidden:
                out.print(
                    f"[dim]Not searched: {hidden} source(s); add --all-kinds or --kinds to "
                    "include them.[/dim]"
                )
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
