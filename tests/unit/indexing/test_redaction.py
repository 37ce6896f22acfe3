"""Secret redaction: every listed shape goes, markers are stable, ordinary text is untouched."""

from __future__ import annotations

import string

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from domain.redaction import PRIVATE_MARKER, SECRET_MARKER, redact_secrets
from domain.redaction.secret_values import is_placeholder, is_template

ALNUM = string.ascii_letters + string.digits
UPPER_DIGITS = string.ascii_uppercase + string.digits
B64URL = ALNUM + "_-"
HEX = "0123456789abcdef"


def _s(alphabet: str, size: int, max_size: int | None = None) -> st.SearchStrategy[str]:
    return st.text(alphabet=alphabet, min_size=size, max_size=max_size or size)


SECRETS: dict[str, st.SearchStrategy[str]] = {
    "anthropic": _s(B64URL, 20, 60).map(lambda s: "sk-ant-" + s),
    "github fine-grained": _s(ALNUM + "_", 22, 60).map(lambda s: "github_pat_" + s),
    "github classic": _s(ALNUM, 36).map(lambda s: "ghp_" + s),
    "slack": st.tuples(st.sampled_from("abprs"), _s(ALNUM + "-", 10, 40)).map(
        lambda t: f"xox{t[0]}-{t[1]}"
    ),
    "aws access key id": _s(UPPER_DIGITS, 16).map(lambda s: "AKIA" + s),
    "google": _s(B64URL, 35).map(lambda s: "AIza" + s),
    "npm": _s(ALNUM, 36).map(lambda s: "npm_" + s),
    "gitlab": _s(B64URL, 20, 40).map(lambda s: "glpat-" + s),
    "digitalocean": _s(ALNUM, 64).map(lambda s: "dop_v1_" + s),
    "stripe": st.tuples(st.sampled_from(["sk_live_", "rk_test_"]), _s(ALNUM, 16, 40)).map("".join),
    "jwt": st.tuples(_s(B64URL, 10, 30), _s(B64URL, 10, 30), _s(B64URL, 10, 30)).map(
        lambda t: f"eyJ{t[0]}.{t[1]}.{t[2]}"
    ),
    "pem private key": st.tuples(
        st.sampled_from(["RSA ", "EC ", "OPENSSH ", ""]),
        _s(string.ascii_letters + string.digits + "+/=\n", 40, 200),
    ).map(lambda t: f"-----BEGIN {t[0]}PRIVATE KEY-----\n{t[1]}\n-----END {t[0]}PRIVATE KEY-----"),
    "bearer": _s(ALNUM + "._-", 15, 60).map(lambda s: "Authorization: Bearer 9" + s),
    "url password": st.tuples(
        _s(ALNUM, 1, 10), _s(ALNUM + "!$%", 1, 30).filter(lambda pw: not is_template(pw))
    ).map(lambda t: f"https://{t[0]}:{t[1]}@example.com/x"),
    "slack webhook": st.tuples(_s(UPPER_DIGITS, 9, 11), _s(UPPER_DIGITS, 9, 11), _s(ALNUM, 24)).map(
        lambda t: f"https://hooks.slack.com/services/T{t[0]}/B{t[1]}/{t[2]}"
    ),
    "discord webhook": st.tuples(_s(string.digits, 17, 19), _s(B64URL, 60, 68)).map(
        lambda t: f"https://discord.com/api/webhooks/{t[0]}/{t[1]}"
    ),
    "key as url user": st.tuples(_s("0123456789abcdef", 32), st.sampled_from("0123456789")).map(
        lambda t: f"https://{t[0][:-1]}{t[1]}@o1.ingest.sentry.io/42"
    ),
    "hugging face": _s(string.ascii_letters, 34).map(lambda s: "hf_" + s),
    "pypi": _s(B64URL, 60, 120).map(lambda s: "pypi-AgEIcHlwaS5vcmc" + s),
    "sendgrid": st.tuples(_s(B64URL, 22), _s(B64URL, 43)).map(lambda t: f"SG.{t[0]}.{t[1]}"),
    "shopify": st.tuples(st.sampled_from(["at", "ca", "pa", "ss"]), _s("0123456789abcdef", 32)).map(
        lambda t: f"shp{t[0]}_{t[1]}"
    ),
    "databricks": _s("0123456789abcdef", 32).map(lambda s: "dapi" + s),
    "slack app-level": st.tuples(_s(UPPER_DIGITS, 11), _s(string.digits, 13), _s(ALNUM, 64)).map(
        lambda t: f"xapp-1-{t[0]}-{t[1]}-{t[2]}"
    ),
    "linear": _s(ALNUM, 40).map(lambda s: "lin_api_" + s),
    "sentry auth": _s(ALNUM + "_", 40, 80).map(lambda s: "sntrys_" + s),
    "openai project": _s(B64URL, 40, 160).map(lambda s: "sk-proj-" + s),
    "openai service account": _s(B64URL, 40, 80).map(lambda s: "sk-svcacct-" + s),
    "openrouter": _s(HEX, 64).map(lambda s: "sk-or-v1-" + s),
    "gitlab other kinds": st.tuples(
        st.sampled_from(["glrt-", "gldt-", "glptt-", "glcbt-", "gloas-", "glsoat-"]),
        _s(B64URL, 20, 40),
    ).map("".join),
    "grafana service account": st.tuples(_s(ALNUM, 32), _s(HEX, 8)).map(
        lambda t: f"glsa_{t[0]}_{t[1]}"
    ),
    "grafana cloud": _s(ALNUM + "+/", 32, 80).map(lambda s: "glc_" + s),
    "google oauth access": _s(B64URL, 50, 150).map(lambda s: "ya29." + s),
    "mapbox": st.tuples(_s(B64URL, 20, 60), _s(B64URL, 20, 40)).map(
        lambda t: f"sk.eyJ{t[0]}.{t[1]}"
    ),
    "vault": st.tuples(st.sampled_from(["hvs.", "hvb.", "hvr."]), _s(B64URL, 24, 100)).map("".join),
    "age identity": _s(UPPER_DIGITS, 58).map(lambda s: "AGE-SECRET-KEY-1" + s),
    "atlassian": _s(ALNUM + "_=-", 100, 200).map(lambda s: "ATATT3" + s),
    "fly": st.tuples(st.sampled_from(["fo1_", "fm2_", "fm1r_"]), _s(B64URL, 40, 80)).map("".join),
    "docker hub": _s(B64URL, 27, 40).map(lambda s: "dckr_pat_" + s),
    "supabase": st.one_of(
        _s(HEX, 40).map(lambda s: "sbp_" + s), _s(B64URL, 20, 40).map(lambda s: "sb_secret_" + s)
    ),
    "netlify": _s(ALNUM, 36, 50).map(lambda s: "nfp_" + s),
    "planetscale": _s(ALNUM + "_.-", 32, 50).map(lambda s: "pscale_tkn_" + s),
    "groq": _s(ALNUM, 48, 60).map(lambda s: "gsk_" + s),
    "replicate": _s(ALNUM, 37).map(lambda s: "r8_" + s),
    "perplexity": _s(ALNUM, 40, 60).map(lambda s: "pplx-" + s),
    "xai": _s(ALNUM, 60, 90).map(lambda s: "xai-" + s),
    "telegram bot": st.tuples(_s(string.digits, 8, 10), _s(B64URL, 33)).map(
        lambda t: f"{t[0]}:AA{t[1]}"
    ),
    "entra client secret": st.tuples(
        _s(ALNUM, 3), st.sampled_from(string.digits), _s(ALNUM + "_~.-", 31, 34)
    ).map(lambda t: f"{t[0]}{t[1]}Q~{t[2]}"),
    "azure sas": _s(B64URL + "%", 20, 60).map(
        lambda s: f"https://acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&sp=r&sig={s}"
    ),
    "s3 presigned": _s(HEX, 64).map(
        lambda s: f"https://b.s3.amazonaws.com/k?X-Amz-Expires=3600&X-Amz-Signature={s}"
    ),
    "cloudfront signed": _s(B64URL + "~", 20, 80).map(
        lambda s: (
            f"https://d1.cloudfront.net/a.png?Expires=1767225600&Signature={s}&Key-Pair-Id=K2J"
        )
    ),
    "aws secret key": _s(ALNUM + "/+", 40).map(lambda s: "aws_secret_access_key = " + s),
    "generic prefixed": st.tuples(st.sampled_from(["sk", "pk", "rk", "ak"]), _s(ALNUM, 20, 50)).map(
        lambda t: f"{t[0]}-{t[1]}"
    ),
}
KEY_NAMES = [
    "api_key",
    "API-KEY",
    "secret",
    "client_secret",
    "token",
    "GITHUB_TOKEN",
    "password",
    "DB_PASSWORD",
    "credential",
    "auth_token",
    "aws_secret_access_key",
]
# Secret values hold a digit; letters-only values that read as words are code (ADR 0026).
VALUES = _s(ALNUM + "_-/.+", 20, 60).filter(
    lambda v: any(c.isdigit() for c in v) and not is_placeholder(v)
)
SURROUNDINGS = st.text(max_size=60)
NO_PRIVATE_TAG = st.text(alphabet=st.characters(blacklist_characters="<"), max_size=60)


