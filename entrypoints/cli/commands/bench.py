"""``capy bench``: measure search quality and speed; compare two quality reports."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import attrs
from cyclopts import App, Parameter

from application.ports.embedder import Embedder
from domain.errors import CapyError, InvalidInput
from entrypoints.bench.bench_store import StoreChoice
from entrypoints.bench.fixtures import Corpus
from entrypoints.cli.app import app
from entrypoints.cli.console import stdout_console

T = TypeVar("T")

bench = App(
    name="bench",
    help="Measure capy: search quality on a fixture corpus, report deltas, index/search speed.",
)
app.command(bench)

EXIT_REGRESSION = 1
EXIT_USAGE = 2


@bench.command
def quality(
    *,
    fixtures: Annotated[
        Path | None,
        Parameter(
            help="Directory of *.jsonl fixture files (read in name order); default: "
            "tests/fixtures/bench of the checkout capy runs from or was installed from."
        ),
    ] = None,
    json_out: Annotated[
        Path | None, Parameter(name="--json", help="Also write the full report to this file.")
    ] = None,
    store: Annotated[
        str,
        Parameter(
            help="sqlcipher (the real encrypted store, default), memory (in-memory) or team "
            "(PostgreSQL: a throwaway local server, needs postgresql-15 and capy-mcp[team])."
        ),
    ] = "sqlcipher",
    only: Annotated[
        str | None,
        Parameter(help="Comma-separated content types to measure, e.g. json,plaintext."),
    ] = None,
    failures: Annotated[
        int, Parameter(help="Also list this many failed positive cases (0: none).")
    ] = 0,
    variants: Annotated[
        bool,
        Parameter(
            help="Also search a misspelt and a padded variant of every answerable question "
            "(--no-variants: the questions as written only)."
        ),
    ] = True,
    semantic: Annotated[
        bool,
        Parameter(
            help="Search with the semantic layer when it is installed (--no-semantic: words "
            "only). Vectors are cached between runs in ~/.cache/capy."
        ),
    ] = True,
) -> int:
    """Search every fixture case and report ranking and context-reduction quality.

    One fresh store per content type, in a temporary directory with a random key; each case is
    searched over all source kinds (limit 10) for the ranking metrics, and once more the way an
    execute tool's intent search does (three results, its own source) to build the reply text that
    compression and needle recall are measured on. Each answerable question is also searched
    misspelt (a swapped, dropped, doubled or neighbouring-key letter) and padded with a generic
    word. Every number is reported for the tuning half and the check half of the cases too
    (split by a hash of the case id): choose constants on the tuning half, judge on the check.
    """
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from entrypoints.bench.fixture_location import default_fixtures
    from entrypoints.bench.fixtures import load_corpus
    from entrypoints.bench.quality import run_quality
    from entrypoints.bench.report import build_report
    from entrypoints.bench.tables import print_failures, print_halves, print_quality

    choice = _store(store)
    embedder = _bench_embedder(semantic)
    corpus = load_corpus(fixtures or default_fixtures())
    if only is not None:
        corpus = _only(corpus, only)
    total = sum(len(e.cases) for e in corpus.entries)
    console = Console(stderr=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("searching", total=total)

        def advance(content_type: str, done: int) -> None:
            bar.update(task, completed=done, description=f"searching {content_type}")

        run = run_quality(corpus, choice, advance, variants=variants, embedder=embedder)
    report = build_report(corpus, run, choice)
    out = stdout_console()
    print_quality(report, out)
    print_halves(report, out)
    if failures > 0:
        print_failures(report, failures, out)
    if json_out is not None:
        _write(json_out, report)
    return 0


@bench.command
def compare(
    before: Annotated[Path, Parameter(help="Baseline report (capy bench quality --json).")],
    after: Annotated[Path, Parameter(help="Report to judge against the baseline.")],
    *,
    threshold: Annotated[
        float, Parameter(help="Tolerance: a metric worse by more than this is a regression.")
    ] = 0.01,
) -> int:
    """Show two quality reports side by side with deltas; mark regressions.

    Exit codes: 0 no regression, 1 at least one metric regressed by more than --threshold,
    2 a report could not be read. Reports measured on different fixture sets (dataset hash)
    are still compared, with a warning.
    """
    from entrypoints.bench.compare import compare_reports, load_report
    from entrypoints.bench.compare_table import print_comparison

    try:
        comparison = compare_reports(load_report(before), load_report(after), threshold)
    except CapyError as error:
        print(f"capy: {error.message} — {error.hint}", file=sys.stderr)
        return EXIT_USAGE
    print_comparison(comparison, stdout_console())
    return EXIT_REGRESSION if comparison.regressions else 0


@bench.command
def perf(
    *,
    sizes: Annotated[
        str, Parameter(help="Comma-separated chunk counts to measure, e.g. 1000,10000.")
    ] = "1000,10000,100000",
    queries: Annotated[int, Parameter(help="Search queries timed per size.")] = 200,
    processes: Annotated[
        bool,
        Parameter(
            help="Also time whole capy processes (start of --version, vault list, search, the "
            "hook) and a running capy serve's memory (idle, after a 10 MB output, after "
            "2,000 calls)."
        ),
    ] = True,
    json_out: Annotated[
        Path | None, Parameter(name="--json", help="Also write the measurements to this file.")
    ] = None,
    semantic: Annotated[
        bool,
        Parameter(
            help="Also measure the semantic layer (when installed; else the report says why "
            "not): each query with words alone and with the layer, interleaved, every chunk "
            "given a vector; questions in other words that ask the layer; the model's "
            "embedding throughput; and (with --processes) capy serve's memory with the model "
            "loaded and with the layer off."
        ),
    ] = False,
    log_mb: Annotated[
        float,
        Parameter(
            help="Also index one generated log of this many MB whole, as a big file or output "
            "is (0: skip)."
        ),
    ] = 20,
) -> int:
    """Index throughput and search latency at each size, next to raw FTS5 on the same data.

    capy's numbers go through the real use cases and the encrypted store (both FTS tables,
    redaction, chunk bookkeeping); raw FTS5 is one plain sqlite3 porter table with the same
    chunks, and one MATCH per query; the same chunks in an encrypted porter+trigram pair are
    the limit for capy's own indexing. Peak RSS is the process maximum so far.
    """
    from rich.console import Console

    from entrypoints.bench.perf import run_perf
    from entrypoints.bench.perf_table import print_perf

    counts = _sizes(sizes)
    if queries < 1:
        raise InvalidInput("--queries must be at least 1", "pass e.g. --queries 200")
    if log_mb < 0:
        raise InvalidInput("--log-mb must be 0 or more", "pass e.g. --log-mb 20, or 0 to skip")
    model = None
    if semantic:
        from entrypoints.containers.lazy_adapters import onnx_embedder

        model = onnx_embedder()
    report = run_perf(counts, queries, Console(stderr=True), model, log_mb)
    if processes:
        from entrypoints.bench.cli_start import run_cli_start
        from entrypoints.bench.server_rss import run_server_memory

        capy = _installed_capy()
        report["cli_start"] = _with_progress(
            "capy processes", lambda step: run_cli_start(capy, progress=step)
        ).as_json()
        report["server_memory"] = _with_progress(
            "capy serve calls", lambda step: run_server_memory(capy, progress=step)
        ).as_json()
        if model is not None:
            report["server_model_memory"] = _server_model_memory(capy, model)
    print_perf(report, stdout_console())
    if json_out is not None:
        _write(json_out, report)
    return 0


@bench.command(name="team")
def team_store(
    *,
    size: Annotated[int, Parameter(help="Chunks in each store for the search comparison.")] = 10000,
    queries: Annotated[int, Parameter(help="Search queries timed on each store.")] = 200,
    clients: Annotated[
        int,
        Parameter(help="Concurrent clients of the load run (half index, half search; 0: skip)."),
    ] = 20,
    seconds: Annotated[float, Parameter(help="How long the load run lasts on each store.")] = 120.0,
    json_out: Annotated[
        Path | None, Parameter(name="--json", help="Also write the measurements to this file.")
    ] = None,
) -> int:
    """The team store (PostgreSQL) next to the SQLCipher file, in one run.

    Starts a throwaway PostgreSQL 15 server on 127.0.0.1 in a temporary folder (needs
    postgresql-15, postgresql-contrib, openssl and the capy-mcp[team] extra; your own server
    and files are never touched). Search latency through the real search use case at --size
    chunks, each query timed on one store and then the other; the substrings layer asked for
    common short units; then --clients clients, half indexing (their own labels, and labels
    all writers share) and half searching, for --seconds on each store: errors, lost or
    duplicated sources, p50/p95 latencies. Quality: capy bench quality --store team.
    """
    from rich.console import Console

    from entrypoints.bench.bench_store import StoreChoice
    from entrypoints.bench.team_bench import run_load, run_search_comparison
    from entrypoints.bench.team_table import print_team

    if size < 1 or queries < 1 or clients < 0 or seconds <= 0:
        raise InvalidInput(
            "--size, --queries and --seconds must be positive, --clients 0 or more",
            "e.g. capy bench team --size 10000 --clients 20 --seconds 120",
        )
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        report: dict[str, Any] = {"search": run_search_comparison(size, queries, bar)}
        if clients:
            report["load"] = [
                run_load(side, clients, seconds, bar)
                for side in (StoreChoice.SQLCIPHER, StoreChoice.TEAM)
            ]
    print_team(report, stdout_console())
    if json_out is not None:
        _write(json_out, report)
    return 0


def _with_progress(what: str, work: Callable[[Callable[[int, int], None]], T]) -> T:
    """Run ``work(step)`` under a progress bar on stderr; ``step(done, total)`` advances it."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    columns = (TextColumn(what), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(what)
        return work(lambda done, total: bar.update(task, completed=done, total=total))


