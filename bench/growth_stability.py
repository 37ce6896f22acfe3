"""Whether capy's silence depends on what else the store holds (ADR 0165).

    python bench/growth_stability.py --fixtures tests/fixtures/bench-real \\
        --old-cases OLD.json --extra tests/fixtures/bench --json OUT.json

Each content type's cases are searched as ``capy bench quality`` searches them (words only,
limit 10, every source kind), in three stores of that type:

- ``old``: only the haystacks holding a case of ``--old-cases`` (a ``capy bench quality
  --json`` report of the corpus before it grew); only those cases are searched;
- ``grown``: every haystack of the corpus;
- ``extra``: every haystack of the corpus plus every haystack of the ``--extra`` corpus, as
  unrelated sources (their cases are not searched).

A flip is an answerable case that one store answers (its needle among the results) and a
larger store silences (no result at all); printed per half (ADR 0055), with the unanswerable
cases whose silence moved. Without ``--old-cases`` the ``old`` store is left out. With
``--ranks``, the answerable cases a larger store no longer ranks first are listed too, each
with the source of the section that now does (ADR 0169).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

if TYPE_CHECKING:
    from entrypoints.bench.fixtures import FixtureCase, FixtureEntry

# case id -> (results, rank of the first result holding a needle, source of the first result)
Found = dict[str, tuple[int, int | None, str]]


def _searched(
    entries: Sequence[FixtureEntry],
    extra: Sequence[FixtureEntry],
    wanted: Collection[str],
    workdir: Path,
) -> Found:
    """{case id: (results, first relevant rank, first result's source)} for the ``wanted`` cases
    of ``entries``, in one store holding ``entries`` and ``extra``."""
    from application.use_cases.index_request import IndexRequest
    from entrypoints.bench.bench_store import StoreChoice, bench_container, off_embedder
    from entrypoints.bench.quality import EVERY_KIND, SEARCH_LIMIT, SEEDING

    found: Found = {}
    with bench_container(StoreChoice.SQLCIPHER, workdir, embedder=off_embedder()) as container:
        index = container.use_cases.index_content()
        search = container.use_cases.search_knowledge()
        for entry, label in [
            *((e, e.source_label) for e in entries),
            *((e, f"extra/{e.content_type}/{e.source_label}") for e in extra),
        ]:
            index.execute(
                IndexRequest(
                    content=entry.haystack,
                    label=label,
                    kind=entry.source_kind,
                    content_type=SEEDING.get(entry.content_type),
                )
            )
        for entry in entries:
            for case in entry.cases:
                if case.case_id not in wanted:
                    continue
                results = search.search(case.query, SEARCH_LIMIT, EVERY_KIND).results
                ranks = [
                    at
                    for at, r in enumerate(results, start=1)
                    if any(n in r.content for n in case.needles)
                ]
                first = results[0].source if results else ""
                found[case.case_id] = (len(results), ranks[0] if ranks else None, first)
    return found


def _flips(cases: Sequence[FixtureCase], before: Found, after: Found) -> dict[str, list[str]]:
    """Per half: answerable cases answered in ``before`` and silent in ``after`` ("-"), and
    silent in ``before``, answered in ``after`` ("+"); unanswerable cases whose silence moved."""
    from domain.bench.variants import half_of

    moved: dict[str, list[str]] = {}
    for case in cases:
        if case.case_id not in before or case.case_id not in after:
            continue
        (was, was_rank, _), (now, now_rank, _) = before[case.case_id], after[case.case_id]
        if case.needles:
            if was_rank is not None and now == 0:
                flag = "-"
            elif was == 0 and now_rank is not None:
                flag = "+"
            else:
                continue
        elif (was == 0) != (now == 0):
            flag = "neg silenced" if now == 0 else "neg answered"
        else:
            continue
        line = f"{flag} {case.case_id}: {case.query!r} ({was}, {was_rank}) -> ({now}, {now_rank})"
        moved.setdefault(str(half_of(case.case_id)), []).append(line)
    return moved


def _totals(cases: Sequence[FixtureCase], stores: dict[str, Found]) -> None:
    """Per store and half: answerable cases silent, unanswerable ones answered, R@1."""
    from domain.bench.variants import half_of

    for name, found in stores.items():
        for half in sorted({str(half_of(c.case_id)) for c in cases}):
            held = [c for c in cases if c.case_id in found and str(half_of(c.case_id)) == half]
            asked = [found[c.case_id] for c in held if c.needles]
            unanswerable = [found[c.case_id] for c in held if not c.needles]
            if not asked:
                continue
            print(
                f"{name} {half}: answerable silent {sum(n == 0 for n, _, _ in asked)}/{len(asked)},"
                f" R@1 {sum(r == 1 for _, r, _ in asked) / len(asked):.3f};"
                f" unanswerable answered {sum(n > 0 for n, _, _ in unanswerable)}"
                f"/{len(unanswerable)}"
            )


def _demoted(cases: Sequence[FixtureCase], before: Found, after: Found) -> dict[str, list[str]]:
    """Per half: answerable cases ``before`` ranks first and ``after`` does not, with the rank
    their needle moved to and the source of the section ranked first instead."""
    from domain.bench.variants import half_of

    moved: dict[str, list[str]] = {}
    for case in cases:
        if not case.needles or case.case_id not in before or case.case_id not in after:
            continue
        (_, was_rank, _), (_, now_rank, first) = before[case.case_id], after[case.case_id]
        if was_rank == 1 and now_rank != 1:
            line = f"{case.case_id}: {case.query!r} 1 -> {now_rank}, first: {first}"
            moved.setdefault(str(half_of(case.case_id)), []).append(line)
    return moved


def main() -> None:
    from entrypoints.bench.fixtures import load_corpus

    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--fixtures", type=Path, required=True)
    parser.add_argument("--old-cases", type=Path)
    parser.add_argument("--extra", type=Path)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--ranks", action="store_true", help="list cases that lose rank 1")
    args = parser.parse_args()
    corpus = load_corpus(args.fixtures)
    extra = list(load_corpus(args.extra).entries) if args.extra else []
    old_ids = (
        {c["case_id"] for c in json.loads(args.old_cases.read_text())["cases"]}
        if args.old_cases
        else None
    )
    every = {c.case_id for e in corpus.entries for c in e.cases}
    stores: dict[str, Found] = {"old": {}, "grown": {}, "extra": {}}
    with tempfile.TemporaryDirectory(prefix="capy-growth-") as tmp:
        for content_type in corpus.content_types():
            entries = corpus.of_type(content_type)
            plans: list[tuple[str, list[FixtureEntry], list[FixtureEntry], Collection[str]]] = [
                ("grown", entries, [], every)
            ]
            if extra:
                plans.append(("extra", entries, extra, every))
            if old_ids is not None:
                held = [e for e in entries if any(c.case_id in old_ids for c in e.cases)]
                plans.append(("old", held, [], old_ids))
            for name, held, added, wanted in plans:
                workdir = Path(tmp) / f"{content_type}-{name}"
                workdir.mkdir()
                stores[name].update(_searched(held, added, wanted, workdir))
            print(f"{content_type}: done", file=sys.stderr, flush=True)
    cases = [c for e in corpus.entries for c in e.cases]
    _totals(cases, stores)
    report = {}
    for before, after in (("old", "grown"), ("old", "extra"), ("grown", "extra")):
        if not stores[before] or not stores[after]:
            continue
        moved = _flips(cases, stores[before], stores[after])
        report[f"{before}->{after}"] = moved
        print(f"== {before} -> {after}")
        for half in sorted(moved):
            lines = moved[half]
            count = sum(1 for line in lines if line.startswith("- "))
            print(f"  {half}: {count} answered -> silent")
            for line in lines:
                print(f"    {line}")
        if args.ranks:
            for half, lines in sorted(_demoted(cases, stores[before], stores[after]).items()):
                print(f"  {half}: {len(lines)} no longer ranked first")
                for line in lines:
                    print(f"    {line}")
    if args.json:
        args.json.write_text(json.dumps({"stores": stores, "moved": report}, indent=1))


if __name__ == "__main__":
    main()
