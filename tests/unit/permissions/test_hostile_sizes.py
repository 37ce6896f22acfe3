"""Hostile hook input up to the 1 M-character bound stops early: the analysis reads at most a
bounded number of commands and words (counted, not timed), and fails closed under a deny rule."""

from __future__ import annotations

import pytest

from domain.permissions.evaluation import Decision, evaluate_shell
from domain.permissions.rules import policy_from_lists
from domain.shell import limits
from domain.shell.invocations import analyse
from domain.shell.limits import AnalysisBudget, AnalysisLimit

DENY = policy_from_lists(deny=("Bash(touch *)",), origin="settings.json")
NOTHING = policy_from_lists(deny=(), origin="settings.json")

HOSTILE = {
    "50 k brace groups": "{ ls; } " * 50_000,
    "100 k pipes": "ls | " * 100_000 + "ls",
    "100 k assignments": "a=1 " * 100_000 + "ls",
    "100 k assignment commands": "a=1; " * 100_000,
    "200 k commands": "ls;" * 200_000,
    "100 k words": "echo " + "w " * 100_000,
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_input_stops_at_the_bound_and_fails_closed(name: str) -> None:
    text = HOSTILE[name][: limits.MAX_TEXT_CHARS]
    budget = AnalysisBudget()
    with pytest.raises(AnalysisLimit):
        analyse(text, budget)
    assert budget.commands <= limits.MAX_COMMANDS + 1
    assert budget.words <= limits.MAX_WORDS + len(text.split(";")[0].split())
    assert evaluate_shell(DENY, text).decision is Decision.DENY
    assert evaluate_shell(NOTHING, text).decision is Decision.NONE


def test_an_ordinary_long_script_is_still_read_whole() -> None:
    script = "\n".join(f"cp build/{i}.o out/ && echo copied {i}" for i in range(1_000))
    assert evaluate_shell(DENY, script).decision is Decision.NONE
    assert evaluate_shell(DENY, script + "\ntouch M").decision is Decision.DENY