def _secret_part(shape: str) -> str:
    """The part of a drawn shape that must go (names and hosts around it may stay)."""
    if "/webhooks/" in shape or "hooks.slack" in shape:
        return shape.rsplit("/", 1)[1]
    if "sig=" in shape or "Signature=" in shape:
        return (
            shape.split("ig=", 1)[1].split("&", 1)[0]
            if "sig=" in shape
            else (shape.split("Signature=", 1)[1].split("&", 1)[0])
        )
    if shape.startswith("https://") and "@o1." in shape:
        return shape.split("//", 1)[1].split("@", 1)[0]
    if shape.startswith("https://") and "@" in shape:
        return ":" + shape.split(":", 2)[2].rsplit("@", 1)[0] + "@"
    if shape.startswith(("Authorization", "aws_secret")):
        return shape.rsplit(" ", 1)[1]
    return shape


def _embedded(secret: str, before: str, after: str) -> str:
    return f"{before} {secret} {after}"


@pytest.mark.parametrize("category", sorted(SECRETS))
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_no_listed_secret_survives(category: str, data: st.DataObject) -> None:
    secret = data.draw(SECRETS[category])
    before, after = data.draw(SURROUNDINGS), data.draw(SURROUNDINGS)
    assume(_secret_part(secret) not in before + after)
    text = _embedded(secret, before, after)
    redacted = redact_secrets(text)
    assert _secret_part(secret) not in redacted
    assert SECRET_MARKER in redacted or PRIVATE_MARKER in redacted


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(KEY_NAMES), st.sampled_from(["=", ": ", " = ", '": "']), VALUES, NO_PRIVATE_TAG
)
def test_key_value_secrets_lose_their_value_but_keep_their_name(
    key: str, operator: str, value: str, before: str
) -> None:
    text = f'{before}\n"{key}{operator}{value}"\n'
    redacted = redact_secrets(text)
    assert redacted.split("\n")[-2] == f'"{key}{operator}{SECRET_MARKER}"'


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=300), st.sampled_from(sorted(SECRETS)), st.data())
def test_redaction_is_idempotent(text: str, category: str, data: st.DataObject) -> None:
    mixed = text + " " + data.draw(SECRETS[category]) + " <private>x</private> password=" + "a" * 25
    once = redact_secrets(mixed)
    assert redact_secrets(once) == once


