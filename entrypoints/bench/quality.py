"""Running the quality benchmark: one store per content type, every case searched twice.

First the ranking search (limit 10, every source kind, the whole store of that content type);
then the intent search an execute tool would run (its limit, only the case's own source), whose
results become the reply text that compression and summary recall are measured on.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import attrs

from application.ports.embedder import Embedder
from application.search.semantic import SemanticLayer
from application.use_cases.execute_with_intent import COMPACT_VIEW_BYTES, FALLBACK_BYTES
from application.use_cases.index_content import IndexContent
from application.use_cases.index_request import IndexRequest
from application.use_cases.search_knowledge import SearchKnowledge
from application.use_cases.summarise_output import SummariseOutput
from domain.bench.case_outcome import CaseOutcome, VariantOutcome
from domain.bench.variants import variants_of
from domain.chunking.utf8 import truncate_bytes
from domain.content_type import ContentType
from domain.errors import CapyError
from domain.search import reply_tuning
from domain.search.intent_confidence import worth_replacing
from domain.search.reply import intent_reply, results_block
from domain.search.results import SearchResults
from domain.search_hit import SearchScope
from domain.server.source_labels import execute_label
from domain.source_kind import ALL_KINDS
from entrypoints.bench.bench_store import StoreChoice, bench_container
from entrypoints.bench.fixtures import Corpus, FixtureCase, FixtureEntry

SEARCH_LIMIT = 10
INTENT_LIMIT = REPLY_LIMIT = reply_tuning.REPLY_RESULTS  # what capy_execute and capy_search show
EVERY_KIND = SearchScope(kinds=ALL_KINDS, kinds_explicit=True)

# markdown, curated and any other type are auto-detected, like capy_index does.
SEEDING: dict[str, ContentType | None] = {
    "markdown": None,
    "curated": None,
    "json": ContentType.JSON,
    "plaintext": ContentType.PLAINTEXT,
    "transcript": ContentType.TRANSCRIPT,
}

Progress = Callable[[str, int], None]


@attrs.frozen
class TypeTiming:
    content_type: str
    index_seconds: float
    search_seconds: float
    searches: int
    chunks: int
    embed_seconds: float = 0.0


@attrs.frozen
class QualityRun:
    """Every case's outcome and its variants'; ``index_errors`` names haystacks capy refused
    to index."""

    outcomes: tuple[CaseOutcome, ...]
    timings: tuple[TypeTiming, ...]
    seconds: float
    index_errors: tuple[str, ...] = ()
    variants: tuple[VariantOutcome, ...] = ()


def _bytes(text: str) -> int:
    return len(text.encode("utf-8"))


def run_quality(
    corpus: Corpus,
    store: StoreChoice,
    progress: Progress | None = None,
    variants: bool = True,
    embedder: Embedder | None = None,
) -> QualityRun:
    """Measure every case of ``corpus`` (and, with ``variants``, its answerable questions'
    variants); ``progress(content_type, cases_done)`` after each case. ``embedder`` replaces
    the semantic layer's model (every store is embedded in full before it is searched)."""
    started = time.perf_counter()
    outcomes: list[CaseOutcome] = []
    varied: list[VariantOutcome] | None = [] if variants else None
    timings: list[TypeTiming] = []
    errors: list[str] = []
    with tempfile.TemporaryDirectory(prefix="capy-bench-") as tmp:
        for content_type in corpus.content_types():
            workdir = Path(tmp) / content_type
            workdir.mkdir()
            done = len(outcomes)

            def typed_progress(name: str, count: int, done: int = done) -> None:
                if progress is not None:
                    progress(name, done + count)

            typed, timing = _run_type(
                content_type,
                corpus.of_type(content_type),
                store,
                workdir,
                progress=typed_progress,
                errors=errors,
                variants=varied,
                embedder=embedder,
            )
            outcomes.extend(typed)
            timings.append(timing)
    seconds = time.perf_counter() - started
    return QualityRun(tuple(outcomes), tuple(timings), seconds, tuple(errors), tuple(varied or ()))


