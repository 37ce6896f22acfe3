"""The text ``capy_search`` gives the agent for one query's results.

One function, so the quality benchmark measures exactly the bytes the tool returns: each result
as its source label, its title and its snippet (the matching lines), nothing else.
"""

from __future__ import annotations

from domain.search.results import SearchResults


def results_block(results: SearchResults) -> str:
    """``## <query>`` then each result; ``No results found.`` when there is none."""
    if not results:
        return f"## {results.query}\nNo results found."
    parts = [f"--- [{r.source}] ---\n### {r.title}\n\n{r.snippet}" for r in results.results]
    head = f"## {results.query}\n\n"
    if results.corrected_query:
        head += f"(also searched for: {results.corrected_query})\n\n"
    return head + "\n\n".join(parts)
