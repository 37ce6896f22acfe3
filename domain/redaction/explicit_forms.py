"""Forms that say the value after a password's name is the password itself (ADR 0391).

A value after a secret's name counts from 8 characters on (``secret_values``): a shorter one
is as often code, a type or a word. Some forms leave no doubt that the value is a literal
credential: an environment line (``export DB_PASSWORD=hunter2``, ``PGPASSWORD=abc12 psql``,
a ``.env`` line, ``ENV``, ``$env:``, ``docker run -e X=…``), a quoted literal
(``DB_PASS="s3cret"``), a flag (``--password qwerty1``, ``--password=qwerty1``) and a
connection string's ``Password=abc12;``. After a password's name (``password``, ``passwd``,
``passphrase``, ``pwd``, ``pass``, ``secret``, or a name ending in one), such a value is a
secret at any length: references, placeholders, masks, switches and types stay. Measured over
the third-party text of this machine, no floor from 1 to 7 characters spared a line of code
that none spares; each only let through more documented example passwords.
"""

from __future__ import annotations

from domain.lazy_pattern import LazyPattern
from domain.redaction.secret_names import secret_word
from domain.redaction.secret_values import MIN_SECRET_CHARS

_PASSWORD_WORDS = frozenset(
    {"password", "passwd", "passphrase", "pwd", "pass", "secret", "requirepass", "masterauth"}
    | {"storepass", "keypass", "smtppass"}
)
_PASSWORD_ENDINGS = ("password", "passwd", "passphrase", "secret")
_PUNCTUATION = ".,;:!?"
_COMPARISONS = ("==", "===")
# A number, a hexadecimal one, a version: ``secret: 42``, ``pwd: 3.0-`` (typeshed's VERSIONS).
_NUMBER = LazyPattern(r"^[+-]?(?:0[xX][0-9A-Fa-f]+|[0-9][0-9._-]*)$")
# What may come before an environment variable's name on its line besides a command word.
_ENV_FLAGS = ("-e ", "--env ", "--env=", "-e=")


def is_password_name(name: str) -> bool:
    """``DB_PASSWORD``, ``PGPASSWORD``, ``db_pass``, ``client_secret``; not ``api_key``,
    ``SECRET_KEY`` (a key), ``GITHUB_TOKEN``: tokens and keys are generated, and long."""
    word = secret_word(name)
    return word in _PASSWORD_WORDS or (len(word) > 6 and word.endswith(_PASSWORD_ENDINGS))


def gives_a_password(
    text: str, start: int, name: str, value: tuple[int, str, str], form: tuple[str, bool, bool]
) -> bool:
    """Whether the short ``value`` (where it ends, past its quote, its text and its quote)
    given to ``name`` (starting at ``start``, a flag's dashes included) is a password written
    as a literal. ``form``: the operator, whether a blank stands on either side of it
    (``password = pw``, as code assigns a name; ``--passphrase= may be empty``) and whether
    the name opens its line (after ``export``, ``-`` …)."""
    operator, loose, line_form = form
    if len(value[1]) >= MIN_SECRET_CHARS or not is_password_name(name):
        return False  # from 8 characters on any literal counts, whatever its form
    if loose and operator == "=" and not value[2]:
        return False
    return says_a_literal(text, start, value, operator=operator, line_form=line_form)


def flag_gives_a_password(name: str, value: str, quote: str) -> bool:
    """``--password qwerty1``, ``--password "abc"``; in prose a flag is followed by words
    (``--password option``, ``--passphrase with --quick-gen-key``), which a bare value made
    only of letters is taken for."""
    if len(value) >= MIN_SECRET_CHARS or not is_password_name(name):
        return False
    return quoted_literal(value, quote) if quote else not _a_word(value)


def _a_word(value: str) -> bool:
    return value.rstrip(_PUNCTUATION).isalpha()


def _a_name(value: str) -> bool:
    """Letters, maybe joined by ``_``: a type or a variable (``str``, ``new_pw``)."""
    return value.replace("_", "").isalpha()


def quoted_literal(value: str, quote: str) -> bool:
    """A string literal: not a command's output in backquotes (``PWD=`pwd```, ``"'`pwd`'"``),
    nor the words between two strings (``'passwd:' and 'group:'``), which begin or end with a
    blank."""
    return quote != "`" and "`" not in value and value.strip() == value


def says_a_literal(
    text: str, start: int, value: tuple[int, str, str], *, operator: str, line_form: bool
) -> bool:
    """Whether ``value`` (where it ends, past its quote, its text and its quote), given with
    ``operator`` to the name starting at ``start`` (a flag's dashes included), is written as a
    literal credential; ``line_form``: the name opens its line (after ``export``, ``-`` …)."""
    end, literal, quote = value
    if operator in _COMPARISONS:
        return False  # user_pass == "git": a test of a value, no credential given
    if quote:
        return quoted_literal(literal, quote)
    line_end = text.find("\n", end)
    after = text[end : None if line_end < 0 else line_end]
    if operator == ":" and line_form:
        # password: Tr0ub4d, alone on its line; ``password: str`` is a type, ``pw: new_pw`` a
        # variable, ``pwd: i32,`` a
        # field of a struct, ``secret: 42`` and ``pwd: 3.0-`` numbers.
        ends_its_line = after.strip() == "" or after.lstrip().startswith("#")
        return ends_its_line and not _a_name(literal) and not _NUMBER.match(literal)
    if operator != "=":
        return False
    if text.startswith("--", start) or after.startswith(";") or text[start - 1 : start] == ";":
        return True  # --password=…, Server=db;Password=…;
    if not (after == "" or after[0] in " \t\r"):
        return False  # password=pw) closes a call: code
    if text[max(0, start - 6) : start].endswith(_ENV_FLAGS):
        return True
    if not line_form:
        return False
    # Indented with nothing before the name, a lower-case name is a call's last argument
    # (``    password=pw`` above a ``)``); an upper-case one is an environment variable.
    line_start = text.rfind("\n", 0, start) + 1
    indented = text[line_start:start].isspace()
    return not indented or text[start:end].split("=", 1)[0].isupper()
