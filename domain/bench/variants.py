"""The halves of a quality corpus, and the misspelt and padded variants of its questions.

Tuning on the questions a benchmark asks makes a search that answers those questions, not the
next ones. So every case belongs to one of two halves by a fixed rule — the first byte of the
SHA-256 of its case id, even for the *tuning* half, odd for the *check* half — that no one
chooses and no edit of a question moves. Constants are chosen on the tuning half; the check
half says whether the choice holds up on questions it was not made on (ADR 0055).

Agents misspell and pad their questions. From every answerable question the generator derives,
deterministically (every choice is a hash of the case id, never a random seed):

- **typo** variants, one per kind of slip a fast typist makes — two neighbouring letters
  swapped, a letter dropped, a letter doubled, a letter replaced by its neighbour on a QWERTY
  keyboard — each in one word of four letters or more that is no stopword (a different word
  per kind when the question has several); a question without such a word has none;
- one **generic** variant: the question with one word of no information added
  (``error``, ``problem``, ``issue`` or ``what failed``).

A variant has the same needles as its question: the answer did not move.
"""

from __future__ import annotations

import hashlib
from enum import StrEnum

import attrs

from domain.search.keyboard import NEIGHBOURS
from domain.search.stopwords import STOPWORDS


class Half(StrEnum):
    TUNING = "tuning"
    CHECK = "check"


class VariantKind(StrEnum):
    TYPO = "typo"
    GENERIC = "generic"


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8")).digest()


def half_of(case_id: str) -> Half:
    """The half a case belongs to, from its id alone."""
    return Half.TUNING if _digest(case_id)[0] % 2 == 0 else Half.CHECK


@attrs.frozen
class Variant:
    case_id: str  # the question's case id
    kind: VariantKind
    slip: str  # swap, drop, double, neighbour, or the added generic words
    query: str


# Words with no information about what went wrong or where, as agents add them.
GENERIC_WORDS = ("error", "problem", "issue", "what failed")
SLIPS = ("swap", "drop", "double", "neighbour")
_MIN_WORD = 4


def _slipped(word: str, slip: str, pick: int) -> str | None:
    """``word`` with one slip, inside it (never its first letter: typists rarely miss that)."""
    inner = range(1, len(word) - 1)
    if slip == "swap":
        spots = [i for i in inner if word[i] != word[i + 1]]
        if not spots:
            return None
        i = spots[pick % len(spots)]
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    if slip == "drop":
        i = 1 + pick % (len(word) - 1)
        return word[:i] + word[i + 1 :]
    if slip == "double":
        i = 1 + pick % (len(word) - 1)
        return word[: i + 1] + word[i] + word[i + 1 :]
    spots = [i for i in inner if word[i] in NEIGHBOURS]
    if not spots:
        return None
    i = spots[pick % len(spots)]
    near = NEIGHBOURS[word[i]]
    return word[:i] + near[pick % len(near)] + word[i + 1 :]


def _typo_words(query: str) -> list[int]:
    """The indexes of the query's words a typo may go into: letters only, four or more, no
    stopword (a slip there changes nothing a search reads)."""
    return [
        index
        for index, word in enumerate(query.split())
        if len(word) >= _MIN_WORD
        and word.isalpha()
        and word.isascii()
        and word.lower() not in STOPWORDS
    ]


def variants_of(case_id: str, query: str) -> list[Variant]:
    """The typo variants (up to one per slip) and the generic variant of one question."""
    words = query.split()
    spots = _typo_words(query)
    found: list[Variant] = []
    seed = _digest(case_id)
    for number, slip in enumerate(SLIPS):
        if not spots:
            break
        index = spots[(seed[1] + number) % len(spots)]
        typo = _slipped(words[index], slip, seed[2 + number])
        if typo is None or typo.lower() == words[index].lower():
            continue
        changed = [*words[:index], typo, *words[index + 1 :]]
        found.append(Variant(case_id, VariantKind.TYPO, slip, " ".join(changed)))
    generic = GENERIC_WORDS[seed[6] % len(GENERIC_WORDS)]
    found.append(Variant(case_id, VariantKind.GENERIC, generic, f"{query} {generic}"))
    return found
