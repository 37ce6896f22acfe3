"""Secret redaction, applied to every text before it is hashed and stored.

``<private>…</private>`` blocks (and an unclosed ``<private>`` to the end of the text) become
``[REDACTED]``; recognisable credentials become ``[REDACTED_SECRET]``: tokens by their prefix
(``prefixed_tokens``: ``ghp_``, ``sk-proj-``, ``glrt-``, JWTs, …), PEM private keys,
``user:password@`` in URLs and a key given as a URL's user (a Sentry DSN), the secret part of
Slack and Discord webhook URLs, the signature of signed URLs and SAS tokens,
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
from domain.redaction.prefixed_tokens import few_offsets, redact_prefixed_tokens
from domain.redaction.prose_secrets import prose_secret_spans
from domain.redaction.secret_values import is_template
from domain.redaction.spaced_forms import spaced_secret_spans

PRIVATE_MARKER = "[REDACTED]"
SECRET_MARKER = "[REDACTED_SECRET]"  # noqa: S105 - the marker, not a secret

_PRIVATE = LazyPattern(r"(?is)<private>.*?(?:</private>|\Z)")
_PEM = LazyPattern(
    r"-----BEGIN[A-Z ]*PRIVATE KEY(?: BLOCK)?-----.*?"
    r"(?:-----END[A-Z ]*PRIVATE KEY(?: BLOCK)?-----|\Z)",
    re.DOTALL,
)

# ``scheme://user:password@host`` keeps the user (which may be empty: redis://:pw@host).
# Opened on the literal ``://``, which the regex engine skips ahead to: opened on the scheme, a
# pattern was tried at every letter of the text (40 ms per MB of a log holding URLs and ``@``).
_URL_CREDENTIALS = LazyPattern(r"(://[^\s:/@]*:)([^\s@/]+)@")


# ``scheme://KEY@host``: a user name that is a long run with a digit is a key, not a name (a
# Sentry DSN's key, a token given to ``git clone`` as the user). The scheme stays.
_URL_KEY_USER = LazyPattern(r"(://)(?=[A-Za-z_-]*[0-9])[A-Za-z0-9_-]{32,}@")

# URLs that are their own credential, with what keeps them readable (group 1). Incoming-webhook
# URLs: whoever holds one can post to the channel; the host and the workspace and channel ids
# stay, the last part, the secret, goes. Signed URLs and SAS tokens (Azure ``sig=``, S3's and
# Cloud Storage's ``X-Amz-Signature=``/``X-Goog-Signature=``, CloudFront's ``Signature=``):
# whoever holds one reads or writes the object until it expires; the signature goes.
_URL_SECRETS: tuple[tuple[str, str, LazyPattern], ...] = (
    (
        "hooks.slack.com/",
        ".",
        LazyPattern(
            r"(hooks\.slack\.com/(?:services|workflows|triggers)/(?:[A-Za-z0-9]+/){1,3})"
            r"[A-Za-z0-9_-]{16,}"
        ),
    ),
    (
        "/api/webhooks/",
        "/",
        LazyPattern(r"(discord(?:app)?\.com/api/webhooks/[0-9]{5,}/)[A-Za-z0-9_-]{20,}"),
    ),
)
# Looked for only in a text holding a query (``?`` or ``&``, which a log rarely has).
_SIGNATURES: tuple[tuple[str, str, LazyPattern], ...] = (
    ("sig=", "=", LazyPattern(r"(sig=)(?<=[?&;]sig=)[A-Za-z0-9%+/=_-]{20,}")),
    (
        "Signature=",
        "S",
        LazyPattern(r"(Signature=)(?<=[?&;-]Signature=)[A-Za-z0-9%+/=_~-]{20,}"),
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
# What comes before ``key`` in each ``…key`` form of ``_PROSE_WORDS``.
_KEY_HEADS = tuple(f"{word}{glue}" for word in _KEY_OWNERS for glue in _KEY_GLUES)
# The commonest first (``:`` is in most outputs, and one character is looked for fastest): the
# test stops at the first found, and those it passes are scanned again by each command.
_COMMAND_WORDS = (
    *(":", "pass", "auth", "-u", "login", "mysql", "redis", "sshpass", "identified"),
    *("-p", "%"),  # sqlcmd's and mongosh's password flag, smbclient's user%password
    "_",  # rabbitmqctl's add_user (ADR 0411)
)


def _holds_a_prose_word(lowered: str, positions: NeedlePositions | None = None) -> bool:
    """``any(word in lowered for word in _PROSE_WORDS)``, the twelve ``…key`` forms looked for
    only where ``key`` and the word before it are: a log saying ``key`` in another sense is
    spared most of the scans. ``positions``: where needles looked for already are in ``lowered``."""
    if any(
        (positions.holds(word) if positions else word in lowered) for word in _PLAIN_PROSE_WORDS
    ):
        return True
    keys = few_offsets(lowered, "key")
    if keys is not None:
        # Few enough to look behind each (a log's ``cache miss for key …``): a form ends on
        # one of them, so ``form in lowered`` is whether one of them follows its head.
        return any(lowered.endswith(_KEY_HEADS, 0, at) for at in keys)
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
    # Each needle with a character lower-case text lacks is asked for by it first: one
    # ``memchr`` for a text without it, where the needle's scan reads the whole text.
    if "<" in lowered and "<private>" in lowered:
        text = _PRIVATE.sub(PRIVATE_MARKER, text)
    if "P" in text and "PRIVATE KEY" in text:
        text = _PEM.sub(SECRET_MARKER, text)
    text = redact_prefixed_tokens(text, SECRET_MARKER)
    # The patterns below are case-insensitive or start with a character class, which the regex
    # engine cannot skip ahead to; a cheap substring test saves most texts from running them.
    if ":" in text and "://" in text and "@" in text:
        text = _URL_CREDENTIALS.sub(_url_password, text)
        text = _URL_KEY_USER.sub(rf"\g<1>{SECRET_MARKER}@", text)
    query = "?" in text or "&" in text
    for needle, gate, url_secret in (*_URL_SECRETS, *(_SIGNATURES if query else ())):
        if gate in text and needle in text:
            text = url_secret.sub(rf"\g<1>{SECRET_MARKER}", text)
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
        spans += spaced_secret_spans(text, lowered, positions)
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
