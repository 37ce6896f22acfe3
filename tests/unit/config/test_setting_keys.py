"""Each setting key accepts exactly the values it documents."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.settings import SETTING_KEYS, Settings, settings_from_values


def parse(name: str, value: object) -> object:
    return SETTING_KEYS[name].parse(value)


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("store.path", "", ""),
        ("store.path", "kb/knowledge.db", "kb/knowledge.db"),
        ("store.title_weight", 3, 3.0),
        ("store.title_weight", 0.5, 0.5),
        ("store.max_source_bytes", 1, 1),
        ("store.cleanup.ephemeral_ttl_hours", 1, 1),
        ("store.cleanup.session_ttl_days", 365, 365),
        ("store.cache.fetch_ttl_hours", 2, 2),
        ("executor.timeout", 0.5, 0.5),
        ("executor.max_output_bytes", 4096, 4096),
        ("executor.env_passthrough", ["GOPATH", "JAVA_HOME", "GOPATH"], ("GOPATH", "JAVA_HOME")),
        (
            "fetch.allow_private_hosts",
            ["LocalHost", "127.0.0.1:8080", "[::1]", "[fd00::1]:9000", "intranet.example"],
            ("localhost", "127.0.0.1:8080", "[::1]", "[fd00::1]:9000", "intranet.example"),
        ),
    ],
)
def test_accepted_values(name: str, value: object, expected: object) -> None:
    assert parse(name, value) == expected


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("store.path", 3),
        ("store.title_weight", 0),
        ("store.title_weight", -1.5),
        ("store.title_weight", float("nan")),
        ("store.title_weight", True),
        ("store.title_weight", "2"),
        ("store.max_source_bytes", 0),
        ("store.max_source_bytes", 1.5),
        ("store.cleanup.ephemeral_ttl_hours", 0),
        ("store.cleanup.session_ttl_days", -3),
        ("store.cache.fetch_ttl_hours", False),
        ("executor.timeout", 0),
        ("executor.max_output_bytes", "big"),
        ("executor.env_passthrough", "PATH"),
        ("executor.env_passthrough", ["NOT-A-NAME"]),
        ("executor.env_passthrough", ["CAPY_DB_KEY"]),
        ("executor.env_passthrough", ["capy_vault_key"]),
        ("fetch.allow_private_hosts", ["http://localhost"]),
        ("fetch.allow_private_hosts", ["host:0"]),
        ("fetch.allow_private_hosts", ["host:70000"]),
        ("fetch.allow_private_hosts", ["::1"]),
        ("fetch.allow_private_hosts", [""]),
        ("fetch.allow_private_hosts", [1]),
    ],
)
def test_rejected_values(name: str, value: object) -> None:
    with pytest.raises(ValueError, match=r"\w"):
        parse(name, value)


def test_every_key_says_what_it_accepts() -> None:
    for key in SETTING_KEYS.values():
        assert key.accepted


def test_settings_from_values_sets_only_the_given_keys() -> None:
    settings = settings_from_values(
        {"store.cleanup.session_ttl_days": 7, "executor.env_passthrough": ("GOPATH",)}
    )
    assert settings.store.cleanup.session_ttl_days == 7
    assert (
        settings.store.cleanup.ephemeral_ttl_hours == Settings().store.cleanup.ephemeral_ttl_hours
    )
    assert settings.executor.env_passthrough == ("GOPATH",)
    assert settings.store.path == ""


def test_settings_from_values_refuses_an_unknown_key() -> None:
    with pytest.raises(ValueError, match="unknown setting"):
        settings_from_values({"store.nope": 1})


@settings(deadline=None)
@given(st.integers(min_value=1, max_value=65535))
def test_any_valid_port_is_accepted(port: int) -> None:
    assert parse("fetch.allow_private_hosts", [f"build.local:{port}"]) == (f"build.local:{port}",)


@settings(deadline=None)
@given(st.integers())
def test_whole_number_ttls_are_accepted_from_one(hours: int) -> None:
    if hours >= 1:
        assert parse("store.cleanup.ephemeral_ttl_hours", hours) == hours
    else:
        with pytest.raises(ValueError):
            parse("store.cleanup.ephemeral_ttl_hours", hours)