def _server_model_memory(capy: str, model: Embedder) -> dict[str, object]:
    """capy serve's memory with the model loaded and with the layer off, or why it is absent."""
    from entrypoints.bench.server_model_rss import run_server_model_memory

    status = model.status()
    if not status.available:
        return {"available": False, "reason": status.reason}
    memory = _with_progress(
        "capy serve with the model", lambda step: run_server_model_memory(capy, progress=step)
    )
    return {"available": True, **memory.as_json()}


def _installed_capy() -> str:
    """The ``capy`` command of this environment, the way a host runs it."""
    import shutil

    beside = Path(sys.executable).parent / "capy"
    found = str(beside) if beside.exists() else shutil.which("capy")
    if found is None:
        raise InvalidInput(
            "cannot find the capy command to run the hooks with",
            "install capy so `capy` is on PATH, then run the benchmark again",
        )
    return found


def _bench_embedder(semantic: bool) -> Embedder:
    """The model behind a cache of its vectors, or none (words only; also when not installed)."""
    from entrypoints.bench.bench_store import off_embedder

    if semantic:
        from entrypoints.bench.embedding_cache import CachingEmbedder, default_cache_path
        from entrypoints.containers.lazy_adapters import onnx_embedder

        model = onnx_embedder()
        status = model.status()
        if status.available:
            return CachingEmbedder(model, default_cache_path())
        stdout_console().print(f"semantic layer {status.reason}; measuring words only")
    return off_embedder()


