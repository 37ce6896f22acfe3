"""Edit distance (swaps of neighbours count once), distance bounds and the correction cache."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.search.fuzzy import CorrectionCache, best_correction, correctable, max_distance
from domain.search.levenshtein import levenshtein


def test_levenshtein_counts_edits() -> None:
    assert levenshtein("kitten", "sitting") == 3
    assert levenshtein("", "abc") == 3
    assert levenshtein("same", "same") == 0


def _alignment(a: str, b: str) -> int:
    """The optimal string alignment distance, row by row (the reference)."""
    rows = [[i + j if not i or not j else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            rows[i][j] = min(
                rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] != b[j - 1])
            )
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
    return rows[-1][-1]


def test_a_swap_of_neighbouring_letters_is_one_edit() -> None:
    assert levenshtein("timeuot", "timeout") == 1
    assert levenshtein("wokrer", "worker") == 1
    assert levenshtein("ca", "abc") == 3  # no edit of a swapped pair again


@given(st.text("abcd", max_size=9), st.text("abcd", max_size=9))
def test_distance_is_the_optimal_string_alignment(a: str, b: str) -> None:
    assert levenshtein(a, b) == _alignment(a, b)


@given(st.text(max_size=12), st.text(max_size=12), st.integers(0, 4))
def test_bounded_distance_agrees_with_the_exact_one(a: str, b: str, bound: int) -> None:
    exact = levenshtein(a, b)
    assert levenshtein(a, b, bound) == min(exact, bound + 1)
    assert levenshtein(b, a) == exact


def test_allowed_distance_grows_with_word_length() -> None:
    assert [max_distance("x" * n) for n in (5, 8, 9, 12, 13, 30)] == [1, 1, 2, 2, 3, 3]


def test_best_correction_stays_within_the_bound_and_is_deterministic() -> None:
    assert best_correction("authentcation", ["authentication", "authorization"]) == "authentication"
    assert best_correction("cat", ["dog"]) is None
    assert best_correction("abcdef", ["abcdeh", "abcdeg"]) == "abcdeg"
    assert best_correction("known", ["known", "knows"]) is None


def test_a_short_word_is_corrected_only_by_undoing_one_slip() -> None:
    assert best_correction("lokc", ["lock", "look", "lockd"]) == "lock"
    assert best_correction("emal", ["email", "metal"]) == "email"
    assert best_correction("lime", ["line", "lice"]) == "line"  # m is next to n, not to c
    assert best_correction("tsql", ["psql", "tool"]) is None  # t is far from p: no slip
    assert best_correction("find", ["find", "fine"]) is None  # a known word stays
    assert not correctable("mpa")  # three letters: never


def test_only_word_like_non_stopwords_are_corrected() -> None:
    assert correctable("kubernets")
    assert not correctable("the")
    assert not correctable("db")
    assert not correctable("max")  # short words are mostly abbreviations, not typos
    assert correctable("lokc")  # four letters: by a swap only
    assert not correctable("database")  # a synonym-group word is already understood
    assert not correctable("src/app.py")
    assert not correctable("12345")


def test_cache_is_a_bounded_lru_whose_entries_expire() -> None:
    cache = CorrectionCache(size=2, ttl=10.0)
    cache.put("a", "x", now=0.0)
    cache.put("b", None, now=0.0)
    assert cache.get("a", now=1.0) == (True, "x")
    cache.put("c", "z", now=1.0)  # evicts "b", the least recently used
    assert cache.get("b", now=1.0) == (False, None)
    assert cache.get("c", now=5.0) == (True, "z")
    assert cache.get("a", now=11.0) == (False, None)
    assert len(cache) == 1
    cache.clear()
    assert len(cache) == 0


def _reference(a: str, b: str) -> int:
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i]
        for j, cb in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


@given(st.text(max_size=70), st.text(max_size=70))
def test_bit_parallel_distance_matches_the_textbook_algorithm(a: str, b: str) -> None:
    assert levenshtein(a, b) == _reference(a, b)


def test_candidates_must_share_the_start_of_the_word() -> None:
    assert best_correction("kubernets", ["kubernetes"]) == "kubernetes"
    assert best_correction("ukbernetes", ["kubernetes"]) == "kubernetes"  # transposed start
    assert best_correction("xubernetes", ["kubernetes"]) is None  # first letter replaced


def _set_slip_correction(word: str, candidates: list[str]) -> str | None:
    """The slip correction as it read the lowered vocabulary into sets (the reference)."""
    from domain.search.keyboard import is_slip

    lowered = {c.lower() for c in candidates}
    if word in lowered:
        return None
    slips = {c for c in lowered if is_slip(word, c)}
    return min(slips, key=lambda c: (abs(len(c) - len(word)), c)) if slips else None


@given(
    st.text(alphabet="lockimn", min_size=1, max_size=4),
    st.lists(st.text(alphabet="lockimnLO", min_size=1, max_size=5), max_size=30),
)
def test_a_slip_is_corrected_as_from_the_vocabulary_s_set(word: str, candidates: list[str]) -> None:
    from domain.search.fuzzy import slip_only

    if slip_only(word):
        assert best_correction(word, iter(candidates)) == _set_slip_correction(word, candidates)
