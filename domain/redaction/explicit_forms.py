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

from itertools import pairwise

from domain.lazy_pattern import LazyPattern
from domain.redaction.secret_names import secret_word
from domain.redaction.secret_values import MIN_SECRET_CHARS

_PASSWORD_WORDS = frozenset(
    {"password", "passwd", "passphrase", "pwd", "pass", "secret", "requirepass", "masterauth"}
    | {"storepass", "keypass", "smtppass"}
)
_PASSWORD_ENDINGS = ("password", "passwd", "passphrase", "secret")
# The names a word of letters after ``password:`` is taken for a password under (ADR 0411).
_BARE_NAMES = frozenset({"password", "passwd", "passphrase", "pwd", "pass"})
_PUNCTUATION = ".,;:!?"
_COMPARISONS = ("==", "===")
# A number, a hexadecimal one, a version: ``secret: 42``, ``pwd: 3.0-`` (typeshed's VERSIONS).
_NUMBER = LazyPattern(r"^[+-]?(?:0[xX][0-9A-Fa-f]+|[0-9][0-9._-]*)$")
# What may come before an environment variable's name on its line besides a command word.
_ENV_FLAGS = ("-e ", "--env ", "--env=", "-e=")
# The word before an environment variable given to a command, past the line's start
# (``FOO=1 PGPASSWORD=abc12 psql``, ``sudo PGPASSWORD=…``, ``heroku config:set X=…``).
_ENV_WORDS = frozenset({"sudo", "doas", "env", "set", "config:set", "secrets:set"})
_ENV_ASSIGNMENT = LazyPattern(r"^[A-Za-z_][A-Za-z0-9_]*=\S*$")
# Its start only after a character no name holds: a search tries a run of capitals once.
_ENV_NAME = LazyPattern(r"(?<![A-Z0-9_])[A-Z][A-Z0-9_]*=")
_INI_HEADER = LazyPattern(r'^\[[\w.\- "]+\]$')
_INI_KEY = LazyPattern(r"^[\w.\-]+[ \t]*[=:]")
_OPTION_FLAGS = frozenset({"-o", "--options"})  # mount's, sshfs's: a list parted by commas
_LITERAL_FLAG = "--from-literal="  # kubectl create secret generic … --from-literal=KEY=VALUE
_INI_REACH = 64  # lines looked at above the value's for the section's header


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
        # ``password = hunter`` is code assigning a name, but not under an INI section's
        # header (``[client]``, git's ``[sendemail]``), where a line gives a key its value.
        return line_form and ini_value(text, start, value[0])
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


def _a_bare_word_password(text: str, start: int, literal: str) -> bool:
    """``password: hunter`` alone on its line, under a bare password's name (ADR 0411): a word
    of letters, not a variable (``new_pw``, ``newPw``). After a longer name the word is a
    changelog's (``gnutls_session_get_master_secret: REMOVED``)."""
    name = text[start : text.find(":", start)].lstrip("-").lower()
    if name not in _BARE_NAMES or "_" in literal:
        return False
    return not any(a.islower() and b.isupper() for a, b in pairwise(literal))


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
        if not ends_its_line or _NUMBER.match(literal):
            return False
        return not _a_name(literal) or _a_bare_word_password(text, start, literal)
    if operator != "=":
        return False
    if text.startswith("--", start) or after.startswith(";") or text[start - 1 : start] == ";":
        return True  # --password=…, Server=db;Password=…;
    if _an_option(text, start, after):
        return True  # mount -o user=x,password=…; kubectl … --from-literal=password=…
    if not (after == "" or after[0] in " \t\r"):
        return False  # password=pw) closes a call: code
    if text[max(0, start - 6) : start].endswith(_ENV_FLAGS):
        return True
    if not line_form:
        return _after_an_env_word(text, start, end)
    # Indented with nothing before the name, a lower-case name is a call's last argument
    # (``    password=pw`` above a ``)``); an upper-case one is an environment variable.
    line_start = text.rfind("\n", 0, start) + 1
    indented = text[line_start:start].isspace()
    return not indented or text[start:end].split("=", 1)[0].isupper()


def _after_an_env_word(text: str, start: int, end: int) -> bool:
    """``FOO=1 PGPASSWORD=abc12 psql``, ``sudo PGPASSWORD=abc12``: an upper-case name after
    another variable or a command that passes the environment on, the word before it
    preceded by a blank (``f(a, PASSWORD=pw)`` is a call's argument)."""
    if not _ENV_NAME.match(text, start):
        return False
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start]
    if not before[-1:].isspace():
        return False
    words = before.split()
    if not words:
        return False
    last = words[-1]
    return last in _ENV_WORDS or bool(_ENV_ASSIGNMENT.match(last))


def ini_value(text: str, start: int, end: int) -> bool:
    """``password = abc12`` ending its line in an INI file: above it, up to the section's
    header (``[client]``, ``[sendemail]``), only other keys, comments and blank lines."""
    line_end = text.find("\n", end)
    after = text[end : None if line_end < 0 else line_end].strip()
    if after and not after.startswith(("#", ";")):
        return False
    at = text.rfind("\n", 0, start)
    for _ in range(_INI_REACH):
        if at < 0:
            return False
        above = text.rfind("\n", 0, at) + 1
        line = text[above:at].strip()
        at = above - 1
        if not line or line.startswith(("#", ";")) or _INI_KEY.match(line):
            continue
        return bool(_INI_HEADER.match(line))
    return False


def _an_option(text: str, start: int, after: str) -> bool:
    """``-o username=admin,password=abc12`` (mount, sshfs) and ``--from-literal=password=abc12``
    (kubectl): the name is a word of a command's option, the value ends at a comma or a blank."""
    if not (after == "" or after[0] in ", \t\r"):
        return False
    token_start = max(text.rfind(" ", 0, start), text.rfind("\t", 0, start)) + 1
    token_start = max(token_start, text.rfind("\n", 0, start) + 1)
    head = text[token_start:start]
    if head == _LITERAL_FLAG:
        return after[:1] != ","
    if head and not head.endswith(","):
        return False
    if head and not all("=" in part for part in head[:-1].split(",")):
        return False  # not a list of options (``a,b,password=``)
    previous = text[text.rfind("\n", 0, token_start) + 1 : token_start].split()
    return bool(previous) and previous[-1] in _OPTION_FLAGS
