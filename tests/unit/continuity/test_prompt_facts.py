"""What a prompt tells: the request, a stated goal, decisions and rules — redacted."""

from __future__ import annotations

from domain.continuity.event import DECISION, GOAL, PROMPT, RULE
from domain.continuity.prompt_facts import prompt_events


def _by(category: str, prompt: str) -> list[str]:
    return [e.text for e in prompt_events(prompt, 1.0) if e.category == category]


def test_a_goal_command_or_sentence_is_the_goal() -> None:
    assert _by(GOAL, "/goal Ship the CSV export") == ["Ship the CSV export"]
    assert _by(PROMPT, "/goal Ship the CSV export") == []
    assert _by(GOAL, "Our goal is a green CI.\nStart with lint.") == ["a green CI."]
    assert prompt_events("/goal", 1.0) == []


def test_host_commands_are_not_requests() -> None:
    assert prompt_events("/compact keep the plan", 1.0) == []
    assert prompt_events("   ", 1.0) == []


def test_decisions_and_rules_are_the_users_sentences() -> None:
    prompt = (
        "Fix the flaky upload test. Let's use tenacity instead of a hand-written retry loop. "
        "Never push to main directly! Should we switch to pytest-xdist? "
        "From now on, run make lint before committing.\n- don't touch the migrations"
    )
    assert _by(DECISION, prompt) == [
        "Let's use tenacity instead of a hand-written retry loop.",
        "don't touch the migrations",
    ]
    assert _by(RULE, prompt) == [
        "Never push to main directly!",
        "From now on, run make lint before committing.",
    ]
    assert len(_by(PROMPT, prompt)) == 1


def test_ordinary_requests_state_no_decision() -> None:
    for prompt in [
        "Run the tests and tell me what fails.",
        "Please use the search tool to find the config loader.",
        "Why does the build take so long?",
        "Can we use Redis here instead of memcached?",
    ]:
        assert _by(DECISION, prompt) == [] and _by(RULE, prompt) == [], prompt


def test_secrets_in_prompts_are_redacted_before_they_are_kept() -> None:
    prompt = (
        "Always use the token ghp_0123456789abcdefghijABCDEFGHIJ0123456789 for the API. "
        "password=hunter2hunter2hunter2xyz <private>my home address</private>"
    )
    events = prompt_events(prompt, 1.0)
    assert {e.category for e in events} == {PROMPT, RULE}, "no facts kept: nothing to check"
    for event in events:
        assert "ghp_0123456789" not in event.text
        assert "hunter2hunter2" not in event.text
        assert "home address" not in event.text


def test_long_prompts_are_trimmed_and_read_only_so_far() -> None:
    pasted = "Fix this.\n" + "log line with nothing special\n" * 20_000 + "Never stop."
    events = prompt_events(pasted, 1.0)
    assert all(len(e.text) <= 300 for e in events)
    assert _by(RULE, pasted) == []  # past the scanned part