def _run_type(
    content_type: str,
    entries: list[FixtureEntry],
    store: StoreChoice,
    workdir: Path,
    *,
    progress: Progress | None,
    errors: list[str],
    variants: list[VariantOutcome] | None = None,
    embedder: Embedder | None = None,
) -> tuple[list[CaseOutcome], TypeTiming]:
    outcomes: list[CaseOutcome] = []
    with bench_container(store, workdir, embedder=embedder) as container:
        index = container.use_cases.index_content()
        search = container.use_cases.search_knowledge()
        terms_of = container.use_cases.distinctive_terms()
        knowledge = container.adapters.knowledge_store()
        began = time.perf_counter()
        sections = seed_store(index, entries, content_type, errors)
        index_seconds = time.perf_counter() - began
        began = time.perf_counter()
        embed = container.use_cases.embed_chunks()
        if embed.available:
            embed.run(ALL_KINDS)
        embed_seconds = time.perf_counter() - began
        # The layer's own list beside the search's: where the search loses what meaning found.
        layer = container.use_cases.semantic_layer() if embed.available else None
        search_seconds = 0.0
        searches = 0
        for entry in entries:
            source = knowledge.source_by_label(entry.source_label)
            terms = terms_of.terms(source.id) if source is not None else []
            for case in entry.cases:
                began = time.perf_counter()
                ranked = search.search(case.query, SEARCH_LIMIT, EVERY_KIND)
                scope = SearchScope(kinds=ALL_KINDS, source=entry.source_label, exact_source=True)
                focused = search.search(case.query, INTENT_LIMIT, scope)
                search_seconds += time.perf_counter() - began
                searches += 2
                reply = search.search(case.query, REPLY_LIMIT, EVERY_KIND)
                summary = intent_reply(
                    focused,
                    source=entry.source_label,
                    sections=sections[entry.id],
                    output=entry.haystack,
                    terms=terms if not focused else (),
                )
                outcome = _outcome(content_type, entry, case, (ranked, focused), summary)
                if layer is not None:
                    outcome = _with_meaning(outcome, layer, case.needles)
                outcomes.append(_with_search_reply(outcome, reply))
                if progress is not None:
                    progress(content_type, len(outcomes))
        if variants is not None:
            variants.extend(_variant_outcomes(entries, search))
        # The execute view indexes each output again under its execute label: only after every
        # ranking search, so those copies never compete with the fixtures' own sources.
        summarise = container.use_cases.summarise_output()
        by_case = {o.case_id: o for o in outcomes}
        for entry in entries:
            label = execute_label("shell", entry.haystack)
            for case in entry.cases:
                # The output itself, returned whole, is an answer-shaped reply: it counts as an
                # answer, also to a question it cannot answer.
                if not worth_replacing(label, entry.haystack):
                    text, matches = entry.haystack, 1
                else:
                    try:
                        answer = summarise.summarise(
                            label, case.query, entry.haystack, entry.command
                        )
                        text, matches = answer.text, int(answer.matched or answer.whole)
                    except CapyError:  # the tool shows the first 3 KB then
                        text, matches = truncate_bytes(entry.haystack, FALLBACK_BYTES), 0
                by_case[case.case_id] = _with_execute_reply(by_case[case.case_id], text, matches)
                if _bytes(entry.haystack) > COMPACT_VIEW_BYTES and case.needles:
                    by_case[case.case_id] = _with_compact_view(
                        by_case[case.case_id], summarise, search, label, entry
                    )
        outcomes = [by_case[o.case_id] for o in outcomes]
        chunks = knowledge.stats().chunk_count
    timing = TypeTiming(
        content_type, index_seconds, search_seconds, searches, chunks, embed_seconds
    )
    return outcomes, timing


def seed_store(
    index: IndexContent, entries: list[FixtureEntry], content_type: str, errors: list[str]
) -> dict[str, int]:
    """Index every entry's haystack as the bench does; the sections each gave (0 for one
    refused, whose reason goes into ``errors``: its cases are still searched, and fail honestly)."""
    sections: dict[str, int] = {}
    for entry in entries:
        request = IndexRequest(
            content=entry.haystack,
            label=entry.source_label,
            kind=entry.source_kind,
            content_type=SEEDING.get(content_type),
        )
        try:
            sections[entry.id] = index.execute(request).sections
        except CapyError as error:
            errors.append(f"{entry.id}: {error.message}")
            sections[entry.id] = 0
    return sections