def _store(value: str) -> StoreChoice:
    try:
        return StoreChoice(value.strip().lower())
    except ValueError:
        raise InvalidInput(
            f'unknown store "{value}"',
            "use --store sqlcipher (default), --store memory or --store team",
        ) from None


def _only(corpus: Corpus, value: str) -> Corpus:
    wanted = {part.strip() for part in value.split(",") if part.strip()}
    present = corpus.content_types()
    unknown = sorted(wanted - set(present))
    if not wanted or unknown:
        raise InvalidInput(
            f'--only "{value}" names no content type of this corpus',
            f"choose from: {', '.join(present)}",
        )
    entries = tuple(e for e in corpus.entries if e.content_type in wanted)
    return attrs.evolve(corpus, entries=entries)


def _sizes(value: str) -> list[int]:
    hint = "pass chunk counts separated by commas, e.g. --sizes 1000,10000"
    try:
        counts = [int(part) for part in value.split(",") if part.strip()]
    except ValueError:
        raise InvalidInput(f'cannot read --sizes "{value}"', hint) from None
    if not counts or any(c < 1 for c in counts):
        raise InvalidInput(f'--sizes "{value}" needs positive chunk counts', hint)
    return counts


def _write(path: Path, report: object) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    except OSError as error:
        raise InvalidInput(
            f"cannot write the report to {path}: {error.strerror}",
            "choose a writable path for --json",
        ) from None
