from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.permissions.bash_pattern import bash_pattern_matches
from domain.permissions.evaluation import Decision, evaluate_read, evaluate_shell
from domain.permissions.path_rules import ReadTarget, read_rule_matches
from domain.permissions.rules import RuleKind, parse_rule, policy_from_lists


def test_parse_rule_forms() -> None:
    rule = parse_rule("Bash(git push:*)", RuleKind.DENY, "a.json")
    assert rule is not None
    assert (rule.tool, rule.specifier, rule.text) == ("Bash", "git push:*", "Bash(git push:*)")
    bare = parse_rule("Bash", RuleKind.DENY)
    assert bare is not None and bare.specifier is None
    assert parse_rule("not a rule!", RuleKind.DENY) is None
    greedy = parse_rule("Bash(echo (foo))", RuleKind.ALLOW)
    assert greedy is not None and greedy.specifier == "echo (foo)"


@pytest.mark.parametrize(
    ("specifier", "command", "expected"),
    [
        ("git:*", "git", True),
        ("git:*", "git status", True),
        ("git:*", "gitk", False),
        ("sudo *", "sudo rm", True),
        ("sudo *", "sudo", False),
        ("sudo *", "sudoedit x", False),
        ("npm run test:*", "npm run test -- --watch", True),
        (None, "anything", True),
        ("*", "anything", True),
        ("git status", "git status", True),
        ("git status", "git status --short", False),
        ("rm *", "RM x", False),
    ],
)
def test_bash_pattern(specifier: str | None, command: str, expected: bool) -> None:
    assert bash_pattern_matches(specifier, command) is expected


DENY = policy_from_lists(deny=("Bash(sudo *)",))


@given(
    prefix=st.text(alphabet="abc xyz=-_", max_size=20),
    separator=st.sampled_from(
        [";", "&&", "||", "|", "&", "\n", "$(", "`", "(", "; { ", "; if true; then"]
    ),
)
def test_denied_command_after_any_separator_is_denied(prefix: str, separator: str) -> None:
    script = f"echo {prefix} {separator} sudo rm x"
    assert evaluate_shell(DENY, script).decision is Decision.DENY


def test_precedence_deny_then_ask_then_allow() -> None:
    policy = policy_from_lists(
        allow=("Bash(git:*)",), ask=("Bash(git push:*)",), deny=("Bash(git push --force:*)",)
    )
    assert evaluate_shell(policy, "git status").decision is Decision.ALLOW
    assert evaluate_shell(policy, "git push origin").decision is Decision.ASK
    assert evaluate_shell(policy, "git push --force").decision is Decision.DENY
    assert evaluate_shell(policy, "make").decision is Decision.NONE


def test_allow_needs_every_command_and_no_wrapper() -> None:
    policy = policy_from_lists(allow=("Bash(git status)",))
    assert evaluate_shell(policy, "git status && rm x").decision is Decision.NONE
    assert evaluate_shell(policy, "sudo git status").decision is Decision.NONE
    assert evaluate_shell(policy, "git status; git status").decision is Decision.ALLOW


def test_no_rules_means_no_opinion() -> None:
    assert evaluate_shell(policy_from_lists(), "sudo rm x").decision is Decision.NONE


def _target(given: str, absolute: str, relative: str | None) -> ReadTarget:
    return ReadTarget(given=given, absolute=absolute, relative=relative)


@pytest.mark.parametrize(
    ("specifier", "target", "expected"),
    [
        (".env", _target("./.env", "/p/.env", ".env"), True),
        (".env", _target("sub/../.env", "/p/.env", ".env"), True),
        (".env", _target("/p/.env", "/p/.env", ".env"), True),
        (".env", _target("link", "/p/.env", ".env"), True),
        (".env", _target("a/b/.env", "/p/a/b/.env", "a/b/.env"), True),
        (".env", _target("/tmp/x/.env", "/tmp/x/.env", None), True),
        (".env", _target(".envrc", "/p/.envrc", ".envrc"), False),
        ("secrets/**", _target("secrets/a/b", "/p/secrets/a/b", "secrets/a/b"), True),
        ("secrets/", _target("secrets/key", "/p/secrets/key", "secrets/key"), True),
        ("secrets", _target("secrets/key", "/p/secrets/key", "secrets/key"), True),
        ("/config/*.pem", _target("config/a.pem", "/p/config/a.pem", "config/a.pem"), True),
        ("/config/*.pem", _target("x/config/a.pem", "/p/x/config/a.pem", "x/config/a.pem"), False),
        ("*.pem", _target("deep/k.pem", "/p/deep/k.pem", "deep/k.pem"), True),
        ("//etc/shadow", _target("/etc/shadow", "/etc/shadow", None), True),
        ("src/?.py", _target("src/a.py", "/p/src/a.py", "src/a.py"), True),
        ("src/?.py", _target("src/ab.py", "/p/src/ab.py", "src/ab.py"), False),
    ],
)
def test_read_rules_match_canonical_paths(
    specifier: str, target: ReadTarget, expected: bool
) -> None:
    assert read_rule_matches(specifier, target) is expected


def test_read_verdict_names_rule() -> None:
    policy = policy_from_lists(deny=("Read(.env)",), origin="/p/.claude/settings.json")
    verdict = evaluate_read(policy, _target("./.env", "/p/.env", ".env"))
    assert verdict.decision is Decision.DENY
    assert verdict.rule is not None and verdict.rule.origin == "/p/.claude/settings.json"


def test_dynamic_command_names_fail_closed_only_when_rules_exist() -> None:
    script = "for t in a b; do $t; done"
    assert evaluate_shell(DENY, script).decision is Decision.DENY
    ask_only = policy_from_lists(ask=("Bash(git push:*)",))
    assert evaluate_shell(ask_only, script).decision is Decision.ASK
    allow_only = policy_from_lists(allow=("Bash(ls *)",))
    assert evaluate_shell(allow_only, script).decision is Decision.NONE
