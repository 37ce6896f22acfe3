"""Passwords a command gives after their name and a blank, or without a name, and a short
password stated in a sentence (ADR 0400): redacted at any length, the name and the command
kept; the algorithm and encoding names prose puts after ``password`` stay."""

from __future__ import annotations

import string

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from domain.redaction import SECRET_MARKER, redact_secrets
from domain.redaction.explicit_forms import ini_value, is_password_name
from domain.redaction.secret_values import NO_VALUES, is_placeholder
from domain.redaction.short_prose import short_password_span
from domain.redaction.spaced_forms import spaced_secret_spans

PASSWORD_NAMES = ["DB_PASSWORD", "PGPASSWORD", "db_pass", "client_secret", "MYSQL_PWD"]
VALUES = st.text(alphabet=string.ascii_letters + string.digits + "_-+!@#%^~", max_size=7)
# Each form with a value of the password's, where ``{name}`` is given the password's name.
NAMED_FORMS = [
    "set -x {name} {value}",
    "set -gx {name} '{value}'",
    "set {upper} {value}",
    "setenv {name} {value}",
    "launchctl setenv {name} {value}",
    "setx {name} {value} /M",
    "$ sudo set -Ux {name} {value}",
    "git config --global section.{name} {value}",
    "git config -f .gitconfig section.{name} {value}",
    "[section]\n{name} = {value}\n",
    "[client]\nuser = app\n\n; ops\n\t{name} = {value}  # rotated\n",
    "FOO=1 {upper}={value} psql",
    "sudo {upper}={value} pg_dump app",
    "fly secrets set {upper}={value}",
    "mount -t cifs //fs/s /mnt -o user=app,{name}={value},vers=3.0",
    "sshfs h:/ /mnt -o {name}={value}",
    "kubectl create secret generic x --from-literal={name}={value}",
]
COMMAND_FORMS = [
    "htpasswd -b .htpasswd admin {value}",
    "htpasswd -C 12 -Bb .htpasswd admin {value}",
    "htpasswd -nb admin {value}",
    "sqlcmd -S db -U sa -P{value}",
    "mongodump -u admin -p {value} --out /tmp/d",
    "smbclient //fs/s -U admin%{value}",
    "openssl rsa -in k.pem -passin pass:{value}",
    "echo admin:{value} | chpasswd",
    "psql -c \"ALTER ROLE app PASSWORD '{value}'\"",
]


def _a_password(value: str) -> bool:
    return (
        any(c.isalnum() for c in value)
        and not is_placeholder(value)
        and value.lower() not in NO_VALUES
        and not value.startswith(("-", "#", "+"))
    )


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(PASSWORD_NAMES), st.sampled_from(NAMED_FORMS), VALUES)
def test_a_password_after_its_name_and_a_blank_goes_at_any_length(
    name: str, form: str, value: str
) -> None:
    assume(_a_password(value) and not value.replace(".", "").isdigit())
    assert is_password_name(name)
    text = form.format(name=name, upper=name.upper(), value=value)
    redacted = redact_secrets(text)
    assert redacted == form.format(name=name, upper=name.upper(), value=SECRET_MARKER)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(COMMAND_FORMS), VALUES)
def test_a_password_a_command_takes_without_a_name_goes_at_any_length(
    form: str, value: str
) -> None:
    assume(_a_password(value) and "%" not in value and ":" not in value)
    assert redact_secrets(form.format(value=value)) == form.format(value=SECRET_MARKER)


def test_a_name_without_a_password_keeps_its_value() -> None:
    for text in (
        "set -x EDITOR vim",
        "git config --global user.name abc12",
        "setenv GITHUB_TOKEN abc12",  # a token is generated, and long (ADR 0391)
        "[section]\nuser = abc12\n",
        "FOO=1 BAR=abc12 make",
    ):
        assert redact_secrets(text) == text


def test_spaced_assignments_outside_an_ini_section_stay_code() -> None:
    code = "def connect():\n    password = pw1\n"
    assert redact_secrets(code) == code
    assert not ini_value(code, code.index("password"), code.index("pw1") + 3)
    ini = "[db]\npassword = pw1\n"
    assert ini_value(ini, ini.index("password"), ini.index("pw1") + 3)
    going_on = "[db]\npassword = pw1 x\n"
    assert not ini_value(going_on, going_on.index("password"), going_on.index("pw1") + 3)


def test_the_scan_of_spaced_forms_finds_only_the_value() -> None:
    text = "set -x DB_PASSWORD abc12\nhtpasswd -nb admin 'pw 1'\n"
    spans = list(spaced_secret_spans(text, text.lower()))
    assert [text[s.start : s.end] for s in spans] == ["abc12"]  # 'pw 1' is two words


def test_a_short_password_is_taken_from_a_sentence_stating_it() -> None:
    for text, secret in (
        ("the password is hunter2", "hunter2"),
        ("My password was abc123.", "abc123"),
        ("the passphrase is now pass12", "pass12"),
    ):
        redacted = redact_secrets(text)
        assert secret not in redacted and SECRET_MARKER in redacted


def test_algorithms_encodings_and_words_after_password_stay() -> None:
    for text in (
        "the password is sha256",
        "the password is base64 encoded",
        "password is UTF8.",
        "password was abc123 and the user bob",  # the sentence goes on: not stated alone
        "the password is hunter",  # no digit: a word
        "Password for user1:",
        "the passphrase is now pass12, ok",  # the sentence goes on
    ):
        assert redact_secrets(text) == text
    assert short_password_span("a token is abc12", "token", 7, 16) is None
