"""TLS is required off loopback: ``sslmode=verify-full`` added, weaker modes refused."""

from __future__ import annotations

import pytest

pytest.importorskip("psycopg")

from psycopg.conninfo import conninfo_to_dict

from adapters.postgres.conninfo import display, has_password, secure_conninfo
from domain.errors import ConfigError


def test_a_remote_host_gets_verify_full() -> None:
    params = conninfo_to_dict(secure_conninfo("postgresql://alice@db.example.com/capy"))
    assert params["sslmode"] == "verify-full"


@pytest.mark.parametrize("mode", ["disable", "allow", "prefer", "require", "verify-ca"])
def test_a_remote_host_with_a_weaker_mode_is_refused(mode: str) -> None:
    with pytest.raises(ConfigError) as raised:
        secure_conninfo(f"postgresql://alice@10.1.2.3/capy?sslmode={mode}")
    assert "verify-full" in raised.value.hint


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://alice@localhost/capy?sslmode=disable",
        "postgresql://alice@127.0.0.1:5433/capy?sslmode=disable",
        "postgresql://alice@[::1]/capy?sslmode=disable",
        "host=/var/run/postgresql dbname=capy sslmode=disable",
    ],
)
def test_loopback_and_sockets_may_use_any_mode(url: str) -> None:
    assert conninfo_to_dict(secure_conninfo(url))["sslmode"] == "disable"


def test_one_remote_host_among_several_needs_tls() -> None:
    with pytest.raises(ConfigError):
        secure_conninfo("host=localhost,db.example.com dbname=capy sslmode=prefer")


def test_passwords_are_detected_and_never_displayed() -> None:
    url = "postgresql://alice:hunter2@db.example.com:6432/capy"
    assert has_password(url)
    assert "hunter2" not in display(url)
    assert display(url) == "alice@db.example.com:6432/capy"
    assert not has_password("postgresql://alice@db.example.com/capy")
