"""Irregular verb forms: ``hide`` asks for what the text calls ``hidden``, ``find`` for ``Found``.

Porter stems regular forms alike (``failing``, ``failed``) but not these, and agents ask in the
present tense about output written in the past ("how many problems did ruff find" — ``Found 187
errors``). Verbs only in the senses developers meet in tool output and docs; forms that are
common words in another sense (``left``, ``led``, ``saw``, ``bound``) and stopwords (``made``,
``got``, ``took``) are left out. Search treats each group like a synonym group.
"""

from __future__ import annotations

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
