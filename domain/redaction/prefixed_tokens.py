"""Credentials known by their prefix (``ghp_``, ``sk-ant-``, ``glrt-``, JWTs, …), redacted
whole wherever they stand: no name needs to come before them.

Each pattern comes with the literal pieces (needles) one of which every match holds, so a text
without them neither compiles nor runs the pattern (a capturing hook redacts every fact it
stores: compiling a dozen patterns cost each ~5 ms). Each needle is looked for behind a cheaper
guard, a piece of it: a text without the guard is spared the needle's scan (~1 ms per MB each).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from domain.lazy_pattern import LazyPattern

_GITLAB_KINDS = ("pat", "rt", "dt", "ptt", "cbt", "soat", "ffct", "imt", "oas", "agent")
_TOKENS: tuple[tuple[tuple[str, ...], LazyPattern], ...] = tuple(
    (needles, LazyPattern(pattern))
    for needles, pattern in (
        (("sk-ant-",), r"sk-ant-[A-Za-z0-9_-]{20,}"),  # Anthropic
        (("github_pat_",), r"github_pat_[A-Za-z0-9_]{22,}"),  # GitHub fine-grained PAT
        # GitHub classic PAT, OAuth, app and refresh tokens. The five prefixes are found with
        # the other needles ending on ``_``, all in one pass (``_Guarded``), which a text
        # holding a ``_`` has made already for ``github_pat_``: the pattern's own scan of
        # every such text, a log's, is spared (ADR 0310).
        (tuple(f"gh{kind}_" for kind in "pousr"), r"gh[pousr]_[A-Za-z0-9]{36,}"),
        (tuple(f"xox{kind}-" for kind in "abprse"), r"xox[abprse]-[A-Za-z0-9-]{10,}"),  # Slack
        (("AKIA", "ASIA"), r"(?:AKIA|ASIA)[0-9A-Z]{16}"),  # AWS access key id
        (("AIza",), r"AIza[A-Za-z0-9_-]{35}"),  # Google API key
        (("ya29.",), r"ya29\.[A-Za-z0-9_-]{50,}"),  # Google OAuth access token
        (("npm_",), r"npm_[A-Za-z0-9]{36}"),  # npm
        # GitLab personal, runner, deploy, trigger, CI job, feed, incoming-mail, OAuth-app and
        # agent tokens: each prefix ends on ``-`` (its mark); ``gl`` is their guard.
        (
            tuple(f"gl{kind}-" for kind in _GITLAB_KINDS),
            rf"gl(?:{'|'.join(_GITLAB_KINDS)})-[A-Za-z0-9_-]{{20,}}",
        ),
        (("glsa_", "glc_"), r"gl(?:sa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|c_[A-Za-z0-9+/]{32,}={0,2})"),
        (("dop_v1_",), r"dop_v1_[A-Za-z0-9]{64}"),  # DigitalOcean
        (("_live_", "_test_"), r"(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}"),  # Stripe
        # JWT, from a token's start (each "eyJ" inside a long run began a new scan: quadratic)
        (
            ("eyJ",),
            r"(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}",
        ),
        (("sk.eyJ",), r"sk\.eyJ[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}"),  # Mapbox secret token
        (("hf_",), r"(?<![A-Za-z0-9])hf_[A-Za-z0-9]{30,}"),  # Hugging Face
        (("pypi-AgEI",), r"pypi-AgEI[A-Za-z0-9_-]{50,}"),  # PyPI upload token
        (("SG.",), r"SG\.[A-Za-z0-9_-]{20,24}\.[A-Za-z0-9_-]{40,46}"),  # SendGrid
        (
            ("shpat_", "shpca_", "shppa_", "shpss_"),
            r"shp(?:at|ca|pa|ss)_[A-Fa-f0-9]{32}",
        ),  # Shopify
        (("dapi",), r"(?<![A-Za-z0-9])dapi[a-f0-9]{32}(?:-[0-9]+)?"),  # Databricks
        (("xapp-",), r"xapp-[0-9]+-[A-Za-z0-9]+-[0-9]+-[A-Za-z0-9]{20,}"),  # Slack app-level
        (("lin_api_",), r"lin_api_[A-Za-z0-9]{40}"),  # Linear
        (("sntrys_", "sntryu_"), r"sntry[su]_[A-Za-z0-9_=+/-]{30,}"),  # Sentry auth tokens
        (("hvs.", "hvb.", "hvr."), r"hv[sbr]\.[A-Za-z0-9_-]{24,}"),  # HashiCorp Vault
        (("AGE-SECRET-KEY-1",), r"AGE-SECRET-KEY-1[0-9A-Z]{58}"),  # age identity
        (("ATATT3",), r"ATATT3[A-Za-z0-9_=-]{100,}"),  # Atlassian API token
        (("fo1_", "fm1a_", "fm1r_", "fm2_"), r"f(?:o1|m1[ar]|m2)_[A-Za-z0-9+/=_-]{40,}"),  # Fly.io
        (("dckr_pat_",), r"dckr_pat_[A-Za-z0-9_-]{27,}"),  # Docker Hub
        (("sbp_", "sb_secret_"), r"sb(?:p_[a-f0-9]{40}|_secret_[A-Za-z0-9_-]{20,})"),  # Supabase
        (("nfp_",), r"nfp_[A-Za-z0-9]{36,}"),  # Netlify
        (("pscale_",), r"pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]{32,}"),  # PlanetScale
        (("gsk_",), r"gsk_[A-Za-z0-9]{48,}"),  # Groq
        (("r8_",), r"r8_(?<![A-Za-z0-9]r8_)[A-Za-z0-9]{37}(?![A-Za-z0-9])"),  # Replicate
        (("pplx-",), r"pplx-[A-Za-z0-9]{40,}"),  # Perplexity
        (("xai-",), r"xai-[A-Za-z0-9]{60,}"),  # xAI
        ((":AA",), r"(?<![0-9])[0-9]{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])"),  # Telegram bot
        (
            ("Q~",),
            r"(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.-]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}",
        ),  # Entra ID
        # OpenAI (and others') keys, and those named for their kind after the prefix: OpenAI
        # project, service-account and admin keys, OpenRouter's.
        (
            ("sk-", "pk-", "rk-", "ak-"),
            r"(?<![A-Za-z0-9])(?:sk|pk|rk|ak)-"
            r"(?:[A-Za-z0-9]{20,}|(?<=sk-)(?:proj|svcacct|admin|or-v1)-[A-Za-z0-9_-]{20,})",
        ),
    )
)


# The openings that needles of one pattern share (``glpat-``, ``glrt-``, …; ``xoxb-``, …;
# ``hvs.``, …): one scan for all of them, and, in a long text (``_holds_a_needle``), what runs
# the pattern, as its needles were these before they were spelled out for their marks.
_SHARED_OPENINGS = ("gl", "xox", "hv")


def _guard(needle: str) -> str:
    """A piece of ``needle`` that a text is cheaper to test for, so a text without it skips
    the needle: its capital letter (a one-character test runs at memory speed, and most output
    holds few capitals), ``k-`` that the ``sk-`` needles share (one scan instead of five),
    ``_`` (one character; a log rarely holds one), or the opening it shares with others."""
    capital = next((c for c in needle if c.isupper()), "")
    if capital or "k-" in needle or "_" in needle:
        return capital or ("k-" if "k-" in needle else "_")
    return next((opening for opening in _SHARED_OPENINGS if needle.startswith(opening)), needle)


# Each needle with its guard; a guard is part of its needle, so a text without the guard
# cannot hold the needle, nor a match of its pattern.
_GUARDED: tuple[tuple[tuple[tuple[str, str], ...], LazyPattern], ...] = tuple(
    (tuple((_guard(needle), needle) for needle in needles), pattern) for needles, pattern in _TOKENS
)


# The punctuation a needle guarded by a longer piece holds (``-`` of ``sk-``, ``xapp-``, ``pplx-``,
# ``xai-``; ``.`` of ``ya29.``), each the needle's last character, asked for instead of the
# guard: one character (a text without it is spared the needle's scan); where it is rare the
# needles are looked for at its places, where dense in the text read backwards (``_Guarded``).
# A long text (a big log, over ``_REVERSED_CHARS``) keeps the guards: its finder's look-behinds
# at each of a log's ~700 k dashes cost more than the guards' scans.
_MARK_CHARS = "-."
_MARKS: dict[str, str] = {
    needle: mark
    for guarded, _ in _GUARDED
    for guard, needle in guarded
    if len(guard) > 1
    for mark in _MARK_CHARS
    if mark in needle
}


def few_offsets(text: str, needle: str) -> list[int] | None:
    """The offsets of ``needle`` in ``text``, or None when there are more than one per KiB:
    then one regex pass costs less than looking at each of them."""
    most = len(text) / 1024  # given up past it, as soon as it is passed
    found: list[int] = []
    at = text.find(needle)
    while at >= 0:
        if len(found) >= most:
            return None
        found.append(at)
        at = text.find(needle, at + 1)
    return found


# For each one-character guard and each mark, its needles with where it first stands in each.
_AT_GUARD: dict[str, tuple[tuple[str, int], ...]] = {
    char: tuple(
        sorted(
            {
                (needle, needle.index(char))
                for guarded, _ in _GUARDED
                for guard, needle in guarded
                if (guard == char and guard is not needle) or _MARKS.get(needle) == char
            }
        )
    )
    for char in sorted(
        {g for guarded, _ in _GUARDED for g, n in guarded if len(g) == 1 and g != n}
        | set(_MARKS.values())
    )
}


def _finder(char: str) -> LazyPattern:
    """``char`` where one of its needles stands around it: the regex engine skips from one
    ``char`` to the next, and the needles are looked at around it in one go. When ``char``
    opens none of them, the character before it is asked first, among those the needles hold
    there: a log's dashes, mostly in dates and numbers (``2025-06``), fail that one look
    instead of each needle's (ADR 0310)."""
    needles = _AT_GUARD[char]
    shapes = sorted(
        (f"(?<={re.escape(needle[: at + 1])})" if at else "")
        + (f"(?={re.escape(needle[at + 1 :])})" if at + 1 < len(needle) else "")
        for needle, at in needles
    )
    before = ""
    if all(at for _, at in needles):
        befores = "".join(sorted({needle[at - 1] for needle, at in needles}))
        before = f"(?<=[{re.escape(befores)}]{re.escape(char)})"
    return LazyPattern(f"{re.escape(char)}{before}(?:{'|'.join(shapes)})")


