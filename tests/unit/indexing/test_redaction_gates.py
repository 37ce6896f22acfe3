"""Redaction's whole-text needles asked for by a character lower-case text lacks first (ADR
0216): the same text as when every needle is scanned for."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import domain.redaction as redaction
from domain.lazy_pattern import NeedlePositions
from domain.redaction import redact_secrets
from domain.redaction.assignments import Span, secret_spans
from domain.redaction.command_secrets import command_secret_spans
from domain.redaction.prefixed_tokens import redact_prefixed_tokens
from domain.redaction.prose_secrets import prose_secret_spans
from domain.search.sign_gates import sign_gate

_SECRET = redaction.SECRET_MARKER


def _redact_scanning_each_needle(text: str) -> str:
    """``redact_secrets`` as it was before its gates: every needle scanned for."""
    lowered, lowered_from = redaction._lower(text), text
    if "<private>" in lowered:
        text = redaction._PRIVATE.sub(redaction.PRIVATE_MARKER, text)
    if "PRIVATE KEY" in text:
        text = redaction._PEM.sub(_SECRET, text)
    text = redact_prefixed_tokens(text, _SECRET)
    if "://" in text and "@" in text:
        text = redaction._URL_CREDENTIALS.sub(redaction._url_password, text)
        text = redaction._URL_KEY_USER.sub(rf"\g<1>{_SECRET}@", text)
    query = "?" in text or "&" in text
    for needle, _, url_secret in (
        *redaction._URL_SECRETS,
        *(redaction._SIGNATURES if query else ()),
    ):
        if needle in text:
            text = url_secret.sub(rf"\g<1>{_SECRET}", text)
    if text is not lowered_from:
        lowered, lowered_from = redaction._lower(text), text
    if "authorization" in lowered:
        text = redaction._AUTH_HEADER.sub(rf"\g<1>{_SECRET}", text)
    if "bearer" in lowered:
        text = redaction._BEARER.sub(rf"\g<1>{_SECRET}", text)
    spans: list[Span] = []
    current: str | None = None
    positions: NeedlePositions | None = None
    if any(word in lowered for word in redaction._KEY_WORDS):
        same = lowered if text is lowered_from else redaction._lower(text)
        lowered = current = redaction._same_length_lower(text, same)
        positions = NeedlePositions(current)
        spans += secret_spans(text, lowered, positions)
    if any(word in lowered for word in redaction._COMMAND_WORDS):
        if current is None:
            same = lowered if text is lowered_from else redaction._lower(text)
            lowered = current = redaction._same_length_lower(text, same)
            positions = NeedlePositions(current)
        spans += command_secret_spans(text, lowered, positions)
    if redaction._holds_a_prose_word(lowered, positions):
        if current is None:
            same = lowered if text is lowered_from else redaction._lower(text)
            lowered = current = redaction._same_length_lower(text, same)
            positions = NeedlePositions(current)
        spans += prose_secret_spans(text, lowered, positions)
    return redaction._replace(text, spans) if spans else text


_PIECES = st.sampled_from(
    [
        "<private>kept apart</private>",
        "<PRIVATE>",
        "<private",
        "private>",
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEabc\n-----END RSA PRIVATE KEY-----",
        "PRIVATE KEY",
        "PRIVATE",
        "https://deploy:hunter2pass@db.example.com",
        "redis://:s3cretpw@cache",
        "https://0123456789abcdef0123456789abcdef@sentry.io/1",
        "://",
        "@",
        "https://hooks.slack.com/services/T0001/B0001/abcdefghijklmnopqrstuvwx",
        "hooks.slack.com/",
        "https://discord.com/api/webhooks/123456789/abcdefghijklmnopqrstuvwxyz",
        "/api/webhooks/",
        "https://x.blob.core.windows.net/c?sv=2020&sig=abcdefghijklmnopqrstuvwxyz0123",
        "&X-Amz-Signature=abcdef0123456789abcdef0123",
        "?Signature=abcdef0123456789abcdef0123",
        "sig=",
        "Signature=",
        "password=hunter2secret",
        "Authorization: Bearer abcdef0123456789abcd",
        "<",
        "P",
        ":",
        ".",
        "/",
        "=",
        "S",
        "?",
        "&",
        " ",
        "\n",
        "x",
    ]
)


@settings(max_examples=1500)
@given(st.lists(_PIECES, max_size=10).map("".join) | st.text(max_size=80))
def test_gated_needles_redact_what_every_needle_scanned_redacts(text: str) -> None:
    assert redact_secrets(text) == _redact_scanning_each_needle(text)


def test_each_needle_s_gate_is_the_one_its_characters_give() -> None:
    for needle, gate, _ in (*redaction._URL_SECRETS, *redaction._SIGNATURES):
        assert gate == sign_gate(needle)
    assert [sign_gate(n) for n in ("<private>", "PRIVATE KEY", "://")] == ["<", "P", ":"]
