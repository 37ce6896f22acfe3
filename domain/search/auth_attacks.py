"""Clients hammering one endpoint with failed logins: the brute-force pattern of an access log.

Agents ask "which client is brute forcing the login", "any credential stuffing"; an access log
writes ``45.155.205.233 - - [03/Dec/2026:09:43:55 +0000] "POST /login HTTP/1.1" 401 …`` two
dozen times, each line on its own saying only "unauthorized". The pattern is in the lines
together: one client refused (401/403) by one endpoint again and again within a few minutes —
what fail2ban-style filters ban for. Found over a whole output (a log's chunks each hold a few of
the attempts), it is said in the words of the question in the facts of every chunk holding one
of them. Pure: one regular expression over the text, no state.
"""

from __future__ import annotations

import re
from collections import defaultdict
from datetime import UTC, datetime

import attrs

from domain.search import tuning

# A refused request of the common/combined log format: client, time, method, path, status.
_REFUSED = re.compile(
    r"^(\S+) \S+ \S+ \[(\d{2}/\w{3}/\d{4}:\d{2}:\d{2}:\d{2})[^\]]*\] "
    r'"([A-Z]{3,7}) (\S+?)(?:\?\S*)? HTTP/[\d.]+" (40[13]) ',
    re.MULTILINE,
)
_TIME_FORMAT = "%d/%b/%Y:%H:%M:%S"
ATTACK_WORDS = "brute force credential stuffing attack"


@attrs.frozen
class BruteForce:
    """One client's run of refused requests to one endpoint (``POST /login``)."""

    client: str
    endpoint: str
    failures: int


def brute_force_attempts(text: str) -> tuple[BruteForce, ...]:
    """Every client refused by one endpoint at least ``BRUTE_FORCE_MIN_FAILURES`` times within
    ``BRUTE_FORCE_WINDOW_SECONDS``, the most failures first (each with all its failures there)."""
    if "HTTP/" not in text or (" 401 " not in text and " 403 " not in text):
        return ()
    times: defaultdict[tuple[str, str], list[float]] = defaultdict(list)
    for match in _REFUSED.finditer(text):
        client, stamp, method, path = match.group(1, 2, 3, 4)
        try:
            at = datetime.strptime(stamp, _TIME_FORMAT).replace(tzinfo=UTC).timestamp()
        except ValueError:
            continue
        times[(client, f"{method} {path}")].append(at)
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
    if not attempts:
        return ""
    wanted = {(a.client, a.endpoint) for a in attempts}
    clients = dict.fromkeys(
        match.group(1)
        for match in _REFUSED.finditer(text)
        if (match.group(1), f"{match.group(3)} {match.group(4)}") in wanted
    )
    return f"{ATTACK_WORDS} {' '.join(clients)}" if clients else ""
