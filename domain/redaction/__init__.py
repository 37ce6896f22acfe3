"""Secret redaction, applied to every text before it is hashed and stored.

``<private>…</private>`` blocks (and an unclosed ``<private>`` to the end of the text) become
``[REDACTED]``; recognisable credentials become ``[REDACTED_SECRET]``: tokens by their prefix
(``ghp_``, ``sk-ant-``, JWTs, …), PEM private keys, ``user:password@`` in URLs and a key given
as a URL's user (a Sentry DSN), the secret part of Slack and Discord webhook URLs,
``Authorization`` credentials, values given to a secret's name from 8 characters on
(``assignments``), passwords that commands take (``command_secrets``) and values written in
prose or bare after a credential word (``prose_secrets``). Where a secret has
a name, the name stays so the text still reads. Redaction is idempotent: the markers match
none of the patterns.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from domain.lazy_pattern import LazyPattern, NeedlePositions
from domain.long_text import lower
from domain.redaction.assignments import Span, secret_spans
from domain.redaction.command_secrets import command_secret_spans
from domain.redaction.prose_secrets import prose_secret_spans
from domain.redaction.secret_values import is_template

PRIVATE_MARKER = "[REDACTED]"
SECRET_MARKER = "[REDACTED_SECRET]"  # noqa: S105 - the marker, not a secret

_PRIVATE = LazyPattern(r"(?is)<private>.*?(?:</private>|\Z)")
_PEM = LazyPattern(
    r"-----BEGIN[A-Z ]*PRIVATE KEY(?: BLOCK)?-----.*?"
    r"(?:-----END[A-Z ]*PRIVATE KEY(?: BLOCK)?-----|\Z)",
    re.DOTALL,
)

# Whole-token credentials, recognisable by their prefix; each with the literal pieces one of
# which every match holds, so a text without them neither compiles nor runs the pattern (a
# capturing hook redacts every fact it stores: compiling a dozen patterns cost each ~5 ms).
_TOKENS: tuple[tuple[tuple[str, ...], LazyPattern], ...] = tuple(
    (needles, LazyPattern(pattern))
    for needles, pattern in (
        (("sk-ant-",), r"sk-ant-[A-Za-z0-9_-]{20,}"),  # Anthropic
        (("github_pat_",), r"github_pat_[A-Za-z0-9_]{22,}"),  # GitHub fine-grained PAT
        # GitHub classic PAT, OAuth, app and refresh tokens. Looked for by the pattern itself
        # once the text holds a ``_``: it opens on the literal ``gh``, which the regex engine
        # skips ahead to in one scan, where the five prefixes were five scans of the text.
        (("_",), r"gh[pousr]_[A-Za-z0-9]{36,}"),
        (("xox",), r"xox[abprse]-[A-Za-z0-9-]{10,}"),  # Slack
        (("AKIA", "ASIA"), r"(?:AKIA|ASIA)[0-9A-Z]{16}"),  # AWS access key id
        (("AIza",), r"AIza[A-Za-z0-9_-]{35}"),  # Google API key
        (("npm_",), r"npm_[A-Za-z0-9]{36}"),  # npm
        (("glpat-",), r"glpat-[A-Za-z0-9_-]{20,}"),  # GitLab
        (("dop_v1_",), r"dop_v1_[A-Za-z0-9]{64}"),  # DigitalOcean
        (("_live_", "_test_"), r"(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}"),  # Stripe
        # JWT, from a token's start (each "eyJ" inside a long run began a new scan: quadratic)
        (
            ("eyJ",),
            r"(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}",
        ),
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
        # generic prefixed (OpenAI, …)
        (("sk-", "pk-", "rk-", "ak-"), r"(?<![A-Za-z0-9])(?:sk|pk|rk|ak)-[A-Za-z0-9]{20,}"),
    )
)


def _guard(needle: str) -> str:
    """A piece of ``needle`` that a text is cheaper to test for, so a text without it skips
    the needle: its capital letter (a one-character test runs at memory speed, and most output
    holds few capitals), ``k-`` that five needles share (one scan instead of five), or the
    ``_`` that nine share (one character; a log rarely holds one)."""
    capital = next((c for c in needle if c.isupper()), "")
    return capital or ("k-" if "k-" in needle else "_" if "_" in needle else needle)


# Each needle with its guard; a guard is part of its needle, so a text without the guard
# cannot hold the needle, nor a match of its pattern.
_GUARDED: tuple[tuple[tuple[tuple[str, str], ...], LazyPattern], ...] = tuple(
    (tuple((_guard(needle), needle) for needle in needles), pattern) for needles, pattern in _TOKENS
)


def _holds_a_needle(
    text: str,
    guarded: tuple[tuple[str, str], ...],
    seen: dict[str, bool],
    underscores: _Underscores | None = None,
) -> bool:
    """Whether ``text`` holds one of the needles; each guard is looked for once per text, and
    the needles holding ``_`` at its ``underscores`` when they are given."""
    for guard, needle in guarded:
        present = seen.get(guard)
        if present is None:
            present = seen[guard] = guard in text
        if present and (
            guard is needle
            or (needle in text if underscores is None or guard != "_" else underscores.hold(needle))
        ):
            return True
    return False


class _Underscores:
    """Where one text's ``_`` are, when it has few (a log: the ten needles holding one each
    read all of it, ~1 ms per MB apiece, for a handful of ``_``): a needle is then looked for
    only where its first ``_`` would be, one of these."""

    __slots__ = ("_at", "_looked", "_text")
    _MOST_PER_CHAR = 1 / 1024  # more, and ten scans of the text are cheaper than the look-ups

    def __init__(self, text: str) -> None:
        self._text = text
        self._looked = False
        self._at: list[int] | None = None  # None: too many to be worth it

    def hold(self, needle: str) -> bool:
        """``needle in text``, for a needle holding ``_``."""
        if not self._looked:
            self._at, self._looked = self._find(), True
        text = self._text
        if self._at is None:
            return needle in text
        first = needle.index("_")
        return any(text.startswith(needle, at - first) for at in self._at if at >= first)

    def _find(self) -> list[int] | None:
        text = self._text
        most = len(text) * self._MOST_PER_CHAR  # given up past it, as soon as it is passed
        found: list[int] = []
        at = text.find("_")
        while at >= 0:
            if len(found) >= most:
                return None
            found.append(at)
            at = text.find("_", at + 1)
        return found


# ``scheme://user:password@host`` keeps the user (which may be empty: redis://:pw@host).
# Opened on the literal ``://``, which the regex engine skips ahead to: opened on the scheme, a
# pattern was tried at every letter of the text (40 ms per MB of a log holding URLs and ``@``).
_URL_CREDENTIALS = LazyPattern(r"(://[^\s:/@]*:)([^\s@/]+)@")


# ``scheme://KEY@host``: a user name that is a long run with a digit is a key, not a name (a
# Sentry DSN's key, a token given to ``git clone`` as the user). The scheme stays.
_URL_KEY_USER = LazyPattern(r"(://)(?=[A-Za-z_-]*[0-9])[A-Za-z0-9_-]{32,}@")

# Incoming-webhook URLs: whoever holds one can post to the channel. The host and the
# workspace and channel ids stay; the last part, the secret, goes.
_WEBHOOKS: tuple[tuple[str, LazyPattern], ...] = (
    (
        "hooks.slack.com/",
        LazyPattern(
            r"(hooks\.slack\.com/(?:services|workflows|triggers)/(?:[A-Za-z0-9]+/){1,3})"
            r"[A-Za-z0-9_-]{16,}"
        ),
    ),
    (
        "/api/webhooks/",
        LazyPattern(r"(discord(?:app)?\.com/api/webhooks/[0-9]{5,}/)[A-Za-z0-9_-]{20,}"),
    ),
)


def _url_password(match: re.Match[str]) -> str:
    """The password of ``user:password@``, unless it is a template (``{password}``)."""
    if is_template(match.group(2)):
        return match.group(0)
    return f"{match.group(1)}{SECRET_MARKER}@"


# ``Authorization: <scheme> <credentials>`` of any scheme, and a bare ``Bearer <token>`` (which
# must hold a digit, so prose such as "bearer authentication" is left alone).
_AUTH_HEADER = LazyPattern(
    r"(?i)\b(authorization\s*:\s*(?:[A-Za-z]+\s+)?)(?![A-Za-z]+\s)[A-Za-z0-9._~+/=-]{8,}"
)
_BEARER = LazyPattern(r"(?i)\b(bearer\s+)(?=[A-Za-z._~+/=-]*[0-9])[A-Za-z0-9._~+/=-]{16,}")
# Names and commands that can hold a secret contain one of these (a cheap test first).
_KEY_WORDS = ("pass", "token", "auth", "key", "secret", "pwd", "credential")  # commonest first
# Every credential word of ``prose_secrets`` holds one of these: ``key`` only with what comes
# before it (``api key``, ``access_key``), as a log's ``cache miss for key …`` is no credential
# word and the scan of a long text for them costs as much as the rest of redaction.
_PLAIN_PROSE_WORDS = ("pass", "pwd", "secret", "token", "credential")
_KEY_OWNERS = ("api", "access", "private")
_KEY_GLUES = ("", " ", "_", "-")
_PROSE_WORDS = (
    *_PLAIN_PROSE_WORDS,
    *(f"{word}{glue}key" for word in _KEY_OWNERS for glue in _KEY_GLUES),
)
# The commonest first (``:`` is in most outputs, and one character is looked for fastest): the
# test stops at the first found, and those it passes are scanned again by each command.
_COMMAND_WORDS = (":", "pass", "auth", "-u", "login", "mysql", "redis", "sshpass", "identified")


def _holds_a_prose_word(lowered: str, positions: NeedlePositions | None = None) -> bool:
    """``any(word in lowered for word in _PROSE_WORDS)``, the twelve ``…key`` forms looked for
    only where ``key`` and the word before it are: a log saying ``key`` in another sense is
    spared most of the scans. ``positions``: where needles looked for already are in ``lowered``."""
    if any(
        (positions.holds(word) if positions else word in lowered) for word in _PLAIN_PROSE_WORDS
    ):
        return True
    if "key" not in lowered:
        return False
    return any(
        owner in lowered and any(f"{owner}{glue}key" in lowered for glue in _KEY_GLUES)
        for owner in _KEY_OWNERS
    )


# The letters a case-insensitive pattern takes for an ASCII one that ``lower()`` leaves apart
# (``PAſſWORD`` matches ``password`` under ``(?i)``, but ``"password" in lowered`` failed, so
# the pattern never ran and the secret stayed): the look-ups see them as the pattern does.
_FOLDS = {"İ": "i", "ı": "i", "ſ": "s"}
_FOLD_TABLE = str.maketrans(_FOLDS)


def _lower(text: str) -> str:
    """``lower(text)``, each of ``_FOLDS`` folded to its ASCII letter (one character for one)."""
    if not text.isascii() and any(letter in text for letter in _FOLDS):
        text = text.translate(_FOLD_TABLE)
    return lower(text)


def _same_length_lower(text: str, lowered: str | None = None) -> str:
    """``text.lower()`` (``lowered`` when already made), keeping every offset (a few characters
    grow when lower-cased), with ``_FOLDS`` folded."""
    if lowered is None:
        lowered = _lower(text)
    if len(lowered) == len(text):
        return lowered
    return "".join(_FOLDS.get(c) or (c.lower() if len(c.lower()) == 1 else c) for c in text)


def _replace(text: str, spans: Iterable[Span]) -> str:
    pieces: list[str] = []
    done = 0
    for span in sorted(spans, key=lambda s: (s.start, -s.end)):
        if span.start < done:
            continue  # inside a span already replaced
        pieces += [text[done : span.start], SECRET_MARKER]
        done = span.end
    return "".join([*pieces, text[done:]])


def redact_secrets(text: str) -> str:
    """``text`` with private blocks and credentials replaced by markers.

    The text is lower-cased a slice at a time, and again only once a pattern has changed it:
    lower-casing a long non-ASCII text whole passes through 12 bytes a character."""
    lowered, lowered_from = _lower(text), text
    if "<private>" in lowered:
        text = _PRIVATE.sub(PRIVATE_MARKER, text)
    if "PRIVATE KEY" in text:
        text = _PEM.sub(SECRET_MARKER, text)
    seen: dict[str, bool] = {}  # guards found in the text (a match only adds the marker's)
    underscores = _Underscores(text)
    for guarded, pattern in _GUARDED:
        if _holds_a_needle(text, guarded, seen, underscores):
            redacted = pattern.sub(SECRET_MARKER, text)
            if redacted is not text:  # ``sub`` returns the text itself when nothing matched
                text = redacted
                seen.clear()
                underscores = _Underscores(text)
    # The patterns below are case-insensitive or start with a character class, which the regex
    # engine cannot skip ahead to; a cheap substring test saves most texts from running them.
    if "://" in text and "@" in text:
        text = _URL_CREDENTIALS.sub(_url_password, text)
        text = _URL_KEY_USER.sub(rf"\g<1>{SECRET_MARKER}@", text)
    for needle, webhook in _WEBHOOKS:
        if needle in text:
            text = webhook.sub(rf"\g<1>{SECRET_MARKER}", text)
    if text is not lowered_from:  # a pattern above changed it (``sub`` returns it as it was)
        lowered, lowered_from = _lower(text), text
    if "authorization" in lowered:
        text = _AUTH_HEADER.sub(rf"\g<1>{SECRET_MARKER}", text)
    if "bearer" in lowered:
        text = _BEARER.sub(rf"\g<1>{SECRET_MARKER}", text)
    spans: list[Span] = []
    current: str | None = None  # the text as it is now, lower-cased with every offset kept
    positions: NeedlePositions | None = None  # where needles are in ``current``, shared by scans
    if any(word in lowered for word in _KEY_WORDS):
        lowered = current = _same_length_lower(text, _lower_of(text, lowered, lowered_from))
        positions = NeedlePositions(current)
        spans += secret_spans(text, lowered, positions)
    if any(word in lowered for word in _COMMAND_WORDS):
        if current is None:
            lowered = current = _same_length_lower(text, _lower_of(text, lowered, lowered_from))
            positions = NeedlePositions(current)
        spans += command_secret_spans(text, lowered, positions)
    if _holds_a_prose_word(lowered, positions):
        if current is None:
            lowered = current = _same_length_lower(text, _lower_of(text, lowered, lowered_from))
            positions = NeedlePositions(current)
        spans += prose_secret_spans(text, lowered, positions)
    return _replace(text, spans) if spans else text


def _lower_of(text: str, lowered: str, lowered_from: str) -> str:
    return lowered if text is lowered_from else _lower(text)