_FINDERS = {char: _finder(char) for char in _AT_GUARD}


def _tail_finder(char: str) -> LazyPattern | None:
    """For a character that ends every one of its needles (``_``: ``npm_``, ``sk_live_``, …),
    the same places found in the text reversed: ``char`` followed by what comes before it in a
    needle, read backwards. Look-aheads of literals fail on their first character; the
    finder's look-behinds, tried at each place of a dense ``_`` (a log of ``request_auth42``
    identifiers), cost about four times as much as reversing the text and this pass."""
    needles = _AT_GUARD[char]
    if not all(needle.endswith(char) for needle, _ in needles):
        return None
    return LazyPattern(
        f"{re.escape(char)}(?={_by_first_letter(needle[-2::-1] for needle, _ in needles)})"
    )


def _by_first_letter(heads: Iterable[str]) -> str:
    """An alternation of ``heads`` with each first character asked once, then the rests of the
    heads it opens: at a log's ``_`` (tens of thousands in a log of identifiers) the engine
    tries one branch per first character instead of one per head, as many as it has needles
    ending on ``_`` (ADR 0310)."""
    rests: dict[str, list[str]] = {}
    for head in sorted(set(heads)):
        rests.setdefault(head[:1], []).append(re.escape(head[1:]))
    return "|".join(
        f"{re.escape(first)}(?:{'|'.join(after)})" if after != [""] else re.escape(first)
        for first, after in rests.items()
    )


