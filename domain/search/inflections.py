"""Irregular verb forms: ``hide`` asks for what the text calls ``hidden``, ``find`` for ``Found``.

Porter stems regular forms alike (``failing``, ``failed``) but not these, and agents ask in the
present tense about output written in the past ("how many problems did ruff find" — ``Found 187
errors``). Verbs only in the senses developers meet in tool output and docs; forms that are
common words in another sense (``left``, ``led``, ``saw``, ``bound``) and stopwords (``made``,
``got``, ``took``) are left out. Search treats each group like a synonym group.

Also the comparative a superlative is answered by (``fastest`` → ``faster``: ``compared_forms``).
"""

from __future__ import annotations

from domain.search.noun_verbs import verb_forms

IRREGULAR_FORMS: tuple[tuple[str, ...], ...] = (
    ("hide", "hid", "hidden"),
    ("find", "found"),
    ("write", "wrote", "written"),
    ("rewrite", "rewrote", "rewritten"),
    ("overwrite", "overwrote", "overwritten"),
    ("build", "built"),
    ("rebuild", "rebuilt"),
    ("break", "broke", "broken"),
    ("throw", "threw", "thrown"),
    ("run", "ran"),
    ("begin", "began", "begun"),
    ("choose", "chose", "chosen"),
    ("fall", "fell", "fallen"),
    ("forbid", "forbade", "forbidden"),
    ("freeze", "froze", "frozen"),
    ("give", "gave", "given"),
    ("hold", "held"),
    ("keep", "kept"),
    ("lose", "lost"),
    ("send", "sent"),
    ("show", "shown"),
    ("spend", "spent"),
    ("stick", "stuck"),
    ("tear", "tore", "torn"),
    ("bring", "brought"),
    ("buy", "bought"),
    ("catch", "caught"),
    ("draw", "drew", "drawn"),
    ("drive", "drove", "driven"),
    ("fly", "flew", "flown"),
    ("forget", "forgot", "forgotten"),
    ("grow", "grew", "grown"),
    ("hang", "hung"),
    ("know", "knew", "known"),
    ("mean", "meant"),
    ("pay", "paid"),
    ("seek", "sought"),
    ("sell", "sold"),
    ("shrink", "shrank", "shrunk"),
    ("speak", "spoke", "spoken"),
    ("steal", "stole", "stolen"),
    ("strike", "struck"),
    ("teach", "taught"),
    ("tell", "told"),
    ("think", "thought"),
    ("understand", "understood"),
    ("undo", "undid", "undone"),
    ("withdraw", "withdrew", "withdrawn"),
)


def regular_forms(word: str) -> frozenset[str]:
    """The other regular inflections of an English ``word`` that porter would index alike:
    ``queries`` → query, ``spilled`` → spill/spille/spil, ``copied`` → copy, ``warnings`` →
    warning; a word with no inflectional ending gains them (``constraint`` → constraints,
    constrainted, …). Guesses, some not words: they are only looked up, never searched for.
    Words shorter than four letters, or with other characters, have none."""
    if len(word) < 4 or not word.isalpha():
        return frozenset()
    forms: set[str] = set()
    if word.endswith("ies"):
        forms.add(word[:-3] + "y")
    elif word.endswith("es"):
        forms.update((word[:-2], word[:-1]))
    elif word.endswith("s") and not word.endswith("ss"):
        forms.add(word[:-1])
    if word.endswith("ied"):
        forms.add(word[:-3] + "y")
    elif word.endswith("ed"):
        forms.update((word[:-2], word[:-1], _undoubled(word[:-2])))
    if word.endswith("ing"):
        forms.update((word[:-3], word[:-3] + "e", _undoubled(word[:-3])))
    if not forms:
        forms.update(word + ending for ending in _ENDINGS)
    return frozenset(form for form in forms if len(form) >= _SHORTEST_FORM) - {word}


_ENDINGS = ("s", "es", "d", "ed", "ing")
_AGENT_ENDINGS = ("er", "ers")


def agent_stems(typed: str, word: str) -> tuple[str, ...]:
    """The words ``typed`` may name the doer of (``checker``, ``user``: ``check``, ``use``) when
    ``word`` is the same stem with another ending (``checked``, ``used``); empty otherwise.
    One slip turns ``-er`` into ``-ed`` (``r`` and ``d`` are neighbouring keys), yet a word
    that does so is as often the noun the question means."""
    for ending in _AGENT_ENDINGS:
        stem = typed.removesuffix(ending)
        if stem == typed or not stem.isalpha() or not word.startswith(stem):
            continue
        if word[len(stem) :] in (*_ENDINGS, *_AGENT_ENDINGS, ""):
            return tuple(s for s in (stem, stem + "e") if len(s) >= _SHORTEST_FORM)
    return ()


_SHORTEST_FORM = 3


def _undoubled(stem: str) -> str:
    """``spill`` → ``spil``, ``runn`` → ``run``: a consonant doubled before an ending."""
    return stem[:-1] if len(stem) > _SHORTEST_FORM and stem[-1] == stem[-2] else stem


def able_forms(word: str) -> tuple[str, ...]:
    """What a tool writes for "can be ``word``", a participle of a verb in ``y``: ``applied``
    → ``applyable``, ``retried`` → ``retryable``, ``verified`` → ``verifiable`` ("can this
    plan be applied" — Terraform's ``"applyable": true``). Porter stems the two apart
    (``appli``, ``applyabl``); the other participles keep their verb whole (``deploy`` of
    ``deployed`` is found inside ``deployable``), and guessing their forms (``installed`` →
    ``installable``) drew pip's other lines to version questions. Searched as alternatives
    of the participle."""
    if len(word) < _SHORTEST_PARTICIPLE or not word.isalpha() or not word.endswith("ied"):
        return ()
    return (word[:-3] + "yable", word[:-3] + "iable")


_SHORTEST_PARTICIPLE = 6  # ``tied``, ``died``: no verb of a tool's


def compared_forms(word: str) -> tuple[str, ...]:
    """The comparative a superlative is answered by: ``fastest`` → ``faster``, ``biggest`` →
    ``bigger``. A comparison's summary names its winner by comparing (hyperfine's "'zstd-3' ran
    7.77 times faster than 'gzip-6'", "2.1x slower than", "is older than"), never by the
    superlative the question asks with; porter stems the two apart (``fastest``, ``faster``).
    Only the adjectives of speed, size and age a comparison of runs, files or versions uses:
    a rule for every word in ``-est`` guessed ``unitter`` for ``unittest`` and ``requer`` for
    ``request``, whose stems (``unit``, ``requ``) then met other words. ``latest`` means the
    newest, not the most late: its ``later`` ("try again later") is left out."""
    comparative = _COMPARATIVES.get(word)
    return (comparative,) if comparative else ()


def searched_forms(word: str) -> tuple[str, ...]:
    """The forms searched as alternatives of ``word`` besides its synonyms: a participle's
    ``-able`` form (``able_forms``), a superlative's comparative (``compared_forms``) and a
    ``-ment`` noun's verb (``noun_verbs``)."""
    return (*able_forms(word), *compared_forms(word), *verb_forms(word))


_COMPARATIVES: dict[str, str] = {
    "fastest": "faster",
    "slowest": "slower",
    "quickest": "quicker",
    "cheapest": "cheaper",
    "biggest": "bigger",
    "largest": "larger",
    "smallest": "smaller",
    "heaviest": "heavier",
    "longest": "longer",
    "shortest": "shorter",
    "highest": "higher",
    "lowest": "lower",
    "oldest": "older",
    "newest": "newer",
    "earliest": "earlier",
}
