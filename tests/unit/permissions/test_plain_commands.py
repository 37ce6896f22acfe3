"""A plain command no Bash rule meets gets "no opinion" without the shell reader, and only
when the full check would give exactly that (ADR 0102)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.permissions.evaluation import Decision, _forms, evaluate_shell
from domain.permissions.plain_commands import INERT_PROGRAMS, no_rule_meets, plain_text
from domain.permissions.rules import policy_from_lists
from domain.shell.invocations import analyse

_SOME_WORDS = (
    "ls -la -rf rm touch sudo git status x.txt /tmp/a ./b ../c a=b A=1 :* * ** -- --force "
    "push cat echo bash sh -c python3 env xargs find -exec + , @ % a,b x:y 1 _ ."
)
_WORDS = _SOME_WORDS.split()
_CHARS = "abcxyz019_./:=,+@%-"
words = st.sampled_from(_WORDS) | st.text(alphabet=_CHARS, min_size=1, max_size=6)
programs = st.sampled_from(sorted(INERT_PROGRAMS)) | st.sampled_from(
    ["bash", "sh", "env", "xargs", "find", "sudo", "git", "python3", "/bin/ls", "a=b", "LS"]
)
spaces = st.sampled_from([" ", "  ", "   "])


@st.composite
def commands(draw: st.DrawFn) -> str:
    parts = [draw(programs)]
    for word in draw(st.lists(words, max_size=6)):
        parts.append(draw(spaces) + word)
    return "".join(parts) + draw(st.sampled_from(["", " "]))


@st.composite
def rules(draw: st.DrawFn) -> str:
    body = " ".join(draw(st.lists(words | st.sampled_from(sorted(INERT_PROGRAMS)), max_size=3)))
    body = body + draw(st.sampled_from(["", " *", "*", ":*"]))
    return f"Bash({body})" if body.strip() else "Bash"


@settings(max_examples=500, deadline=None)
@given(commands())
def test_the_reader_finds_nothing_but_the_plain_text(command: str) -> None:
    text = plain_text(command)
    if text is None:
        return
    analysis = analyse(command)
    assert not analysis.code
    assert len(analysis.invocations) == 1
    invocation = analysis.invocations[0]
    assert not invocation.dynamic
    assert not any(stage.appends for stage in invocation.stages)
    assert {form for form, _ in _forms(invocation)} == {text}


@settings(max_examples=500, deadline=None)
@given(
    commands(),
    st.lists(rules(), max_size=3),
    st.lists(rules(), max_size=2),
    st.lists(rules(), max_size=2),
)
def test_no_opinion_only_where_the_full_check_has_none(
    command: str, deny: list[str], ask: list[str], allow: list[str]
) -> None:
    policy = policy_from_lists(tuple(allow), tuple(ask), tuple(deny))
    if no_rule_meets(policy, command):
        assert evaluate_shell(policy, command).decision is Decision.NONE


DENY = policy_from_lists(deny=("Bash(touch *)", "Bash(rm -rf *)", "Bash(sudo *)"))


@pytest.mark.parametrize(
    ("command", "shortcut"),
    [
        ("ls -la", True),
        ("ls  -la /tmp/x ", True),
        ("cat a,b c=d", True),
        ("rm -rf build", False),  # a deny rule meets it
        ("touch x", False),
        ("touchx", False),  # not an inert program: the full check reads it
        (" ls -la", False),
        ("ls -la; rm -rf /", False),
        ("ls $(touch x)", False),
        ("ls `touch x`", False),
        ("ls 'a b'", False),
        ("ls -la > out", False),
        ("ls -la\ntouch x", False),
        ("ls\ttouch", False),
        ("a=b ls", False),
        ("/bin/ls", False),
        ("bash -c touch", False),
        ("env touch x", False),
        ("sudo ls", False),
        ("ls ~", False),
        ("ls *", False),
        ("ls {a,b}", False),
        ("ls #x", False),
        ("", False),
        ("ls " + "x" * 5000, False),
    ],
)
def test_examples(command: str, shortcut: bool) -> None:
    assert no_rule_meets(DENY, command) is shortcut
    if shortcut:
        assert evaluate_shell(DENY, command).decision is Decision.NONE


@pytest.mark.parametrize(
    "rule", ["Bash(ls:*)", "Bash(ls *)", "Bash", "Bash(*)", "Bash(ls -la)", "Bash(*-la)"]
)
def test_any_rule_that_meets_the_command_sends_it_to_the_full_check(rule: str) -> None:
    for kind in ("deny", "ask", "allow"):
        policy = policy_from_lists(**{kind: (rule,)})  # type: ignore[arg-type]
        assert not no_rule_meets(policy, "ls -la")
