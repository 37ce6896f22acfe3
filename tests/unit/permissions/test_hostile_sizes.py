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
    "100 k redirections": "echo " + ">a " * 100_000,
    "100 k heredocs on one line": "cat " + " ".join(f"<<E{i}" for i in range(100_000)),
    "3,600 heredocs on one line": "cat "
    + " ".join(f"<<E{i}" for i in range(3_600))
    + "\n"
    + "".join(f"x\nE{i}\n" for i in range(3_600)),
    "50 KB of commands": "git status && ls -la | grep x; echo \"$(date)\" 'a b'\n" * 1_000,
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_input_stops_at_the_bound_and_fails_closed(name: str) -> None:
    text = HOSTILE[name][: limits.MAX_TEXT_CHARS]
    budget = AnalysisBudget()
    with pytest.raises(AnalysisLimit):
        analyse(text, budget)
    assert budget.commands <= limits.MAX_COMMANDS + 1
    assert budget.words <= limits.MAX_WORDS  # counted as read, not once a command ends
    assert budget.heredocs <= limits.MAX_HEREDOCS + 1
    assert evaluate_shell(DENY, text).decision is Decision.DENY
    assert evaluate_shell(NOTHING, text).decision is Decision.NONE


def test_an_ordinary_long_script_is_still_read_whole() -> None:
    script = "\n".join(f"cp build/{i}.o out/ && echo copied {i}" for i in range(400))
    assert evaluate_shell(DENY, script).decision is Decision.NONE
    assert evaluate_shell(DENY, script + "\ntouch M").decision is Decision.DENY


def test_past_the_bound_a_deny_rule_denies_and_an_ask_rule_asks() -> None:
    script = "\n".join(f"cp build/{i}.o out/ && echo copied {i}" for i in range(600))
    denied = evaluate_shell(DENY, script)
    assert denied.decision is Decision.DENY
    assert f"more than {limits.MAX_COMMANDS:,} commands" in denied.reason
    ask = policy_from_lists(ask=("Bash(touch *)",), origin="settings.json")
    assert evaluate_shell(ask, script).decision is Decision.ASK
    assert evaluate_shell(NOTHING, script).decision is Decision.NONE


def test_one_long_command_stops_at_the_word_bound_before_its_end() -> None:
    text = "echo " + "w " * 100_000 + "; touch M"
    budget = AnalysisBudget()
    with pytest.raises(AnalysisLimit, match="words"):
        analyse(text, budget)
    assert budget.commands == 0  # stopped inside the first command
    assert evaluate_shell(DENY, text).decision is Decision.DENY