def _variant_outcomes(entries: list[FixtureEntry], search: SearchKnowledge) -> list[VariantOutcome]:
    """The ranking search of every variant of every answerable question of ``entries``."""
    found: list[VariantOutcome] = []
    for entry in entries:
        for case in entry.cases:
            if not case.needles:
                continue
            for variant in variants_of(case.case_id, case.query):
                results = search.search(variant.query, SEARCH_LIMIT, EVERY_KIND).results
                relevant = tuple(any(n in r.content for n in case.needles) for r in results)
                found.append(
                    VariantOutcome(
                        case.case_id, variant.kind, variant.slip, variant.query, relevant
                    )
                )
    return found


def _with_meaning(
    outcome: CaseOutcome, layer: SemanticLayer, needles: tuple[str, ...]
) -> CaseOutcome:
    """``outcome`` with the semantic layer's own nearest chunks for its question (None when
    the layer could not be asked: nothing embedded, the model failed)."""
    near = layer.searched(outcome.query, EVERY_KIND, SEARCH_LIMIT)
    if near is None:
        return outcome
    return attrs.evolve(outcome, meaning=tuple(any(n in h.content for n in needles) for h in near))


def _needles_in(needles: tuple[str, ...], text: str) -> int:
    return sum(1 for n in needles if n in text)


def _with_search_reply(outcome: CaseOutcome, reply: SearchResults) -> CaseOutcome:
    text = results_block(reply)
    return attrs.evolve(
        outcome,
        search_reply_bytes=_bytes(text),
        search_reply_needles=_needles_in(outcome.needles, text),
        search_reply_results=len(reply.results),
    )


def _with_execute_reply(outcome: CaseOutcome, text: str, matches: int) -> CaseOutcome:
    return attrs.evolve(
        outcome,
        execute_reply_bytes=_bytes(text),
        execute_reply_needles=_needles_in(outcome.needles, text),
        execute_reply_matches=matches,
    )


def _with_compact_view(
    outcome: CaseOutcome,
    summarise: SummariseOutput,
    search: SearchKnowledge,
    label: str,
    entry: FixtureEntry,
) -> CaseOutcome:
    """capy_execute without an intent, then the agent's one follow-up search of that output."""
    try:
        view = summarise.overview(label, entry.haystack, entry.command)
    except CapyError:
        return outcome
    scope = SearchScope(source=label, exact_source=True)
    follow_up = results_block(search.search(outcome.query, REPLY_LIMIT, scope))
    return attrs.evolve(
        outcome,
        compact_bytes=_bytes(view),
        compact_needles=_needles_in(outcome.needles, view),
        followup_bytes=_bytes(follow_up),
        followup_needles=_needles_in(outcome.needles, follow_up),
    )


def _outcome(
    content_type: str,
    entry: FixtureEntry,
    case: FixtureCase,
    searches: tuple[SearchResults, SearchResults],
    summary: str,
) -> CaseOutcome:
    """``searches``: the ranking search (top 10, every source) and the intent search."""
    results = searches[0].results
    contents = [r.content for r in results]
    matched = [r.content for r in searches[1].results]
    needles = case.needles
    return CaseOutcome(
        case_id=case.case_id,
        content_type=content_type,
        query=case.query,
        needles=needles,
        relevant=tuple(any(n in c for n in needles) for c in contents),
        rank_ceiling=case.rank_ceiling,
        summary_bytes=_bytes(summary),
        haystack_bytes=_bytes(entry.haystack),
        summary_needles=sum(1 for n in needles if n in summary),
        top_needles=sum(1 for n in needles if any(n in c for c in contents)),
        intent_needles=sum(1 for n in needles if any(n in c for c in matched)),
        expected_layer=case.expected_layer,
        top_layer=results[0].layer if results else None,
        top_titles=tuple(f"{r.source} › {r.title}" for r in results[:3]),
    )