_TAIL_FINDERS = {char: tail for char in _AT_GUARD if (tail := _tail_finder(char)) is not None}
# Texts up to this many characters are reversed whole for the tail finder (a copy the size of
# the text); longer ones, a big log's, keep the finder's pass.
_REVERSED_CHARS = 1024 * 1024


class _Guarded:
    """Which needles guarded by one character a text holds, all found together: looked at
    where the character stands when it is rare (a log's ``_`` or ``A``), else by one pass of
    its finder (a scan per needle read an underscore-heavy text ~25 times)."""

    __slots__ = ("_char", "_held", "_text")

    def __init__(self, text: str, char: str) -> None:
        self._text = text
        self._char = char
        self._held: frozenset[str] | None = None

    def hold(self, needle: str) -> bool:
        """``needle in text``, for a needle guarded or marked by the character."""
        if self._held is None:
            self._held = self._find()
        return needle in self._held

    def _find(self) -> frozenset[str]:
        text, char = self._text, self._char
        few = few_offsets(text, char)
        finder = _FINDERS[char]
        if few is None and char in _TAIL_FINDERS and len(text) <= _REVERSED_CHARS:
            return _needles_ending(text, _TAIL_FINDERS[char], _AT_GUARD[char])
        if few is None:
            ats: Iterable[int] = (m.start() for m in finder.finditer(text))
        else:
            # The finder asked at each place (one C call for all the needles, its look-behinds
            # see the text before it): a log's ~10 k ``A`` mostly hold none, and each costed
            # a ``startswith`` per needle.
            match = finder.match
            ats = [at for at in few if match(text, at)]
        needles = _AT_GUARD[char]
        return frozenset(
            needle
            for at in ats
            for needle, offset in needles
            if at >= offset and text.startswith(needle, at - offset)
        )


