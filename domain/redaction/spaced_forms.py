"""Passwords a command line gives after their name and a blank, with no operator (ADR 0400).

``assignments`` ties a value to its name by an operator (``=``, ``:``) or a flag's dashes.
Some commands take the name and the value as two words: fish's ``set -x DB_PASSWORD abc12``,
csh's and launchd's ``setenv DB_PASSWORD abc12``, Windows' ``setx DB_PASSWORD abc12``, git's
``git config sendemail.smtppass abc12``; and ``htpasswd -b`` takes the password as its last
word (``htpasswd -b .htpasswd admin abc12``, ``htpasswd -nb admin abc12``). The command says
the word after a password's name is the value, so it is redacted at any length, with the
exceptions of ``explicit_forms`` (references, placeholders, masks, switches, types).
"""

from __future__ import annotations

from domain.lazy_pattern import LazyPattern, NeedlePositions
from domain.redaction.assignments import Span
from domain.redaction.explicit_forms import is_password_name
from domain.redaction.secret_values import ValueContext, is_literal_secret

# What may open the line before the command: blanks, a shell prompt, ``sudo``.
_OPENING = r"(?m)^[ \t]*+(?:[$>][ \t]+)?(?:sudo[ \t]+)?"
_VALUE = r"(?P<value>'[^'\n]*'|\"[^\"\n]*\"|[^\s'\";|&]+)"
_NAMED = LazyPattern(
    _OPENING + r"(?:"
    # fish: set -x/-gx/-Ux/--export … NAME VALUE; csh: set NAME = VALUE; plain set NAME VALUE
    r"set(?P<flags>(?:[ \t]+-[A-Za-z-]+)*)"
    r"|setenv|launchctl[ \t]+setenv|setx|SETX"
    # git config [--global|--file F|…] section.key VALUE (a key has a dot, an option a dash)
    r"|git[ \t]+(?:-c[ \t]+\S+[ \t]+)*config(?:[ \t]+-[^\s.]+(?:[ \t]+[^\s-]\S*)?)*?"
    r")[ \t]+(?P<name>[A-Za-z_][\w.\-]*)(?P<csh>[ \t]+=)?[ \t]+" + _VALUE
)
_ENV_NAME = LazyPattern(r"^[A-Z][A-Z0-9_]*$")
_HTPASSWD = LazyPattern(r"(?m)^[^\n]*?\bhtpasswd\b(?P<args>[^\n|;&]*)")
_HTPASSWD_FLAGS_WITH_VALUES = frozenset({"-C", "-r"})  # bcrypt's cost, SHA rounds
# The lines holding one of these may hold a password's name (``explicit_forms``' names).
_NEEDLES = ("pass", "pwd", "secret")
# How a line of ``_NAMED`` opens: a blank, a prompt, ``sudo`` or one of its commands.
_OPENINGS = (" ", "\t", "$", ">", "sudo", "set", "SETX", "launchctl", "git")
# Their first characters: a line opening on none of them (most of a log's) is passed over after
# one look at its first character, where ``startswith`` read its arguments and each opening.
_OPENING_CHARACTERS = frozenset(opening[0] for opening in _OPENINGS)


def spaced_secret_spans(
    text: str, lowered: str, positions: NeedlePositions | None = None
) -> list[Span]:
    """Where such passwords are in ``text`` (``lowered``: its lower case, offsets kept)."""
    positions = positions or NeedlePositions(lowered)
    spans: list[Span] = []
    # Each line holding a password's name is asked whether it opens on a command of these, at
    # the places of the needles the assignments' scan found: a scan of the text for ``set`` or
    # ``git``, or a regular expression tried at each line, cost more over a section of a log.
    tried: set[int] = set()
    for needle in _NEEDLES:
        for at in positions.of(needle):
            line_start = text.rfind("\n", 0, at) + 1
            if (
                text[line_start] not in _OPENING_CHARACTERS
                or line_start in tried
                or not text.startswith(_OPENINGS, line_start)
            ):
                continue
            tried.add(line_start)
            span = _named_value(text, line_start)
            if span is not None:
                spans.append(span)
    # ``htpasswd`` holds ``pass`` two characters in: looked for only where ``pass`` is.
    if any(lowered.startswith("htpasswd", at - 2) for at in positions.of("pass") if at >= 2):
        for match in _HTPASSWD.match_at_line_starts(text, ("htpasswd",), positions):
            span = _htpasswd_password(match)
            if span is not None:
                spans.append(span)
    return spans


def _named_value(text: str, line_start: int) -> Span | None:
    match = _NAMED.compiled.match(text, line_start)
    if match is None or not _names_a_password(match) or not _a_literal(match["value"]):
        return None
    return _unquoted(match.start("value"), match.group("value"))


def _names_a_password(match: object) -> bool:
    name: str = match.group("name")  # type: ignore[attr-defined]
    if not is_password_name(name):
        return False
    whole: str = match.group(0)  # type: ignore[attr-defined]
    command = whole.lstrip(" \t$>").removeprefix("sudo").lstrip()
    if not command.startswith("set") or command.startswith(("setenv", "setx")):
        return True  # setenv, setx, git config: a name and its value by definition
    # ``set``: fish's with a flag, csh's with ``=``; bare, a name only an environment has
    # (``set DB_PASSWORD abc12``), not prose (``set password for the user``).
    flags, csh = match.group("flags"), match.group("csh")  # type: ignore[attr-defined]
    return bool(flags) or bool(csh) or bool(_ENV_NAME.match(name))


def _a_literal(value: str) -> bool:
    quote = value[0] if value[0] in "'\"" else ""
    if quote and (len(value) < 2 or value[-1] != quote):
        return False  # a quoted value of several words, or a quote left open
    literal = value[1:-1] if quote else value
    return bool(literal) and is_literal_secret(
        literal, ValueContext(quoted=bool(quote), quote=quote, explicit=True)
    )


def _unquoted(start: int, value: str) -> Span:
    if value[0] in "'\"":
        return Span(start + 1, start + len(value) - 1)
    return Span(start, start + len(value))


def _htpasswd_password(match: object) -> Span | None:
    """``htpasswd -b[c] FILE USER PASSWORD``, ``htpasswd -nb USER PASSWORD``: with ``-b`` the
    password is the last of the words that are not flags."""
    args: str = match.group("args")  # type: ignore[attr-defined]
    at: int = match.start("args")  # type: ignore[attr-defined]
    words: list[tuple[int, str]] = []
    flags = ""
    offset, takes_value = 0, False
    for word in args.split():
        offset = args.index(word, offset)
        if takes_value:
            takes_value = False
        elif word.startswith("-") and len(word) > 1:
            flags += word[1:]
            takes_value = word in _HTPASSWD_FLAGS_WITH_VALUES
        else:
            words.append((at + offset, word))
        offset += len(word)
    wanted = 2 if "n" in flags else 3
    if "b" not in flags or len(words) < wanted:
        return None
    start, value = words[wanted - 1]
    return _unquoted(start, value) if _a_literal(value) else None
