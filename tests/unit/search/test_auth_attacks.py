"""A client refused by one endpoint again and again is brute forcing it: search can say so."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from application.use_cases.index_request import IndexRequest
from domain.chunking import chunk
from domain.content_type import ContentType
from domain.search import auth_attacks
from domain.search.auth_attacks import BruteForce, attack_facts, brute_force_attempts
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS, SourceKind
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions

LINE = (
    '{ip} - - [03/Dec/2026:{t} +0000] "{m} {p} HTTP/1.1" {c} 32 "-" "Go-http-client/1.1" rt=0.001'
)
ATTACKER = "45.155.205.233"


def access(ip: str, minute: int, second: int, method: str, path: str, code: int) -> str:
    return LINE.format(ip=ip, t=f"09:{minute:02d}:{second:02d}", m=method, p=path, c=code)


def traffic(failed_logins: int, spread_minutes: int = 0) -> str:
    """A few hundred ordinary requests, a user mistyping a password twice, and
    ``failed_logins`` refused logins of one client spread over ``spread_minutes``."""
    lines = [
        access("198.51.100.23", s // 60, s % 60, "GET", f"/api/orders/{s}", 200) for s in range(300)
    ]
    lines[10] = access("203.0.113.7", 0, 10, "POST", "/login", 401)
    lines[11] = access("203.0.113.7", 0, 11, "POST", "/login", 401)
    for n in range(failed_logins):
        minute = n * spread_minutes // max(failed_logins, 1)
        lines[40 + n * 9] = access(ATTACKER, minute, n % 60, "POST", "/login", 401)
    return "\n".join(lines)


def test_a_client_refused_ten_times_within_ten_minutes_is_brute_forcing() -> None:
    assert brute_force_attempts(traffic(24)) == (BruteForce(ATTACKER, "POST /login", 24),)


def test_a_few_mistyped_passwords_or_failures_spread_over_hours_are_not() -> None:
    assert brute_force_attempts(traffic(9)) == ()
    assert brute_force_attempts(traffic(12, spread_minutes=300)) == ()
    assert brute_force_attempts("GET / 401 but no request line") == ()


def test_only_the_chunks_holding_an_attempt_name_it_and_its_client() -> None:
    attempts = brute_force_attempts(traffic(24))
    held = access(ATTACKER, 0, 1, "POST", "/login", 401)
    other = access("203.0.113.7", 0, 1, "POST", "/login", 401)
    assert attack_facts(held, attempts) == f"brute force credential stuffing attack {ATTACKER}"
    assert attack_facts(other, attempts) == ""
    chunks = chunk(traffic(24), ContentType.PLAINTEXT)
    flagged = [c for c in chunks if "brute force" in c.facts]
    assert flagged and all(ATTACKER in c.content for c in flagged)
    assert all(
        "brute force ×" in c.title and f"(POST /login from {ATTACKER})" in c.title for c in flagged
    )
    assert all(ATTACKER not in c.content for c in chunks if c not in flagged)


def test_search_finds_the_brute_forcing_client_in_an_access_log() -> None:
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    container.use_cases.index_content().execute(
        IndexRequest(content=traffic(24), label="access.log", kind=SourceKind.EPHEMERAL)
    )
    search = container.use_cases.search_knowledge()
    every_kind = SearchScope(kinds=ALL_KINDS, kinds_explicit=True)
    found = search.search("which client is brute forcing the login", 3, every_kind)
    assert found.results and ATTACKER in found.results[0].snippet


def auth_log(failures: int) -> str:
    """sshd's journal: ordinary sessions, and ``failures`` refused logins of one address."""
    lines = [
        f"Dec 03 09:{n // 60:02d}:{n % 60:02d} web-01 sshd[{900 + n}]: Accepted publickey for "
        f"deploy from 192.0.2.10 port {40000 + n} ssh2"
        for n in range(120)
    ]
    for n in range(failures):
        lines[5 + n * 4] = (
            f"Dec 03 09:00:{n:02d} web-01 sshd[{2000 + n}]: Failed password for invalid user "
            f"admin{n} from 203.0.113.99 port {50000 + n} ssh2"
        )
    return "\n".join(lines)


def test_sshd_refusing_one_address_again_and_again_is_a_brute_force_too() -> None:
    assert brute_force_attempts(auth_log(12)) == (BruteForce("203.0.113.99", "ssh", 12),)
    assert brute_force_attempts(auth_log(3)) == ()
    chunks = chunk(auth_log(12), ContentType.PLAINTEXT)
    flagged = [c for c in chunks if "brute force" in c.facts]
    assert flagged
    assert all("failed login brute force ×" in c.title for c in flagged)
    assert all("(ssh from 203.0.113.99)" in c.title for c in flagged)


def test_search_finds_the_address_brute_forcing_ssh() -> None:
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    container.use_cases.index_content().execute(
        IndexRequest(content=auth_log(12), label="journalctl -u ssh")
    )
    found = container.use_cases.search_knowledge().search("which address is brute forcing ssh")
    assert found.results and "203.0.113.99" in found.results[0].snippet


@settings(max_examples=200, deadline=None)
@given(st.from_regex(auth_attacks._REFUSED))
def test_every_refused_request_holds_the_sign_that_lets_the_pattern_run(text: str) -> None:
    match = auth_attacks._REFUSED.search(text)
    assert match is not None
    assert auth_attacks._refused_status(match.group())
