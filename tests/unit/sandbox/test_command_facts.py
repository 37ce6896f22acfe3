"""The words of the command that printed an output: found by, never shown, never a secret."""

from __future__ import annotations

from domain.execution.command_facts import COMMAND_FACTS_BYTES, command_facts


def test_the_program_subcommand_flags_and_paths_are_the_words() -> None:
    assert command_facts("kubectl get pods -o wide -n shop") == "kubectl get pods wide shop"
    assert command_facts("ruff check --select ALL src/") == "ruff check select ALL src"


def test_a_flag_naming_what_the_command_does_not_do_is_left_out() -> None:
    assert command_facts("npm install --no-audit --no-fund --loglevel http") == (
        "npm install loglevel http"
    )


def test_a_secret_on_the_command_line_never_becomes_a_word() -> None:
    token = "9f8e7d6c5b4a39281706f5e4d3c2b1a0"
    words = command_facts(f'curl -H "Authorization: Bearer {token}" https://api.example.com/v1')
    assert token not in words and "curl" in words
    assert "hunter2secretvalue" not in command_facts("PGPASSWORD=hunter2secretvalue psql -h db")


def test_only_the_start_of_a_long_script_counts() -> None:
    script = "pytest -q " + "x" * COMMAND_FACTS_BYTES + " trailingword"
    assert "trailingword" not in command_facts(script) and "pytest" in command_facts(script)


def test_words_the_output_holds_itself_are_left_out() -> None:
    # A loop that echoes its own lines: those words would otherwise reach every section.
    code = 'for i in $(seq 2000); do echo "line $i ok"; done; echo "FATAL: disk quota exceeded"'
    output = "line 1 ok\nline 2 ok\nFATAL: disk quota exceeded\n"
    words = command_facts(code, output).split()
    assert "seq" in words and "echo" in words
    assert not {"FATAL", "disk", "quota", "exceeded", "line", "ok"} & set(words)
    assert command_facts("kubectl get pods", "NAME READY STATUS\napi-1 1/1 Running") == (
        "kubectl get pods"
    )
