"""Words that phrase a question rather than name what it is about.

"What goes wrong with the payments upstream", "coupon total is wrong by how much", "which nginx
version is running": the output never says ``wrong``, ``goes``, ``version`` or ``running``, and
it need not — they ask, the other words name. A query whose naming words are absent from
everything indexed cannot be answered from it; one whose asking words are absent can (see
``answerability``). Not stopwords: they still rank a section that happens to contain them.
"""

from __future__ import annotations

from itertools import pairwise

from domain.search.answer_kinds import CUE_WORDS
from domain.search.generic_words import GENERIC_WORDS
from domain.search.keyboard import is_slip

_ASKING = """
according across actually affect affected allowed already amount approach attempt attempted attempts
average came can't cannot cause caused change changed changes choose chosen come comes
configured copied could couldn't count counts currently day days definition detail details
didn't doesn't don't ever exactly find first found get give go goes going good handled happen
happened happening happens hasn't haven't hour hours improve improved improvement info
information involved isn't issue issues kind last latest list look looked looking made make
many max maximum mean means might min minimum minute minutes much need needed needs never next
now number overall parameters part pick picked previous problem problems reason recent recently
related result results return returned returning returns run running second seconds see seen
shouldn't show shown sort statistics stats take taking tell thing things today took total
touched treated trick type usage use used value values version versions want wasn't why won't
wrong yesterday
"""

QUESTION_WORDS: frozenset[str] = frozenset(_ASKING.split()) | CUE_WORDS


def is_question_word(word: str) -> bool:
    """True when ``word`` (lower case) asks rather than names."""
    return word in QUESTION_WORDS


# Verbs by which a question says what a tool printed: after ``did``/``does``/``do`` a verb takes
# its bare form and ends the question ("how many errors did valgrind report", "what does mypy
# say"), words that only ask or say how it went aside ("… report error"); the same word
# elsewhere names a thing ("writing the report").
SAYING_WORDS: frozenset[str] = frozenset(
    ["report", "print", "say", "show", "output", "log", "emit", "warn", "complain"]
)
_DO = frozenset(["did", "does", "do", "didn't", "doesn't", "don't"])


def asks_as_verb(raw: str, unit: str) -> bool:
    """True when ``unit`` is a saying verb that ends ``raw`` after a form of ``do``, the
    question's asking and generic words after it aside. A typist's slip of one counts as the
    verb (``reprot``): no output need hold the verb, so the vocabulary cannot correct it."""
    words = raw.lower().rstrip(" ?.!").split()
    while (
        words and words[-1] != unit and (words[-1] in QUESTION_WORDS or words[-1] in GENERIC_WORDS)
    ):
        words.pop()
    if len(words) <= 2 or words[-1] != unit or _DO.isdisjoint(words[:-2]):
        return False
    return unit in SAYING_WORDS or any(is_slip(unit, verb) for verb in SAYING_WORDS)


# Verbs of a state's start or end: before ``being`` they only frame the question ("when does
# the certificate stop being valid", "since when has the mirror started being slow"); the
# output writes the state itself (``Valid: from … to …``), never the verb. Elsewhere the same
# word names an event ("why did nginx stop").
ASPECT_WORDS: frozenset[str] = frozenset(
    [
        "stop",
        "stops",
        "stopped",
        "start",
        "starts",
        "started",
        "begin",
        "began",
        "cease",
        "ceases",
        "ceased",
        "keep",
        "keeps",
        "kept",
        "continue",
        "continues",
        "continued",
    ]
)


def frames_a_state(raw: str, unit: str) -> bool:
    """True when ``unit`` is a verb of a state's start or end directly before ``being``."""
    if unit not in ASPECT_WORDS:
        return False
    words = raw.lower().rstrip(" ?.!").split()
    return any(a == unit and b == "being" for a, b in pairwise(words))


# Verbs by which a question says an output lists something, in the passive after a form of
# ``be`` ("which user is listed twice", "which hosts are shown as down"): the output lists the
# thing (``duplicate password entry``) without the verb, so a section need not hold it to be the
# answer. Elsewhere the same word may be what a line says ("12 packages listed").
LISTING_WORDS: frozenset[str] = frozenset(
    ["listed", "shown", "mentioned", "printed", "displayed", "reported", "named"]
)
_BE = frozenset(["is", "are", "was", "were", "be", "been", "being", "isn't", "aren't"])


def frames_a_listing(raw: str, unit: str) -> bool:
    """True when ``unit`` is a listing verb directly after a form of ``be``; a typist's slip of
    one counts as the verb (``listted``): no output need hold it, so nothing corrects it."""
    if unit not in LISTING_WORDS and not any(is_slip(unit, verb) for verb in LISTING_WORDS):
        return False
    words = raw.lower().rstrip(" ?.!").split()
    return any(a in _BE and b == unit for a, b in pairwise(words))
