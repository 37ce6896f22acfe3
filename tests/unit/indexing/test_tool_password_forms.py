"""Passwords that zip, unzip, 7z, lftp and rabbitmqctl take on their command line, and a short
password stated as changed, set or reset to a value (ADR 0411): redacted at any length, the
command kept; a file name ending like a command and a flag of another tool stay."""

from __future__ import annotations

import string

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from domain.redaction import SECRET_MARKER, redact_secrets
from domain.redaction.secret_values import NO_VALUES, is_placeholder

VALUES = st.text(
    alphabet=string.ascii_letters + string.digits + "_-+!@#%^~", min_size=1, max_size=7
)
COMMAND_FORMS = [
    "zip -P {value} out.zip f",
    "zip -r -P {value} out.zip dir/",
    "unzip -P {value} out.zip",
    "sudo unzip -o -P {value} out.zip -d /tmp",
    "7z a -p{value} x.7z f",
    "7za x -p'{value}' x.7z",
    "7zr a -p{value} -mhe=on x.7z f; ls",
    "lftp -u deploy,{value} host",
    "lftp -e 'mirror' -u deploy,{value} ftp.example.com",
    "rabbitmqctl add_user app {value}",
    "sudo rabbitmqctl change_password admin '{value}'",
    "rabbitmqctl.bat authenticate_user app {value}",
]


def _a_password(value: str) -> bool:
    return (
        any(c.isalnum() for c in value)
        and not is_placeholder(value)
        and value.lower() not in NO_VALUES
    )


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(COMMAND_FORMS), VALUES)
def test_a_tool_password_goes_at_any_length(form: str, value: str) -> None:
    assume(_a_password(value) and not value.startswith("-"))
    redacted = redact_secrets(form.format(value=value))
    assert SECRET_MARKER in redacted
    assert redacted.split()[0] in form  # the command stays


@given(st.sampled_from(["is", "was", "has been"]), st.sampled_from(["changed", "set", "reset"]))
def test_a_password_stated_as_changed_to_a_value_goes(verb: str, change: str) -> None:
    text = f"The admin password {verb} {change} to abc12."
    assert redact_secrets(text) == f"The admin password {verb} {change} to {SECRET_MARKER}."


def test_a_file_name_ending_like_a_command_or_another_tools_flag_stays() -> None:
    for text in (
        "wget https://example.com/a.zip -P /downloads",
        "curl -o x.7z https://example.com/x.7z -p",
        "cp backup.zip -P /mnt",
        "gunzip -P x big.gz",
        "lftp -u deploy host",
        "rabbitmqctl list_users -p vhost1",
    ):
        assert redact_secrets(text) == text, text


def test_a_password_given_for_a_user_or_a_bare_word_after_password_goes() -> None:
    assert redact_secrets("Password for admin: abc12") == f"Password for admin: {SECRET_MARKER}"
    assert redact_secrets("  password: hunter\n") == f"  password: {SECRET_MARKER}\n"


def test_a_changelog_name_a_variable_or_a_prompt_keeps_its_word() -> None:
    for text in (
        "gnutls_session_get_master_secret: REMOVED",
        "GNUTLS_PKCS_NULL_PASSWORD: Added",
        "password: newPw",
        "pw: new_pw",
        "password: str",
        "[sudo] password for bob: ",
        "Password for root: none",
    ):
        assert redact_secrets(text) == text, text
