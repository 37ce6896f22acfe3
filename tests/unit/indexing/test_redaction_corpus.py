"""Short secrets in name=value forms are redacted from 8 characters on; text that only looks
like it holds one stays readable. The corpus (``redaction_corpus``) holds real shapes; the
properties below vary names, operators, quoting and values beyond it."""

from __future__ import annotations

import string

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from domain.redaction import SECRET_MARKER, redact_secrets
from domain.redaction.explicit_forms import is_password_name
from domain.redaction.secret_names import is_secret_name, name_words
from domain.redaction.secret_values import NO_VALUES, is_placeholder
from tests.unit.indexing.redaction_corpus import READABLE_CASES, SECRET_CASES


@pytest.mark.parametrize(
    ("origin", "text", "secrets"), SECRET_CASES, ids=[f"{c[0]}: {c[1][:40]}" for c in SECRET_CASES]
)
def test_short_secrets_are_redacted(origin: str, text: str, secrets: tuple[str, ...]) -> None:
    redacted = redact_secrets(text)
    for secret in secrets:
        assert secret not in redacted, (origin, redacted)
    assert SECRET_MARKER in redacted
    name_part = text[: text.index(secrets[0])]
    assert redacted.startswith(name_part.rstrip("'\"` ")), "the name before the secret stays"
    assert redact_secrets(redacted) == redacted


@pytest.mark.parametrize(
    ("origin", "text"), READABLE_CASES, ids=[f"{c[0]}: {c[1][:40]}" for c in READABLE_CASES]
)
def test_ordinary_text_stays_readable(origin: str, text: str) -> None:
    assert redact_secrets(text) == text, origin


def test_the_corpus_is_large_enough_to_mean_something() -> None:
    assert len(SECRET_CASES) >= 100 and len(READABLE_CASES) >= 100


SECRET_NAMES = [
    "password",
    "db_password",
    "DB_PASSWORD",
    "dbPassword",
    "PGPASSWORD",
    "MYSQL_ROOT_PASSWORD",
    "api_key",
    "apiKey",
    "API_KEY",
    "x-api-key",
    "client_secret",
    "clientSecret",
    "SECRET_KEY",
    "secret",
    "token",
    "GITHUB_TOKEN",
    "accessToken",
    "auth_token",
    "refresh_token",
    "private_key",
    "AccountKey",
    "passphrase",
    "credentials",
    "pwd",
    "db_pass",
    "spring.datasource.password",
]
# Values as generators and people make them: with a digit and a letter, 8 to 19 characters,
# and not shaped like a reference or a placeholder (``%VAR%``, ``[x]``, ``xx...``).
VALUE_CHARS = string.ascii_letters + string.digits + "_-+/=!@#%^~"
SHORT_SECRETS = st.text(alphabet=VALUE_CHARS, min_size=8, max_size=19).filter(
    lambda v: any(c.isdigit() for c in v) and any(c.isalpha() for c in v) and not is_placeholder(v)
)
FORMS = [
    "{name}={value}",
    "export {name}={value}",
    'export {name}="{value}"',
    "{name}: {value}",
    '{name}: "{value}"',
    '"{name}": "{value}"',
    "{name} = '{value}'",
    "  {name}: {value}  # set by ops",
    "Server=db;{name}={value};Timeout=5",
    "https://api.example.com/x?{name}={value}&page=2",
    "<{name}>{value}</{name}>",
]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SECRET_NAMES), st.sampled_from(FORMS), SHORT_SECRETS)
def test_any_short_secret_in_any_form_goes_and_the_name_stays(
    name: str, form: str, value: str
) -> None:
    quoted = "'" in form or '"' in form
    if not quoted or form.startswith("<"):
        assume(not any(c in value for c in " ;&<>\"'"))
    text = form.format(name=name, value=value)
    redacted = redact_secrets(text)
    assert value not in redacted
    assert name in redacted


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SECRET_NAMES), SHORT_SECRETS)
def test_a_long_flag_takes_its_secret_as_the_next_word(name: str, value: str) -> None:
    flag = "--" + "-".join(name_words(name))  # accessToken → --access-token
    assume(not value.startswith("-"))
    redacted = redact_secrets(f"tool {flag} {value} --verbose")
    assert value not in redacted and flag in redacted and "--verbose" in redacted


