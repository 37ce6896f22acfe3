"""Every attempt of the bypass corpus is denied by the permission engine; what ADR 0018 lists as
out of reach and ordinary commands stay allowed."""

from __future__ import annotations

import pytest

from domain.permissions.evaluation import Decision, evaluate_code, evaluate_shell
from domain.permissions.rules import policy_from_lists
from tests.corpus import bypasses

POLICY = policy_from_lists(deny=bypasses.DENY_RULES, origin="settings.json")


@pytest.mark.parametrize(("kind", "script"), bypasses.shell_attempts(), ids=lambda v: v[:60])
def test_shell_attempt_is_denied(kind: str, script: str) -> None:
    verdict = evaluate_shell(POLICY, script)
    assert verdict.decision is Decision.DENY, (kind, script[:300])


@pytest.mark.parametrize(("kind", "language", "code"), bypasses.code_attempts(), ids=str)
def test_code_attempt_is_denied(kind: str, language: str, code: str) -> None:
    verdict = evaluate_code(POLICY, language, code)
    assert verdict.decision is Decision.DENY, (language, code)


@pytest.mark.parametrize("script", bypasses.ORDINARY + bypasses.OUT_OF_REACH)
def test_ordinary_and_out_of_reach_scripts_are_allowed(script: str) -> None:
    assert evaluate_shell(POLICY, script).decision is Decision.NONE, script


@pytest.mark.parametrize(
    ("language", "code"), bypasses.CODE_ORDINARY + bypasses.CODE_OUT_OF_REACH, ids=str
)
def test_ordinary_and_out_of_reach_code_is_allowed(language: str, code: str) -> None:
    assert evaluate_code(POLICY, language, code).decision is Decision.NONE, code
