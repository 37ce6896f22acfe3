"""Following a script into everything it runs, for routing and permission rules alike
(hypothesis): no input crashes the walk, each character is read a bounded number of times,
and routing and the rules see the same commands."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.hooks.shell_http import http_calls
from domain.permissions.evaluation import Decision, evaluate_shell
from domain.permissions.rules import policy_from_lists
from domain.shell.invocations import analyse
from domain.shell.limits import AnalysisBudget, AnalysisLimit


@settings(max_examples=300)
@given(st.text(max_size=300))
def test_any_text_is_read_or_limited_never_crashes(text: str) -> None:
    try:
        analyse(text, AnalysisBudget())
    except AnalysisLimit:
        pass


@settings(max_examples=100, deadline=None)  # under the command bound: up to 8 commands a block
@given(st.integers(min_value=1, max_value=120), st.sampled_from(["cat", "bash", "python3 -"]))
def test_each_character_is_read_a_bounded_number_of_times(count: int, program: str) -> None:
    text = "".join(f"{program} <<EOF{i}\necho $(x{i}) `y{i}`\nEOF{i}\n" for i in range(count))
    budget = AnalysisBudget()
    analyse(text, budget)
    assert budget.used <= 3 * len(text)


_names = st.sampled_from(["curl", "wget", "ls", "git", "make", "sudo", "rm"])
_contexts = st.sampled_from(
    [
        "{}",
        "sudo {}",
        "bash -c '{}'",
        "echo $({})",
        "x=`{}`",
        "env A=1 {}",
        "timeout 5 {}",
        "cat <<EOF | sh\n{}\nEOF",
        "echo '{}' | bash",
        "bash <<< '{}'",
        "eval '{}'",
    ]
)


@settings(max_examples=200)
@given(_names, _contexts, st.sampled_from(["https://x.io", "-sSo f https://x.io", "a b"]))
def test_routing_and_rules_see_the_same_commands(name: str, context: str, args: str) -> None:
    script = context.format(f"{name} {args}")
    programs = {stage.words[0] for i in analyse(script).invocations for stage in i.stages}
    assert name in programs, script
    denied = evaluate_shell(policy_from_lists(deny=(f"Bash({name}:*)",)), script)
    assert denied.decision is Decision.DENY, script
    if name in {"curl", "wget"}:
        assert any(program == name for program, _, _ in http_calls(script)), script


def test_lazy_tables_match_their_name_sets() -> None:
    from domain.shell.runner_table import RUNNER_NAMES, SUBCOMMAND_PROGRAMS, tables
    from domain.shell.sources import INTERPRETER_NAMES, _interpreters

    runners, subcommands = tables()
    assert set(runners) == RUNNER_NAMES
    assert {program for program, _ in subcommands} == SUBCOMMAND_PROGRAMS
    assert set(_interpreters()) == INTERPRETER_NAMES
