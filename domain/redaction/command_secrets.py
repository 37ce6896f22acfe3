"""Passwords that commands and config formats take without a ``name=`` in front of them.

``mysql -pSECRET``, ``curl -u user:SECRET``, ``sshpass -p SECRET``, ``docker login -p SECRET``,
``redis-cli -a SECRET``, redis.conf ``requirepass SECRET``, ``~/.netrc`` ``password SECRET``,
``~/.pgpass`` lines and SQL ``IDENTIFIED BY 'SECRET'`` / ``PASSWORD 'SECRET'``. The context is
unambiguous, so any length counts; placeholders (``$PW``, ``<password>``) stay readable.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from domain.lazy_pattern import LazyPattern, NeedlePositions
from domain.redaction.assignments import Span
from domain.redaction.secret_values import is_placeholder
from domain.redaction.tool_passwords import SHELL_VALUE as _SHELL_VALUE
from domain.redaction.tool_passwords import TOOL_COMMANDS

_VALUE = r"(?P<q>['\"]?)(?P<secret>[^\s'\"]+)(?P=q)"


class _Command:
    """A command word, then each of ``steps`` at the first place after the one before, all
    before the command ends (at one of ``ends``); the last step holds the secret. The same as
    ``word[^ends]*?step[^ends]*?step…`` read by a backtracking matcher, without its cost: that
    re-read the rest of the line from every command word of a line holding many."""

    # A plain class, not ``typing.NamedTuple``: building a named tuple compiles source on every
    # import, which every capturing hook would pay.
    __slots__ = ("ends", "flags", "mark", "names", "steps", "triggers", "word")

    def __init__(
        self,
        # one of these in the lower-cased text (when given), or the command is absent
        triggers: tuple[str, ...],
        word: LazyPattern,
        steps: tuple[LazyPattern, ...],
        ends: LazyPattern,
        *,
        names: tuple[str, ...] = (),  # when given, one of these too: the command word's spellings
        flags: tuple[str, ...] = (),  # when given, one of these too: where a step can match
        mark: str | None = None,  # when given, this too: asked first, once for every command
    ) -> None:
        self.triggers, self.word, self.steps, self.ends = triggers, word, steps, ends
        self.names, self.flags, self.mark = names, flags, mark


_SHELL_END = LazyPattern(r"[\n|;&]")
# The flag that ``mysql``, the registry logins and ``sshpass`` take the password after: a text
# without it (most, a web log among them) is spared the search for their words, one scan where
# it was six (the registry tools' names are looked for where a log's ``/login`` is).
_DASH_P = "-p"
# A command's name is a whole word: ``\bname\b``, with the leading ``\b`` written after the first
# letter as "no word character before it" (``m(?<!\wm)ysql``), the same condition, as a letter
# is a word character. Opening on ``\b`` the pattern was tried at every position of the text
# (~27 ms per MB); opening on letters, the regex engine skips ahead to them (1–8 ms).
_COMMANDS: tuple[_Command, ...] = (
    _Command(
        ("mysql",),
        LazyPattern(r"m(?<!\wm)ysql(?:dump|admin|import|sh|check)?\b"),
        (LazyPattern(rf"[ \t]-p{_VALUE}"),),
        _SHELL_END,
        mark=_DASH_P,
    ),
    _Command(
        ("-u",),
        LazyPattern(r"(?:c(?<!\wc)url|w(?<!\ww)get|h(?<!\wh)ttps?|x(?<!\wx)h)\b"),
        (LazyPattern(r"[ \t](?:-u|--user)[ =]?['\"]?[^\s:'\"]+:(?P<secret>[^\s'\"@]+)"),),
        _SHELL_END,
        # Where the step can match: ``-u`` or ``--user`` after a blank. ``-u`` alone is in
        # every ``x86_64-unknown-linux`` and ``re-use``, and ``http`` in every URL: the search
        # for the command ran on most real outputs.
        flags=(" -u", "\t-u", " --user", "\t--user"),
        mark="-u",  # asked once, for lftp's ``-u user,password`` too; the trigger again after
    ),
    _Command(
        ("login",),
        LazyPattern(r"(?:d(?<!\wd)ocker|p(?<!\wp)odman|h(?<!\wh)elm|o(?<!\wo)ras)\b"),
        (LazyPattern(r"l(?<!\wl)ogin\b"), LazyPattern(rf"[ \t]-p[ =]?{_VALUE}")),
        _SHELL_END,
        # A web log's ``/login`` is no registry login: without one of the tools named, the
        # search for their names through the whole text is spared.
        names=("docker", "podman", "helm", "oras"),
        mark=_DASH_P,
    ),
    _Command(
        ("redis-cli",),
        LazyPattern(r"r(?<!\wr)edis-cli\b"),
        (LazyPattern(rf"[ \t]-a[ \t]+{_VALUE}"),),
        _SHELL_END,
    ),
    _Command(  # SQL Server's sqlcmd and bcp: -P the password
        ("sqlcmd", "bcp"),
        LazyPattern(r"(?:s(?<!\ws)qlcmd|b(?<!\wb)cp)\b"),
        (LazyPattern(rf"[ \t]-P[ \t]*{_SHELL_VALUE}"),),
        _SHELL_END,
        mark=_DASH_P,
    ),
    _Command(  # MongoDB's shells and tools: -p the password (--port is the port)
        ("mongo",),
        LazyPattern(r"m(?<!\wm)ongo(?:sh|dump|restore|import|export|stat|top|files)?\b"),
        (LazyPattern(rf"[ \t]-p[ \t]+{_SHELL_VALUE}"),),
        _SHELL_END,
        mark=_DASH_P,
    ),
    _Command(  # Samba: -U user%password
        ("smbclient", "rpcclient", "smbmap"),
        LazyPattern(r"(?:s(?<!\ws)mbclient|r(?<!\wr)pcclient|s(?<!\ws)mbmap)\b"),
        (LazyPattern(r"[ \t](?:-U|--user)[ =]?['\"]?[^\s%'\"]+%(?P<secret>[^\s'\"]+)"),),
        _SHELL_END,
        mark="%",  # one character, looked for at memory speed
    ),
    _Command(  # SQL: CREATE USER x IDENTIFIED [WITH plugin] BY 'secret'
        ("identified",),
        LazyPattern(r"(?i)\b(?:user|role)\b"),
        (
            LazyPattern(
                r"(?i)\bidentified[ \t]+(?:with[ \t]+\w+[ \t]+)?by[ \t]+'(?P<secret>[^'\n]+)'"
            ),
        ),
        LazyPattern(r"[\n;]"),
    ),
    *(
        _Command(triggers, word, steps, _SHELL_END, mark=mark)
        for triggers, word, steps, mark in TOOL_COMMANDS
    ),
)
# Each pattern with the mark it needs (``None``: none) and the words one of which the text must
# hold for it to be worth running.
_PATTERNS: tuple[tuple[str | None, tuple[str, ...], LazyPattern], ...] = (
    (_DASH_P, ("sshpass",), LazyPattern(rf"s(?<!\ws)shpass[ \t]+-p[ \t]*{_VALUE}")),
    (
        None,
        ("requirepass", "masterauth", "masterpass"),
        LazyPattern(rf"(?im)^[ \t]*(?:requirepass|masterauth|masterpass)[ \t]+{_VALUE}"),
    ),
    (  # openssl … -passin pass:secret, -passout pass:secret
        ":",
        ("pass:",),
        LazyPattern(rf"[ \t]-\w*pass\w*[ \t]+pass:{_SHELL_VALUE}"),
    ),
    (  # echo 'user:secret' | chpasswd (the user tried once a run of its characters, ADR 0069)
        "|",
        ("chpasswd",),
        LazyPattern(
            r"(?P<q>['\"]?)(?<![\w.-])[\w.-]+:(?P<secret>[^\s'\":]+)(?P=q)[ \t]*\|[ \t]*"
            r"(?:sudo[ \t]+)?chpasswd\b"
        ),
    ),
    (  # SQL: CREATE ROLE x WITH PASSWORD 'secret', CREATE USER x PASSWORD 'secret'
        None,
        ("password",),
        LazyPattern(
            r"(?i)\b(?:with|login|encrypted|unencrypted|user|role"
            r"|alter[ \t]+(?:user|role)[ \t]+[\w\"]+)[ \t]+password[ \t]+"
            r"'(?P<secret>[^'\n]+)'"
        ),
    ),
)
_NETRC = LazyPattern(
    r"(?:^|\s)(?:machine[ \t]+\S+|default)(?:\s+(?:login|account|port|protocol)\s+\S+)*"
    rf"\s+password\s+{_VALUE}"
)
_PGPASS = LazyPattern(r"(?m)^[^:\s#]+:(?:\d{1,5}|\*):[^:\s]+:[^:\s]+:(?P<secret>[^\s]+)$")
# What every ``_PGPASS`` match holds from its first colon on; opening on a literal ``:``, it is
# looked for at the colons only, where ``_PGPASS`` is tried at every position of the text. Its
# runs are possessive: each is followed by a character it cannot hold, so giving some back never
# makes a match, and a try at a timestamp's colon stops at once instead of backing off.
_PGPASS_HINT = LazyPattern(r":(?:\d{1,5}+|\*):[^:\s]++:[^:\s]++:\S")
# How much of a text's start is read to choose how the hint is asked: enough lines to tell a log.
_HEAD = 1 << 16
# A text this short is asked the hint whole: its few colons cost less than counting and splitting.
_SHORT = 1 << 12


def command_secret_spans(
    text: str, lowered: str, positions: NeedlePositions | None = None
) -> Iterator[Span]:
    """Where such passwords are; ``lowered`` is ``text.lower()`` (for cheap look-ups), ``positions``
    where needles already looked for are in it (``requirepass`` is looked for only where
    ``pass`` is, when it is in few places)."""
    positions = positions or NeedlePositions(lowered)
    # ``-u`` and ``redis-cli`` are looked for at the dashes when a text has few (a log's dates).
    positions.note_if_few("-")
    holds = positions.holds
    asked: dict[str, bool] = {}  # each mark looked for, and whether the text holds it
    for command in _COMMANDS:
        if (
            _holds_mark(command.mark, asked, holds, lowered)
            and any(holds(trigger) for trigger in command.triggers)
            and (not command.names or any(name in lowered for name in command.names))
            and (not command.flags or any(flag in lowered for flag in command.flags))
        ):
            yield from _secrets(_command_matches(command, text))
    for mark, triggers, pattern in _PATTERNS:
        if _holds_mark(mark, asked, holds, lowered) and any(holds(trigger) for trigger in triggers):
            yield from _secrets(pattern.finditer(text))
    # What every ``_NETRC`` match holds: ``password`` and ``machine`` or ``default``; ``login`` is
    # optional in a ``.netrc`` entry (``machine h password pw``), so it gates nothing.
    if "password" in lowered and ("machine" in lowered or "default" in lowered):
        yield from _secrets(_NETRC.finditer(text))
    if _holds_colons(text, 4) and _holds_pgpass_hint(text):
        yield from _secrets(_PGPASS.finditer(text))


def _holds_mark(
    mark: str | None, asked: dict[str, bool], holds: Callable[[str], bool], text: str
) -> bool:
    """Whether ``text`` holds ``mark`` (``True`` for none), looked for once for all that ask."""
    if mark is None:
        return True
    held = asked.get(mark)
    if held is None:
        # One character is looked for at memory speed, cheaper than asking the needles' places.
        held = asked[mark] = (mark in text) if len(mark) == 1 else holds(mark)
    return held


def _holds_colons(text: str, count: int) -> bool:
    """``text.count(":") >= count``, stopping at the last one needed: a one-character ``find``
    skips ahead in C at memory speed, where ``count`` compares every character."""
    at = -1
    for _ in range(count):
        at = text.find(":", at + 1)
        if at < 0:
            return False
    return True


def _holds_pgpass_hint(text: str) -> bool:
    """Whether a ``.pgpass`` line can be in ``text``: ``_PGPASS_HINT`` found in it, or, when it
    is long and its start holds more colons than line breaks (a log's timestamps, three a line),
    in one of its lines holding no space. Each try of the hint at a colon costs ~800
    instructions; a ``.pgpass`` line is a whole line without a blank, so the lines holding one (a
    log's all) are passed over in C, and the hint asked of the others only."""
    head = _HEAD
    if len(text) <= _SHORT or text.count(":", 0, head) <= text.count("\n", 0, head):
        return _PGPASS_HINT.search(text) is not None
    search = _PGPASS_HINT.search
    return any(search(line) is not None for line in _blank_free_lines(text))


def _blank_free_lines(text: str) -> Iterator[str]:
    """The lines of ``text`` that hold no space, read ``_HEAD`` characters at a time (cut at a
    line break): splitting a 10 MB output whole would hold its lines beside it, ~15 MB more
    at the server's peak."""
    start, size = 0, len(text)
    while start < size:
        end = text.find("\n", min(start + _HEAD, size))
        end = size if end < 0 else end
        yield from (line for line in text[start:end].split("\n") if " " not in line)
        start = end + 1


def _command_matches(command: _Command, text: str) -> Iterator[re.Match[str]]:
    """The last step's match of each use of ``command``, left to right without overlaps."""
    word, ends = _Resumed(command.word, text), _Resumed(command.ends, text)
    steps = [_Resumed(step, text) for step in command.steps]
    at = 0
    while (found := word.search(at)) is not None:
        last, end = found, ends.position(found.end())
        for following in steps:
            step = following.search(last.end())
            if step is None or step.start() > end:
                break
            last, end = step, ends.position(step.end())
        else:
            yield last
            at = last.end()
            continue
        at = end  # every later command word before ``end`` has fewer places after it


class _Resumed:
    """The leftmost match at or after a position, for positions that mostly grow: a search
    that found nothing before its match answers every position up to it, so each part of the
    text is searched once."""

    def __init__(self, pattern: LazyPattern, text: str) -> None:
        self._pattern, self._text = pattern, text
        self._since = len(text) + 1
        self._found: re.Match[str] | None = None

    def search(self, at: int) -> re.Match[str] | None:
        if not (self._since <= at and (self._found is None or at <= self._found.start())):
            self._found, self._since = self._pattern.search(self._text, at), at
        return self._found

    def position(self, at: int) -> int:
        """Where the match at or after ``at`` starts; the text's end when there is none."""
        found = self.search(at)
        return len(self._text) if found is None else found.start()


def _secrets(matches: Iterator[re.Match[str]]) -> Iterator[Span]:
    for match in matches:
        secret = match.group("secret")
        if any(c.isalnum() for c in secret) and not is_placeholder(secret):
            yield Span(match.start("secret"), match.end("secret"))
