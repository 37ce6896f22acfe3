"""The cheap rulings-out of reranking and excerpts change nothing: a text without a unit's
needles holds no occurrence of it, and what a search's weights give one candidate they give
every other."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.search import tuning
from domain.search.best_lines import best_lines
from domain.search.matching import TermGroups, Unit, _occurrences, _phrase_positions, term_groups
from domain.search.query import parse_query
from domain.search.rerank import boosts_for, rerank
from domain.search.rrf import FusedHit
from domain.search.unit_weighing import Weighing
from domain.search_hit import LayerHit, SearchLayer
from domain.source_kind import SourceKind

_TEXT = st.text(alphabet="ab c_-.\n\tAB", max_size=60)
_WORD = st.text(alphabet="abc", min_size=1, max_size=6)


def _scanned(unit: Unit, lowered: str, limit: int, text: str) -> list[int]:
    """Every occurrence, found by scanning every alternative (no needle consulted)."""
    cased = text if len(text) == len(lowered) else None
    if unit.phrase:
        if " ".join(lowered.split()) != lowered:
            return _phrase_positions(lowered, unit.phrase, limit, cased)
        return _occurrences(lowered, " ".join(unit.phrase), limit, cased)
    found: set[int] = set()
    for alternative in unit.alternatives:
        found.update(_occurrences(lowered, alternative, limit, cased))
    return sorted(found)[:limit]


@given(_TEXT, st.lists(_WORD, min_size=1, max_size=3, unique=True), st.integers(1, 5))
def test_a_phrase_or_a_term_is_found_where_a_scan_finds_it(
    text: str, words: list[str], limit: int
) -> None:
    lowered = text.lower()
    phrase = Unit((" ".join(words),), tuple(words))
    term = Unit(tuple(sorted(words, key=lambda a: (-len(a), a))))
    for unit in (phrase, term):
        assert unit.positions(lowered, limit, text) == _scanned(unit, lowered, limit, text)
        assert unit.present(lowered, text) == bool(_scanned(unit, lowered, 1, text))


@given(_TEXT, st.lists(_WORD, min_size=1, max_size=3, unique=True))
def test_a_text_without_needles_holds_no_unit(text: str, words: list[str]) -> None:
    groups = TermGroups(
        (" ".join(words), *words),
        (Unit((" ".join(words),), tuple(words)), *(Unit((w,)) for w in words)),
    )
    lowered = text.lower()
    expected = [bool(_scanned(unit, lowered, 1, text)) for unit in groups.matchers]
    assert groups.present(text) == expected
    if groups.holds_none(lowered):
        assert not any(expected)


def _fused(chunk_id: int, content: str, title: str = "t") -> FusedHit:
    hit = LayerHit(
        chunk_id=chunk_id,
        source_id=chunk_id,
        label="s",
        kind=SourceKind.DURABLE,
        title=title,
        content=content,
        has_code=False,
        relevance=1.0,
    )
    return FusedHit(hit, 1.0 / chunk_id, (SearchLayer.WORDS,))


_HITS = [
    _fused(1, "redis timeout after 300 s\nconnection refused"),
    _fused(2, "redis is fine\nno timeout here", title="redis timeout"),
    _fused(3, "the connection-pool failed\nerror: redis"),
    _fused(4, "nothing of the kind"),
]


def test_one_weighing_for_every_candidate_gives_each_its_own_boosts() -> None:
    groups = term_groups(parse_query("redis timeout connection error"))
    weights = [1.3, 0.7, 2.0, 0.4]
    shared = Weighing(groups, weights)
    for hit in _HITS:
        alone = boosts_for(hit, groups, (), weights=weights)
        assert boosts_for(hit, groups, (), weights=weights, weighing=shared) == alone


def test_rerank_orders_by_the_boosts_each_candidate_gets_alone() -> None:
    groups = term_groups(parse_query("redis timeout connection"))
    ranking = rerank(_HITS, groups, ())
    for hit in ranking.hits:
        original = next(h for h in _HITS if h.hit.chunk_id == hit.hit.chunk_id)
        boosts = boosts_for(original, groups, (), weights=ranking.weights)
        strength = 1.0 + tuning.BM25_WEIGHT  # every hit holds the best bm25
        assert hit.score == original.score * boosts.total * strength


def test_an_excerpt_skips_lines_without_units_and_keeps_the_ones_with_them() -> None:
    content = "\n".join(["nothing here", "plain line", "redis timeout after 300 s", "more"])
    picks = best_lines(content, "redis timeout", 2).picks
    assert picks[0].text == "redis timeout after 300 s"
