"""Secret redaction, applied to every text before it is hashed and stored.

``<private>…</private>`` blocks (and an unclosed ``<private>`` to the end of the text) become
``[REDACTED]``; recognisable credentials become ``[REDACTED_SECRET]``. Where a secret sits in a
``name=value`` or ``name: value`` form, or in a URL, the name stays so the text still reads.
Redaction is idempotent: the markers match none of the patterns.
"""

from __future__ import annotations

import re

PRIVATE_MARKER = "[REDACTED]"
SECRET_MARKER = "[REDACTED_SECRET]"  # noqa: S105 - the marker, not a secret

_PRIVATE = re.compile(r"<private>.*?(?:</private>|\Z)", re.IGNORECASE | re.DOTALL)
_PEM = re.compile(
    r"-----BEGIN[A-Z ]*PRIVATE KEY(?: BLOCK)?-----.*?"
    r"(?:-----END[A-Z ]*PRIVATE KEY(?: BLOCK)?-----|\Z)",
    re.DOTALL,
)

# Whole-token credentials, recognisable by their prefix.
_TOKENS: tuple[re.Pattern[str], ...] = tuple(
    re.compile(pattern)
    for pattern in (
        r"sk-ant-[A-Za-z0-9_-]{20,}",  # Anthropic
        r"github_pat_[A-Za-z0-9_]{22,}",  # GitHub fine-grained PAT
        r"gh[pousr]_[A-Za-z0-9]{36,}",  # GitHub classic PAT, OAuth, app and refresh tokens
        r"xox[abprse]-[A-Za-z0-9-]{10,}",  # Slack
        r"(?:AKIA|ASIA)[0-9A-Z]{16}",  # AWS access key id
        r"AIza[A-Za-z0-9_-]{35}",  # Google API key
        r"npm_[A-Za-z0-9]{36}",  # npm
        r"glpat-[A-Za-z0-9_-]{20,}",  # GitLab
        r"dop_v1_[A-Za-z0-9]{64}",  # DigitalOcean
        r"(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}",  # Stripe
        r"eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}",  # JWT
        r"(?<![A-Za-z0-9])(?:sk|pk|rk|ak)-[A-Za-z0-9]{20,}",  # generic prefixed (OpenAI, …)
    )
)

# ``scheme://user:password@host`` keeps the user, drops the password.
_URL_CREDENTIALS = re.compile(r"\b([a-zA-Z][a-zA-Z0-9+.-]*://[^\s:/@]+:)[^\s@/]+@")
# ``Authorization: <scheme> <credentials>`` of any scheme, and a bare ``Bearer <token>`` (which
# must hold a digit, so prose such as "bearer authentication" is left alone).
_AUTH_HEADER = re.compile(
    r"(?i)\b(authorization\s*:\s*(?:[A-Za-z]+\s+)?)(?![A-Za-z]+\s)[A-Za-z0-9._~+/=-]{8,}"
)
_BEARER = re.compile(r"(?i)\b(bearer\s+)(?=[A-Za-z._~+/=-]*[0-9])[A-Za-z0-9._~+/=-]{16,}")
# ``<name containing a secret word> = value`` in env files, YAML, JSON, CLI flags. The match
# starts at the secret word: a prefix such as ``DB_`` in ``DB_PASSWORD`` stays as it is.
_KEY_VALUE_BODY = (
    r"((?:api[_-]?key|secret|token|passw(?:or)?d|pwd|credential|private[_-]?key|access[_-]?key"
    r"|auth[_-]?(?:token|key|secret|credential))"
    r"[a-z0-9_.-]*[\"']?\s*[=:]\s*[\"']?)[a-z0-9_\-/.+=]{20,}"
)
# Case-insensitive matching is ~8x slower in ``re``; the lower-case pattern runs on the lowered
# text and its spans are applied to the original, whenever lowering kept every offset.
_KEY_VALUE_LOWER = re.compile(_KEY_VALUE_BODY)
_KEY_VALUE = re.compile(_KEY_VALUE_BODY, re.IGNORECASE)
_KEY_WORDS = ("key", "secret", "token", "passw", "pwd", "credential", "auth")


def _redact_key_values(text: str, lowered: str) -> str:
    if len(lowered) != len(text):
        return _KEY_VALUE.sub(rf"\g<1>{SECRET_MARKER}", text)
    pieces: list[str] = []
    done = 0
    for match in _KEY_VALUE_LOWER.finditer(lowered):
        pieces += [text[done : match.end(1)], SECRET_MARKER]
        done = match.end()
    return "".join([*pieces, text[done:]])


def redact_secrets(text: str) -> str:
    """``text`` with private blocks and credentials replaced by markers."""
    if "<private>" in text.lower():
        text = _PRIVATE.sub(PRIVATE_MARKER, text)
    if "PRIVATE KEY" in text:
        text = _PEM.sub(SECRET_MARKER, text)
    for pattern in _TOKENS:
        text = pattern.sub(SECRET_MARKER, text)
    # The patterns below are case-insensitive or start with a character class, which the regex
    # engine cannot skip ahead to; a cheap substring test saves most texts from running them.
    if "://" in text and "@" in text:
        text = _URL_CREDENTIALS.sub(rf"\g<1>{SECRET_MARKER}@", text)
    lowered = text.lower()
    if "authorization" in lowered:
        text = _AUTH_HEADER.sub(rf"\g<1>{SECRET_MARKER}", text)
    if "bearer" in lowered:
        text = _BEARER.sub(rf"\g<1>{SECRET_MARKER}", text)
    if any(word in lowered for word in _KEY_WORDS):
        text = _redact_key_values(text, text.lower())
    return text
