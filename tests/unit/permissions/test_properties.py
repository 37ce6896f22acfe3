"""Properties: a denied command stays denied in any context, and no input crashes the checks."""

from __future__ import annotations

import shlex
from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st

from domain.execution.language import Language
from domain.permissions.evaluation import Decision, evaluate_code, evaluate_shell
from domain.permissions.rules import policy_from_lists
from domain.permissions.shell_escape import extract_embedded_commands

POLICY = policy_from_lists(deny=("Bash(rm -rf:*)",))


def _backticks(script: str) -> str:
    escaped = script.replace("\\", "\\\\").replace("`", "\\`").replace("$", "\\$")
    return f"echo `{escaped}`"


CONTEXTS: list[Callable[[str], str]] = [
    lambda s: s,
    lambda s: f"echo a; {s}",
    lambda s: f"true && {s}",
    lambda s: f"false || {s}",
    lambda s: f"ls | {s}",
    lambda s: f"sleep 1 & {s}",
    lambda s: f"echo a\n{s}",
    lambda s: f"echo $({s})",
    lambda s: f'echo "$({s})"',
    _backticks,
    lambda s: f"({s})",
    lambda s: f"{{ {s}; }}",
    lambda s: f"bash -c {shlex.quote(s)}",
    lambda s: f"sh -lc {shlex.quote(s)}",
    lambda s: f"env A=1 {s}",
    lambda s: f"sudo -u x {s}",
    lambda s: f"timeout 5 {s}",
    lambda s: f"nice -n 1 nohup {s}",
    lambda s: f"if true; then {s}; fi",
    lambda s: f"x=$({s})",
    lambda s: f"cat <(  {s} )",
    lambda s: f"eval {shlex.quote(s)}",
]
BENIGN = st.sampled_from(["ls -la", "git status", "echo hi", "cat f | grep x", "make", "true"])


@given(st.lists(st.sampled_from(CONTEXTS), min_size=1, max_size=3), BENIGN)
def test_denied_command_in_nested_contexts_is_denied(
    contexts: list[Callable[[str], str]], benign: str
) -> None:
    script = "rm -rf /tmp/x"
    for context in contexts:
        script = context(script)
    assert evaluate_shell(POLICY, f"{benign}; {script}").decision is Decision.DENY, script


@given(st.lists(st.sampled_from(CONTEXTS), min_size=1, max_size=2), BENIGN)
def test_benign_commands_in_the_same_contexts_are_not_denied(
    contexts: list[Callable[[str], str]], benign: str
) -> None:
    script = benign
    for context in contexts:
        script = context(script)
    assert evaluate_shell(POLICY, script).decision is not Decision.DENY, script


@given(st.sampled_from([lang.value for lang in Language]), st.text(max_size=400))
def test_code_scanning_never_crashes(language: str, code: str) -> None:
    extract_embedded_commands(language, code)
    evaluate_code(POLICY, language, code)


@given(st.text(alphabet="$`'\"\\(){};|&<>\n #=abcsudorm-*?[]!", max_size=120))
def test_shell_evaluation_never_crashes_on_shell_punctuation(script: str) -> None:
    evaluate_shell(POLICY, script)
