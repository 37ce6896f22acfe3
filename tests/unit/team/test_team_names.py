"""Team project names from git remotes, and the TLS rule for team server URLs."""

from __future__ import annotations

import pytest

from domain.errors import ConfigError
from domain.team import checked_project, checked_role, project_from_remote


@pytest.mark.parametrize(
    "remote",
    [
        "git@github.com:Acme/shop.git",
        "https://github.com/Acme/shop",
        "https://github.com/Acme/shop.git/",
        "ssh://git@GitHub.com:22/Acme/shop.git",
        "https://deploy:token@github.com/Acme/shop.git",
        "git://github.com/Acme/shop",
    ],
)
def test_every_form_of_one_remote_is_one_project(remote: str) -> None:
    assert project_from_remote(remote) == "github.com/Acme/shop"


@pytest.mark.parametrize(
    "remote", ["/srv/git/shop.git", "../shop", "~/code/shop", "file:///srv/git/shop", ""]
)
def test_a_local_path_is_no_project(remote: str) -> None:
    assert project_from_remote(remote) is None


def test_project_and_role_names_are_checked() -> None:
    assert checked_project("  github.com/acme/shop ", "x") == "github.com/acme/shop"
    with pytest.raises(ConfigError):
        checked_project("a b", "[team] project")
    assert checked_role("alice_01") == "alice_01"
    for bad in ("Alice", "1x", "a-b", "x" * 64, "alice; DROP"):
        with pytest.raises(ConfigError):
            checked_role(bad)
