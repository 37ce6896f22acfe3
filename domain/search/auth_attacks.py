"""Clients hammering one endpoint with failed logins: the brute-force pattern of a log.

Agents ask "which client is brute forcing the login", "any credential stuffing"; an access log
writes ``45.155.205.233 - - [03/Dec/2026:09:43:55 +0000] "POST /login HTTP/1.1" 401 …`` two
dozen times, sshd ``Failed password for invalid user admin from 203.0.113.5 port 52234 ssh2``,
each line on its own saying only that one login failed. The pattern is in the lines together:
one client refused by one endpoint (a 401/403 of a web server, sshd) again and again within a
few minutes — what fail2ban-style filters ban for. Found over a whole output (a log's chunks
each hold a few of the attempts), it is said in the words of the question in the facts of every
chunk holding one of them, and in its log title. Pure: a regular expression per line.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime

import attrs

from domain.precompiled import precompiled
from domain.search import tuning

# A refused request of the common/combined log format: client, time, method, path, status.
_REFUSED = precompiled(
    r"^(\S+) \S+ \S+ \[(\d{2}/\w{3}/\d{4}:\d{2}:\d{2}:\d{2})[^\]]*\] "
    r'"([A-Z]{3,7}) (\S+?)(?:\?\S*)? HTTP/[\d.]+" (40[13]) '
)
_TIME_FORMAT = "%d/%b/%Y:%H:%M:%S"
# sshd refusing a login (syslog or journald): ``Failed password for [invalid user] X from IP``,
# ``Invalid user X from IP``; timed by the line's clock (``Dec  3 09:43:55``).
_SSH_FAILED = precompiled(
    r"sshd(?:-session)?\[\d+\]: (?:Failed \S+ for (?:invalid user )?\S*|Invalid user \S*) "
    r"from (\S+) port \d+"
)
_CLOCK = precompiled(r"\b(\d{2}):(\d{2}):(\d{2})\b")
SSH_ENDPOINT = "ssh"
ATTACK_WORDS = "brute force credential stuffing attack"


@attrs.frozen
class FailedLogin:
    """One refused login: who tried, where (``POST /login``, ``ssh``) and when (seconds)."""

    client: str
    endpoint: str
    at: float


@attrs.frozen
class BruteForce:
    """One client's run of refused logins at one endpoint."""

    client: str
    endpoint: str
    failures: int


def failed_login(line: str) -> FailedLogin | None:
    """The refused login ``line`` records, if it records one."""
    if "HTTP/" in line and _refused_status(line) and (request := _REFUSED.match(line)):
        client, stamp, method, path = request.group(1, 2, 3, 4)
        try:
            at = datetime.strptime(stamp, _TIME_FORMAT).replace(tzinfo=UTC).timestamp()
        except ValueError:
            return None
        return FailedLogin(client, f"{method} {path}", at)
    if "sshd" in line and (ssh := _SSH_FAILED.search(line)):
        clock = _CLOCK.search(line, 0, ssh.start())
        if clock is None:
            return None
        hours, minutes, seconds = (int(part) for part in clock.groups())
        return FailedLogin(ssh.group(1), SSH_ENDPOINT, hours * 3600.0 + minutes * 60 + seconds)
    return None


def _refused_status(line: str) -> bool:
    """Whether ``line`` holds a refusal as ``_REFUSED`` reads one (its request's closing quote,
    the status, a space): most lines of an access log do not, and this spares them the match."""
    return '" 401 ' in line or '" 403 ' in line


# What a line ``failed_login`` reads a refusal from holds: a request's refused status as
# ``_refused_status`` reads it, or sshd's name.
_LOGIN_SIGNS = ('" 401 ', '" 403 ', "sshd")


def _lines_holding(text: str, needles: tuple[str, ...]) -> list[str]:
    """The lines of ``text`` holding one of ``needles``, in order, each once: a log of a
    million lines has a few thousand refusals, and only those lines are read."""
    starts: set[int] = set()
    for needle in needles:
        at = text.find(needle)
        while at >= 0:
            start = text.rfind("\n", 0, at) + 1
            starts.add(start)
            end = text.find("\n", at)
            at = text.find(needle, end) if end >= 0 else -1
    lines = []
    for start in sorted(starts):
        end = text.find("\n", start)
        lines.append(text[start:] if end < 0 else text[start:end])
    return lines


def _may_hold_failures(text: str) -> bool:
    return ("HTTP/" in text and (" 401 " in text or " 403 " in text)) or "sshd" in text


def brute_force_attempts(text: str) -> tuple[BruteForce, ...]:
    """Every client refused by one endpoint at least ``BRUTE_FORCE_MIN_FAILURES`` times within
    ``BRUTE_FORCE_WINDOW_SECONDS``, the most failures first (each with all its failures there)."""
    if not _may_hold_failures(text):
        return ()
    times: defaultdict[tuple[str, str], list[float]] = defaultdict(list)
    for line in _lines_holding(text, _LOGIN_SIGNS):
        if (login := failed_login(line)) is not None:
            times[(login.client, login.endpoint)].append(login.at)
    found = [
        BruteForce(client, endpoint, len(stamps))
        for (client, endpoint), stamps in times.items()
        if _most_within(sorted(stamps)) >= tuning.BRUTE_FORCE_MIN_FAILURES
    ]
    return tuple(sorted(found, key=lambda b: (-b.failures, b.client, b.endpoint)))


def _most_within(stamps: list[float]) -> int:
    """The most of ``stamps`` (sorted) that fall within one window."""
    most = start = 0
    for end, at in enumerate(stamps):
        while at - stamps[start] > tuning.BRUTE_FORCE_WINDOW_SECONDS:
            start += 1
        most = max(most, end - start + 1)
    return most


def attack_facts(text: str, attempts: tuple[BruteForce, ...]) -> str:
    """The words for the attempts ``text`` (one chunk of the output) holds a line of, naming
    their clients, or ``""``."""
    if not attempts or not _may_hold_failures(text):
        return ""
    wanted = {(a.client, a.endpoint) for a in attempts}
    clients: dict[str, None] = {}
    for line in _lines_holding(text, _LOGIN_SIGNS):
        login = failed_login(line)
        if login is not None and (login.client, login.endpoint) in wanted:
            clients[login.client] = None
    return f"{ATTACK_WORDS} {' '.join(clients)}" if clients else ""
