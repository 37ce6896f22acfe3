"""Fresh misspellings of the tuning half's questions: which of them a search leaves silent.

    python bench/fresh_typos.py OUT.jsonl                   # sets fresh1 and fresh2
    python bench/fresh_typos.py OUT.jsonl --sets fresh3     # another set

The quality bench misspells every answerable question the same way on every run (``variants_of``:
one slip of each kind, at places a hash of the case id picks). Rules chosen on those variants
fit them; this judge asks other ones. For every answerable case of the real corpus's *tuning*
half it derives, per named set, the same four kinds of slip (two neighbouring letters swapped,
a letter dropped, a letter doubled, a letter replaced by a QWERTY neighbour) from a hash of
the case id *and the set's name*: other words, other places in them. A variant equal to the
bench's own or to the question is left out. Each content type's outputs are indexed into one
real store, as the bench does (no semantic layer), and every question is asked clean and
misspelt the way the bench asks it (top 10, every kind). One JSON line per variant: its rank
(first result holding a needle; null when none does), whether it was silent, the clean
question's rank, the word slipped and what the corrector made of the query, and what silenced
it (``unanswerable``: the verdict's reasons; ``names_unknown``).
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.append(str(Path(__file__).resolve().parent.parent))

from domain.bench.variants import (
    SLIPS,
    Half,
    _digest,
    _slipped,
    _typo_words,
    half_of,
    variants_of,
)
from entrypoints.bench.bench_store import StoreChoice, bench_container, off_embedder
from entrypoints.bench.fixtures import load_corpus
from entrypoints.bench.quality import EVERY_KIND, SEARCH_LIMIT, seed_store

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "bench-real"


def fresh_variants(case_id: str, query: str, name: str) -> list[tuple[str, str, str, str]]:
    """(slip, query, word, typo) per slip kind, from a hash of ``case_id`` and ``name``."""
    words = query.split()
    spots = _typo_words(query)
    if not spots:
        return []
    seed = _digest(f"{case_id}#{name}")
    found = []
    for number, slip in enumerate(SLIPS):
        index = spots[(seed[1] + 3 * number) % len(spots)]
        typo = _slipped(words[index], slip, seed[2 + number] + seed[8 + number])
        if typo is None or typo.lower() == words[index].lower():
            continue
        found.append(
            (slip, " ".join([*words[:index], typo, *words[index + 1 :]]), words[index], typo)
        )
    return found


def _rank(results: Any, needles: tuple[str, ...]) -> int | None:
    return next(
        (at for at, r in enumerate(results, start=1) if any(n in r.content for n in needles)),
        None,
    )


def _watched(search: Any) -> dict[str, Any]:
    """Wrap the search's corrector and verdict so that each search says what they decided."""
    seen: dict[str, Any] = {}
    correct, unanswerable = search._corrector.correct, search._verdict.unanswerable
    names_unknown = search._verdict.names_unknown

    def watched_correct(*args: Any) -> Any:
        out = correct(*args)
        seen.setdefault("corrections", []).append(list(out.terms) if out is not None else None)
        return out

    def watched_unanswerable(*args: Any) -> Any:
        out = unanswerable(*args)
        seen["unanswerable"] = list(out)
        return out

    def watched_names(*args: Any) -> Any:
        out = names_unknown(*args)
        seen["names_unknown"] = bool(out)
        return out

    search._corrector.correct = watched_correct
    search._verdict.unanswerable = watched_unanswerable
    search._verdict.names_unknown = watched_names
    return seen


def main(argv: list[str]) -> int:
    out = Path(argv[0])
    sets = argv[argv.index("--sets") + 1].split(",") if "--sets" in argv else ["fresh1", "fresh2"]
    corpus = load_corpus(CORPUS)
    lines = []
    with tempfile.TemporaryDirectory(prefix="capy-fresh-") as tmp:
        for content_type in corpus.content_types():
            entries = corpus.of_type(content_type)
            cases = [
                (e, c)
                for e in entries
                for c in e.cases
                if c.needles and half_of(c.case_id) is Half.TUNING
            ]
            if not cases:
                continue
            workdir = Path(tmp) / content_type
            workdir.mkdir()
            with bench_container(StoreChoice.SQLCIPHER, workdir, embedder=off_embedder()) as c:
                refused: list[str] = []
                seed_store(c.use_cases.index_content(), entries, content_type, refused)
                for reason in refused:
                    print(reason, file=sys.stderr)
                search = c.use_cases.search_knowledge()
                seen = _watched(search)
                for _entry, case in cases:
                    clean = _rank(
                        search.search(case.query, SEARCH_LIMIT, EVERY_KIND).results, case.needles
                    )
                    bench = {v.query for v in variants_of(case.case_id, case.query)}
                    for name in sets:
                        for slip, query, word, typo in fresh_variants(
                            case.case_id, case.query, name
                        ):
                            if query in bench:
                                continue
                            seen.clear()
                            found = search.search(query, SEARCH_LIMIT, EVERY_KIND)
                            lines.append(
                                {
                                    "case_id": case.case_id,
                                    "content_type": content_type,
                                    "set": name,
                                    "slip": slip,
                                    "query": query,
                                    "clean_query": case.query,
                                    "word": word,
                                    "typo": typo,
                                    "clean_rank": clean,
                                    "rank": _rank(found.results, case.needles),
                                    "silent": not found.results,
                                    "corrected_query": found.corrected_query,
                                    **seen,
                                }
                            )
            print(content_type, len(lines), file=sys.stderr, flush=True)
    out.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
