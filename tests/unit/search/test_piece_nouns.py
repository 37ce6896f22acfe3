"""A noun for the pieces an output lists ("files", "lines", "entries") that the store holds
nowhere does not silence a question whose other words the best section holds on one line: the
output shows the pieces without naming their kind (ADR 0229)."""

from __future__ import annotations

from domain.search.answerability import is_piece_noun, spared_pieces
from tests.unit.search.memory_search import search_over
from tests.unit.search.test_held_words_apart import _outputs


def _always(_: list[bool]) -> bool:
    return True


def _never(_: list[bool]) -> bool:
    return False


def test_piece_nouns_are_the_kinds_of_piece_an_output_lists() -> None:
    assert all(is_piece_noun(w) for w in ("file", "files", "lines", "entries", "items", "rows"))
    assert not any(is_piece_noun(w) for w in ("profile", "filesystem", "checksum", "staging"))


def test_an_unknown_piece_noun_counts_as_known_when_the_rest_meets_on_one_line() -> None:
    assert spared_pieces(("files", "staging"), (0.0, 1.0), _always) == [1.0, 1.0]


def test_an_unknown_piece_noun_stays_unknown_when_the_rest_is_held_apart() -> None:
    assert spared_pieces(("files", "staging"), (0.0, 1.0), _never) == [0.0, 1.0]


def test_a_piece_noun_alone_or_beside_only_asking_words_stays_unknown() -> None:
    assert spared_pieces(("files",), (0.0,), _always) == [0.0]
    assert spared_pieces(("files", "error", "version"), (0.0, 1.0, 1.0), _always) == [0.0, 1.0, 1.0]


def test_an_unknown_word_that_names_no_piece_stays_unknown() -> None:
    assert spared_pieces(("checksums", "staging"), (0.0, 1.0), _always) == [0.0, 1.0]


def test_files_only_in_one_tree_of_a_diff_are_found() -> None:
    # ``files`` is written by no output of the store: ``diff -ru`` says ``Only in staging:
    # redis.conf``. Its absence carried 0.73 of the question's information and silenced it.
    search = search_over(*_outputs("infra"))
    for question in (
        "files only in staging",
        "files only in staging error",
        "filse only in staging",
    ):
        found = search.search(question, limit=10)
        assert found.results, f"an answerable question went silent: {question!r}"
        assert any("Only in staging: redis.conf" in r.content for r in found.results), question


def test_a_word_naming_something_the_diff_does_not_show_still_silences() -> None:
    # Words no output of the store holds in any form (``symlink`` was one, until getcap's
    # output of a symlinked binary joined the store). The store is the infra outputs this was
    # written for: with ADR 0407's flawfinder, cryptsetup and ethtool outputs beside them,
    # ``staging`` and ``only`` grow rarer, the unknown word carries less than the silencing
    # share, and both questions are answered by the diff's ``Only in staging`` lines (a
    # store's growth moving an unanswerable question, as ADR 0407 lists for the corpus).
    grown = {"real-flawfinder", "real-luks-dump", "real-ethtool"}
    search = search_over(*(o for o in _outputs("infra") if o[0] not in grown))
    for question in ("thumbnails only in staging", "hardlinks only in staging"):
        assert not search.search(question, limit=10).results, question