def _needles_ending(
    text: str, tail: LazyPattern, needles: tuple[tuple[str, int], ...]
) -> frozenset[str]:
    """The ``needles`` that ``text`` holds, each ending on the character ``tail`` opens on:
    found where ``tail`` matches the reversed text (a needle in the text is its reverse there,
    from the place of its last character on)."""
    backwards = text[::-1]
    length = len(text)
    return frozenset(
        needle
        for match in tail.finditer(backwards)
        for needle, _ in needles
        if text.endswith(needle, 0, length - match.start())
    )


def _holds_a_needle(
    text: str,
    guarded: tuple[tuple[str, str], ...],
    seen: dict[str, bool],
    found: dict[str, _Guarded] | None = None,
) -> bool:
    """Whether ``text`` holds one of the needles; each guard is looked for once per text, and a
    needle guarded by one character among those ``found`` for it, when given (a needle with a
    mark, first among those found for its mark)."""
    for guard, needle in guarded:
        mark = _MARKS.get(needle)
        if mark is not None and found is not None and len(text) <= _REVERSED_CHARS:
            marked = seen.get(mark)
            if marked is None:
                marked = seen[mark] = mark in text
            if not marked:
                continue
            places = found.get(mark)
            if places is None:
                places = found[mark] = _Guarded(text, mark)
            if places.hold(needle):
                return True
            continue
        present = seen.get(guard)
        if present is None:
            present = seen[guard] = guard in text
        if not present:
            continue
        if guard is needle or guard in _SHARED_OPENINGS:
            return True  # a shared opening runs the pattern (a long text: no mark looked at)
        if found is None or len(guard) != 1:
            if needle in text:
                return True
            continue
        at = found.get(guard)
        if at is None:
            at = found[guard] = _Guarded(text, guard)
        if at.hold(needle):
            return True
    return False


def redact_prefixed_tokens(text: str, marker: str) -> str:
    """``text`` with every prefixed token replaced by ``marker``."""
    seen: dict[str, bool] = {}  # guards found in the text (a match only adds the marker's)
    found: dict[str, _Guarded] = {}  # needles held, by their one-character guard
    for guarded, pattern in _GUARDED:
        if _holds_a_needle(text, guarded, seen, found):
            redacted = pattern.sub(marker, text)
            if redacted is not text:  # ``sub`` returns the text itself when nothing matched
                text = redacted
                seen.clear()
                found.clear()
    return text
