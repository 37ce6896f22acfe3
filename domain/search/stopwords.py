"""Words too common to help a search: dropped from queries and from the fuzzy vocabulary.

Shared with indexing (vocabulary extraction), so both sides agree on what is noise. The list is
common English function words and changelog chatter — nothing a user would search for on its
own. capy's own layer names are not in it: gettext's ``fuzzy`` entries, a Porter stemmer and a
trigram index are things users ask about (ADR 0386). Unlike the Go capy's list it keeps
``test``, ``run``, ``code``, ``name``, ``path``, ``key`` and ``id``: "failing test", "api key"
and "config path" are real queries. No synonym may be a stopword (a unit test checks it).
"""

from __future__ import annotations


def _words(text: str) -> list[str]:
    return text.split()


ENGLISH: frozenset[str] = frozenset(
    _words(
        """
    a an the and or nor but if then else so as at by in of on to up is am are was were be been
    being do does did done doing has have had having can could would should will shall may might
    must i me my we our us you your he him his she her it its they them their this that these
    those there here where when what which who whom whose why how all any both each few more
    most other some such only own same than too very just also into over under about after
    before between through during for from with without within not no yes out off again further
    once while because until above below down get got let say said make like take many much
    one new old now way year still
    """
    )
)
# Not ``good``: ``git bisect good <rev>`` marks a commit, and "marked good" asks for it; as a
# question word (``question_words``) its absence never silences "a good way to …" (ADR 0176).

# Not ``fixed``: it is an adjective as often as a changelog's verb, and a question names things
# by it ("the fixed coupon test", "a fixed width"), as ``fixes``/``fixing`` always counted
# (ADR 0116). ``fix`` stays: a question's "… fix" matched every ``fix(…)`` line there is.
CHATTER: frozenset[str] = frozenset(
    _words(
        """
    update updates updated deps dev add added fix using
    """
    )
)

STOPWORDS: frozenset[str] = ENGLISH | CHATTER


def is_stopword(word: str) -> bool:
    """True when ``word`` (any case) carries no search meaning on its own."""
    return word.lower() in STOPWORDS
