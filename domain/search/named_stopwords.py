"""A function word named as a thing: "the am", "the with statement", "the not in subquery".

The query drops stopwords (``stopwords``): in a question they are its grammar. Right after an
article, though, a word that English never puts there as itself — a verb's form, a
preposition, a conjunction — is a mention: the name of a command (``git am``), a keyword
(``with``, ``is``) or a clause (``not in``). "how do I continue or abort the am" asks about
``git am``; with "am" dropped, its question is any command's ``--continue`` and ``--abort``.
A word stopped as changelog chatter is a noun there too ("the dev server", "the fix").

The words that do follow an article in plain English (``the most``, ``a few``, ``the same``,
``the new``, ``the one``, ``the way``, ``the above``) stay stopwords.
"""

from __future__ import annotations

from itertools import pairwise

from domain.search.stopwords import STOPWORDS

ARTICLES = frozenset(("the", "a", "an"))
# Stopwords an article leads in plain English: quantifiers, adjectives and nouns ("the most
# heap", "a few tests", "the same error", "the above error", "the way it runs").
AFTER_ARTICLE = frozenset(
    (
        *("most", "more", "few", "many", "much", "such", "same", "other", "own", "only"),
        *("new", "old", "one", "very", "way", "year", "above", "below", "further", "said"),
    )
)


def named_stopwords(words: list[str]) -> frozenset[str]:
    """The stopwords among ``words`` (lower case, in order, as typed) that an article leads and
    plain English never puts there (``the am`` → ``am``; ``the most`` → nothing)."""
    named = {
        word
        for before, word in pairwise(words)
        if before in ARTICLES
        and word in STOPWORDS
        and word not in AFTER_ARTICLE
        and word not in ARTICLES
    }
    return frozenset(named)
