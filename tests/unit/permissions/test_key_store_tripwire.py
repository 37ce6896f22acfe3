"""Code naming capy's key store is refused however the path is spelled."""

from __future__ import annotations

import pytest

from domain.errors import PolicyDenied
from domain.permissions.protected_paths import ProtectedPath, check_code
from tests.corpus import key_store

HOME = "/home/someone"
PLACE = ProtectedPath(
    f"{HOME}/.config/capy/keys", HOME, variables=(("XDG_CONFIG_HOME", f"{HOME}/.config"),)
)


def _code(text: str) -> str:
    return text.replace("{home}", HOME).replace("{home_parent}", "/home")


@pytest.mark.parametrize(("language", "code"), key_store.ATTEMPTS, ids=str)
def test_every_spelling_of_the_key_store_is_refused(language: str, code: str) -> None:
    with pytest.raises(PolicyDenied, match="key store"):
        check_code(_code(code), (PLACE,), shell_script=language == "shell")


@pytest.mark.parametrize(("language", "code"), key_store.ORDINARY, ids=str)
def test_code_that_only_looks_similar_runs(language: str, code: str) -> None:
    check_code(_code(code), (PLACE,), shell_script=language == "shell")
