"""Rich tables for a quality report on the terminal."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from entrypoints.cli.console import stdout_console

# What the Go capy published for its own 156-case corpus (not this one): a reference line.
GO_PUBLISHED: dict[str, float] = {
    "recall_at_1": 0.897,
    "recall_at_5": 0.987,
    "recall_at_10": 0.994,
    "ndcg_at_10": 0.950,
    "mrr": 0.938,
}

RANKING_ROWS = [
    ("recall_at_1", "R@1"),
    ("recall_at_3", "R@3"),
    ("recall_at_5", "R@5"),
    ("recall_at_10", "R@10"),
    ("ndcg_at_10", "NDCG@10"),
    ("mrr", "MRR"),
    ("rank_ceiling_pass_rate", "rank-ceiling pass"),
    ("layer_accuracy", "match-layer accuracy"),
]
REDUCTION_ROWS = [
    ("compression", "compression (summary vs haystack bytes)"),
    ("summary_recall", "needle recall in the summary text"),
    ("summary_perfect_rate", "cases with every needle in the summary"),
    ("effective_compression", "effective compression (compression × recall)"),
    ("intent_match_recall", "ceiling: needle in the full text of the previewed sections"),
    ("top10_recall", "looser: needle recall in full top-10 contents"),
    ("top10_perfect_rate", "looser: cases with every needle in top-10 contents"),
]

AGENT_ROWS = [
    ("search_reply_reduction", "capy_search top 3: reply smaller than the haystack by"),
    ("search_reply_held", "capy_search top 3: reply holds every needle"),
    ("search_reply_reduced_and_held", "capy_search top 3: ≥ 90 % smaller and holds the needle"),
    ("search_answered_unanswerable", "capy_search: unanswerable questions answered"),
    ("execute_reply_reduction", "capy_execute intent: reply smaller than the output by"),
    ("execute_reply_held", "capy_execute intent: reply holds every needle"),
    ("execute_reply_reduced_and_held", "capy_execute intent: ≥ 90 % smaller and holds it"),
    ("execute_answered_unanswerable", "capy_execute intent: unanswerable questions answered"),
    ("large_cases", "output > 5 KB (smaller may come back whole): cases"),
    ("search_reply_reduction_large", "output > 5 KB, capy_search top 3: smaller by"),
    ("search_reply_held_large", "output > 5 KB, capy_search top 3: holds the needle"),
    ("search_reply_reduced_and_held_large", "output > 5 KB, capy_search: ≥ 90 % smaller + held"),
    ("execute_reply_reduction_large", "output > 5 KB, capy_execute intent: smaller by"),
    ("execute_reply_held_large", "output > 5 KB, capy_execute intent: holds the needle"),
    ("execute_reply_reduced_and_held_large", "output > 5 KB, capy_execute: ≥ 90 % smaller + held"),
    ("compact_cases", "no intent, output > 20 KB: cases"),
    ("compact_reduction", "no intent: compact view smaller than the output by"),
    ("compact_held", "no intent: compact view holds the needle"),
    ("compact_followup_reduction", "no intent + one capy_search: smaller by"),
    ("compact_followup_held", "no intent + one capy_search: holds the needle"),
]


def _cell(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def _table(title: str, rows: list[tuple[str, str]], report: dict[str, Any], go: bool) -> Table:
    types = list(report["by_content_type"])
    table = Table(title=title, title_justify="left")
    table.add_column("metric")
    table.add_column("overall", justify="right", style="bold")
    for name in types:
        table.add_column(name, justify="right")
    if go:
        table.add_column("Go capy (its corpus)", justify="right", style="dim")
    for key, label in rows:
        cells = [_cell(report["overall"].get(key))]
        cells += [_cell(report["by_content_type"][t].get(key)) for t in types]
        if go:
            cells.append(_cell(GO_PUBLISHED.get(key)))
        table.add_row(label, *cells)
    return table


# (where, key, label): ``metrics`` rows come from a half's full metrics, the others from its
# ranking of the answerable questions as asked (clean), misspelt (typo) and padded (generic).
HALF_ROWS = [
    ("metrics", "positives", "answerable questions"),
    ("metrics", "negatives", "unanswerable questions"),
    ("clean", "recall_at_1", "R@1 as asked"),
    ("clean", "mrr", "MRR as asked"),
    ("clean", "silent", "answerable, as asked: no result"),
    ("typo", "cases", "misspelt variants"),
    ("typo", "recall_at_1", "R@1 misspelt"),
    ("typo", "silent", "misspelt: no result"),
    ("generic", "cases", "padded variants (a generic word added)"),
    ("generic", "recall_at_1", "R@1 padded"),
    ("generic", "silent", "padded: no result"),
    ("metrics", "meaning_recall_at_1", "R@1 of the semantic layer alone"),
    ("metrics", "meaning_first_lost", "first by the layer alone, not by the search"),
    ("metrics", "search_answered_unanswerable", "capy_search: unanswerable answered"),
    ("metrics", "execute_answered_unanswerable", "capy_execute: unanswerable answered"),
    ("metrics", "search_reply_reduced_and_held", "capy_search top 3: ≥ 90 % smaller + held"),
    ("metrics", "execute_reply_reduction", "capy_execute intent: reply smaller by"),
    ("metrics", "execute_reply_held", "capy_execute intent: holds every needle"),
    ("metrics", "execute_reply_reduced_and_held", "capy_execute intent: ≥ 90 % smaller + held"),
]


def print_halves(report: dict[str, Any], console: Console | None = None) -> None:
    """The tuning half beside the check half: constants are chosen on the first; the second
    says whether they hold up on questions they were not chosen on."""
    halves = report.get("halves")
    if not halves:
        return
    console = console or stdout_console()
    table = Table(
        title="Tuning half and check half (a case's half: the first byte of the SHA-256 of its "
        "id, even or odd)",
        title_justify="left",
    )
    table.add_column("metric")
    for name in halves:
        table.add_column(f"{name} half", justify="right", style="bold" if name == "check" else "")
    for where, key, label in HALF_ROWS:
        cells = []
        for half in halves.values():
            source = half["metrics"] if where == "metrics" else half["ranking"].get(where, {})
            cells.append(_cell(source.get(key)))
        table.add_row(label, *cells)
    console.print(table)


def print_failures(report: dict[str, Any], limit: int, console: Console | None = None) -> None:
    """The first ``limit`` positive-case failures: query, what was expected, what came back."""
    console = console or stdout_console()
    shown = [f for f in report["failures"] if f["type"] != "negative_false_positive"][:limit]
    if not shown:
        return
    table = Table(title="Failures (positive cases)", title_justify="left")
    for name in ("case", "kind", "query", "expected", "got", "top result"):
        table.add_column(name)
    for failure in shown:
        top = failure["top_results"][0] if failure["top_results"] else "–"
        table.add_row(
            failure["case_id"],
            failure["type"],
            failure["query"],
            failure["expected"],
            failure["actual"],
            top,
        )
    console.print(table)


def print_quality(report: dict[str, Any], console: Console | None = None) -> None:
    console = console or stdout_console()
    meta = report["metadata"]
    overall = report["overall"]
    console.print(
        f"[bold]capy bench quality[/] — {overall['positives']} positive and "
        f"{overall['negatives']} negative cases, store {meta['store']}, "
        f"dataset {meta['dataset_hash'][:19]}…, git {meta['git_sha'][:10]}, "
        f"{meta['seconds']} s"
    )
    console.print(
        _table("Ranking (positive cases, top 10 over all sources)", RANKING_ROWS, report, True)
    )
    negatives = Table(
        title="Negative cases (the answer is not in the corpus)", title_justify="left"
    )
    negatives.add_column("content type")
    negatives.add_column("cases", justify="right")
    negatives.add_column("false positives (returned anything)", justify="right")
    for name, metrics in [("overall", overall), *report["by_content_type"].items()]:
        rate = metrics["negative_false_positive_rate"]
        count = metrics["negative_false_positives"]
        negatives.add_row(name, str(metrics["negatives"]), f"{count} ({rate:.0%})")
    console.print(negatives)
    console.print(
        _table(
            "Context reduction — measured on the intent-search summary the agent receives "
            f"(top {meta['intent_limit']} of the case's own source)",
            REDUCTION_ROWS,
            report,
            False,
        )
    )
    console.print(
        _table(
            "The agent's view — the reply texts capy_search (top 3, every source of the type) "
            "and capy_execute (intent = the question, output = the haystack) return",
            AGENT_ROWS,
            report,
            False,
        )
    )
    for problem in meta.get("skipped_cases", []):
        console.print(f"[yellow]skipped:[/] {problem}")
    for problem in meta.get("index_errors", []):
        console.print(f"[yellow]not indexed:[/] {problem}")
    console.print(
        "[dim]For reference, the Go capy published 49.8 % compression (on its summaries) with "
        "0.983 recall (on full top-10 contents), on its own 156-case corpus.[/]"
    )
    failures = report["failures"]
    if failures:
        counts: dict[str, int] = {}
        for failure in failures:
            counts[failure["type"]] = counts.get(failure["type"], 0) + 1
        summary = ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items()))
        console.print(f"Failures: {summary} (full list in the --json report)")
