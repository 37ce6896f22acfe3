"""A listing verb after a form of ``be`` frames the question ("which user is listed twice"):
the output lists the thing without the verb, so a best section tied with the next need not
hold it (ADR 0418); the same word elsewhere is what a line may say."""

from __future__ import annotations

from domain.search.question_words import frames_a_listing


def test_a_listing_verb_after_be_frames() -> None:
    assert frames_a_listing("which user is listed twice in passwd", "listed")
    assert frames_a_listing("which hosts are shown as down?", "shown")
    assert frames_a_listing("what was reported by the linter", "reported")
    assert frames_a_listing("which user is listted twice in passwd", "listted")  # a slip


def test_the_same_word_elsewhere_does_not_frame() -> None:
    assert not frames_a_listing("how many packages listed", "listed")
    assert not frames_a_listing("listed twice in passwd", "listed")
    assert not frames_a_listing("which user is duplicated", "duplicated")  # not a listing verb
    assert not frames_a_listing("which user is listed twice", "user")