WORDS = [
    "user",
    "form",
    "hashed",
    "current",
    "stored",
    "request",
    "config",
    "settings",
    "new",
    "plain",
    "access",
    "session",
    "vault",
    "secret",
    "password",
    "token",
]
CAMEL = st.lists(st.sampled_from(WORDS), min_size=2, max_size=3).map(
    lambda w: w[0] + "".join(x.capitalize() for x in w[1:])
)
SNAKE = st.lists(st.sampled_from(WORDS), min_size=2, max_size=3).map("_".join)
CODE_VALUES = st.one_of(
    CAMEL,
    SNAKE,
    SNAKE.map(str.upper),
    CAMEL.map(lambda v: v + "()"),
    SNAKE.map(lambda v: f"get_{v}()"),
    st.tuples(SNAKE, SNAKE).map(lambda t: f"{t[0]}.{t[1]}"),
    SNAKE.map(lambda v: f'os.environ["{v.upper()}"]'),
    SNAKE.map(lambda v: "${" + v.upper() + "}"),
    SNAKE.map(lambda v: "${{ secrets." + v.upper() + " }}"),
    SNAKE.map(lambda v: "{{ " + v + " }}"),
    SNAKE.map(lambda v: f"<your {v.replace('_', ' ')}>"),
    SNAKE.map(lambda v: f"your-{v.replace('_', '-')}-here"),
    st.sampled_from(["string", "str", "String", "SecretStr", "Optional[str]", "None", "null"]),
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SECRET_NAMES), st.sampled_from(["=", " = ", ": ", " := "]), CODE_VALUES)
def test_code_types_references_and_placeholders_stay_readable(
    name: str, operator: str, value: str
) -> None:
    # An upper-case password name given a bare word with ``=`` is an environment line (ADR
    # 0391), whose value is a literal at any length: ``DB_PASSWORD=userNew`` is a password.
    camel = value.isalpha() and value[:1].islower() and not value.islower()
    assume(not (operator == "=" and name.isupper() and is_password_name(name) and camel))
    text = f"    {name}{operator}{value}\n"
    assert redact_secrets(text) == text


DESCRIPTORS = ["url", "name", "type", "ttl", "expiry", "length", "file", "path", "endpoint"]


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(["password", "secret", "token", "api_key", "credential"]),
    st.sampled_from(DESCRIPTORS),
    st.text(alphabet=string.ascii_letters + string.digits, min_size=8, max_size=30),
)
def test_names_about_a_secret_keep_their_values(secret: str, descriptor: str, value: str) -> None:
    name = f"{secret}_{descriptor}"
    assert not is_secret_name(name)
    text = f"{name}={value}"
    assert redact_secrets(text) == text


SHORT_VALUES = st.text(alphabet=VALUE_CHARS, min_size=1, max_size=7)
# Names whose values are generated, and long: a short value after one is no token or key.
KEY_NAMES = [name for name in SECRET_NAMES if not is_password_name(name)]
PASSWORD_NAMES = [name for name in SECRET_NAMES if is_password_name(name)]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(KEY_NAMES), SHORT_VALUES)
def test_values_under_eight_characters_after_a_token_or_a_key_stay(name: str, value: str) -> None:
    assume(not any(c in value for c in "@:/"))  # no URL credentials, no nested names
    text = f"{name}={value}"
    assert redact_secrets(text) == text


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SECRET_NAMES), SHORT_VALUES)
def test_values_under_eight_characters_assigned_as_code_assigns_stay(name: str, value: str) -> None:
    assume(not any(c in value for c in "@:/\"'`"))  # no URL credentials, no string literals
    text = f"    {name} = {value}\n"
    assert redact_secrets(text) == text


# The forms that give a password as a literal (ADR 0391), and what ends the value where a bare
# word could be a flag's description (``--password option``) or a type (``pwd: i32``).
EXPLICIT_FORMS = [
    ("{name}={value}", ""),
    ("export {name}={value}", ""),
    ("{name}={value} psql -h db", ""),
    ('export {name}="{value}"', ""),
    ("{name} = '{value}'", ""),
    ('"{name}": "{value}"', ""),
    ("docker run -e {name}={value} postgres", ""),
    ("Server=db;{name}={value};Timeout=5", ""),
    ("tool --{flag}={value} --verbose", ""),
    ("tool --{flag} {value} --verbose", "1"),
    ("{name}: {value}", "a1"),
]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PASSWORD_NAMES), st.sampled_from(EXPLICIT_FORMS), SHORT_VALUES)
def test_a_short_password_in_a_form_that_gives_it_as_a_literal_goes(
    name: str, form: tuple[str, str], value: str
) -> None:
    assume(any(c.isalnum() for c in value) and not is_placeholder(value))
    assume(not any(c in value for c in " ;&<>\"'`:/@\\") and not value.startswith(("-", "=")))
    assume(not value.replace(".", "").isdigit())  # 1.2.3 is a version
    assume(value.lower() not in NO_VALUES)  # true, none, str: a switch, nothing, a type
    template, ending = form
    flag = "-".join(name_words(name))  # DB_PASSWORD → --db-password
    text = template.format(name=name, flag=flag, value=value + ending)
    assert redact_secrets(text) == template.format(name=name, flag=flag, value=SECRET_MARKER)


def test_prose_secrets_hold_on_both_halves_of_the_corpus() -> None:
    """The prose rule's constants were chosen on the even-numbered cases; the odd ones judge
    them. Neither half may lose a readable text or keep a listed secret."""
    for half in (0, 1):
        readable = [t for i, (_, t) in enumerate(READABLE_CASES) if i % 2 == half]
        assert [t for t in readable if redact_secrets(t) != t] == []
        cases = [c for i, c in enumerate(SECRET_CASES) if i % 2 == half]
        assert [t for _, t, s in cases if any(x in redact_secrets(t) for x in s)] == []