PLAIN = st.text(
    alphabet=st.sampled_from(list(string.ascii_lowercase + string.digits + " \n\t,;!?()'é日λ")),
    max_size=400,
)


@settings(max_examples=100, deadline=None)
@given(PLAIN)
def test_ordinary_text_is_unchanged(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a <private>my\nnotes</private> b", f"a {PRIVATE_MARKER} b"),
        ("a <PRIVATE>x</Private> b <private>y</private>", f"a {PRIVATE_MARKER} b {PRIVATE_MARKER}"),
        ("a <private>never closed\nsecret", f"a {PRIVATE_MARKER}"),
        (
            "-----BEGIN OPENSSH PRIVATE KEY-----\nb3Bl\nbnNz\n-----END OPENSSH PRIVATE KEY-----\nok",
            f"{SECRET_MARKER}\nok",
        ),
        ("Authorization: Bearer abc.def-123_456789", f"Authorization: Bearer {SECRET_MARKER}"),
        (
            "curl -H 'Authorization: token gho1234567890abc'",
            f"curl -H 'Authorization: token {SECRET_MARKER}'",
        ),
        ("postgres://app:hunter2@db:5432/x", f"postgres://app:{SECRET_MARKER}@db:5432/x"),
        (
            "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            f"AWS_SECRET_ACCESS_KEY={SECRET_MARKER}",
        ),
        ("a bearer token is sent", "a bearer token is sent"),
        ("the password is required", "the password is required"),
        ("task-abcdefghijklmnopqrstuvwxyz", "task-abcdefghijklmnopqrstuvwxyz"),
        ("https://example.com/path@v2", "https://example.com/path@v2"),
        (
            "SENTRY_DSN=https://3f2a9c8b7d6e4f5a9b8c7d6e5f4a3b2c@o4504.ingest.sentry.io/4505",
            f"SENTRY_DSN=https://{SECRET_MARKER}@o4504.ingest.sentry.io/4505",
        ),
        (
            "git clone https://0123456789abcdef0123456789abcdef01234567@github.com/acme/app.git",
            f"git clone https://{SECRET_MARKER}@github.com/acme/app.git",
        ),
        (
            "SLACK_URL=https://hooks.slack.com/services/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",
            f"SLACK_URL=https://hooks.slack.com/services/T0A1B2C3D/B0A1B2C3D/{SECRET_MARKER}",
        ),
        ("ssh://git@github.com/acme/app.git", "ssh://git@github.com/acme/app.git"),
        # letters a case-insensitive pattern reads as ASCII ones open its look-up too
        (
            "CREATE ROLE bob WITH PA\u017f\u017fWORD 'Hunter2secretX'",
            f"CREATE ROLE bob WITH PA\u017f\u017fWORD '{SECRET_MARKER}'",
        ),
        (
            "CREATE USER 'a'@'%' \u0130DENTIFIED BY 'Hunter2secretX'",
            f"CREATE USER 'a'@'%' \u0130DENTIFIED BY '{SECRET_MARKER}'",
        ),
        ("AUTHOR\u0130ZATION: Bearer abc123def456", f"AUTHOR\u0130ZATION: Bearer {SECRET_MARKER}"),
        (
            "\u017ftra\u00dfe \u0130stanbul \u0131 plain",
            "\u017ftra\u00dfe \u0130stanbul \u0131 plain",
        ),
        ("https://build-bot@ci.example.com/x", "https://build-bot@ci.example.com/x"),
    ],
)
def test_examples(text: str, expected: str) -> None:
    assert redact_secrets(text) == expected


def test_a_key_in_a_table_row_is_redacted_and_a_type_union_stays() -> None:
    row = "| aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY | prod |"
    assert "wJalrXUtnFEMI" not in redact_secrets(row)
    assert redact_secrets("aws_secret_access_key = " + "0" * 40 + " |").count("0") == 0
    for code in ("auth: httpx.Auth | None = None", "token: SecretStr | None = None"):
        assert redact_secrets(code) == code


@pytest.mark.parametrize("value", ["A" * 40, "AB" * 20, "aBcDeFgHiJkLmNoPqRsTuVwXyZaBcDeFgHiJkLmN"])
def test_a_key_long_run_of_letters_is_no_name_in_code(value: str) -> None:
    # A secret key drawn without a digit reads as neither a constant nor an identifier.
    for text in (f"aws_secret_access_key = {value}", f"AWS_SECRET_ACCESS_KEY={value}"):
        assert value not in redact_secrets(text)
    for code in (
        "AUTH=ANONYMOUS",
        "token = Punctuation",
        "x = SomeVeryLongClassNameForTheThingHere",
    ):
        assert redact_secrets(code) == code
