"""Vocabulary words for fuzzy correction."""

from __future__ import annotations

from domain.vocabulary import document_vocabulary


def test_lowercased_three_plus_characters_without_stopwords() -> None:
    words = document_vocabulary("The Kubernetes pod-name is my_service; at 42 ok -dash- x")
    assert words == {"kubernetes", "pod-name", "my_service", "dash"}


def test_unicode_letters_and_overlong_tokens() -> None:
    words = document_vocabulary("Größe café " + "a" * 65)
    assert words == {"größe", "café"}
