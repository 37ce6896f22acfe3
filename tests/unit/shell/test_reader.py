"""The one reader of shell text: words, separators, substitutions, heredocs, pipes — and the
property that quoting round-trips (hypothesis)."""

from __future__ import annotations

import shlex

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.shell.limits import AnalysisBudget, AnalysisLimit
from domain.shell.reader import read_script, split_words
from domain.shell.syntax import COMPOUND_UPSTREAM, NO_UPSTREAM


def words_of(text: str) -> list[tuple[str, ...]]:
    return [c.words for c in read_script(text).commands]


def test_separators_substitutions_and_groups() -> None:
    found = words_of("a 1; b && c || d | e & f\ng $(h) `i` <(j) (k) { l; } |& m")
    programs = sorted(w[0] for w in found)
    assert programs == sorted(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m"])


def test_quotes_escapes_and_ansi_c_are_decoded() -> None:
    assert words_of("echo 'a; b' \"c && d\" s\\udo su''do $'\\x74ouch' $\"x\"") == [
        ("echo", "a; b", "c && d", "sudo", "sudo", "touch", "x")
    ]


def test_expansions_keep_their_boundaries() -> None:
    assert words_of('$t"ch" ${u}x $1 "$@"') == [("${t}ch", "${u}x", "${1}", "${@}")]


def test_redirections_are_apart_from_words() -> None:
    (command,) = read_script("2>&1 >/dev/null cmd a >|f <in b &>>log 3<&0").commands
    assert command.words == ("cmd", "a", "b")
    assert [(r.fd, r.op, r.target) for r in command.redirects] == [
        ("2", ">&", "1"),
        ("", ">", "/dev/null"),
        ("", ">|", "f"),
        ("", "<", "in"),
        ("", "&>>", "log"),
        ("3", "<&", "0"),
    ]


def test_heredocs_quoted_and_unquoted() -> None:
    script = read_script("cat <<'X' >a\nrm -rf /\n$(y)\nX\ncat <<-Z\n\t$(z)\n\tZ\necho after")
    assert [c.words for c in script.commands] == [("cat",), ("cat",), ("z",), ("echo", "after")]
    assert script.commands[0].heredocs == ("rm -rf /\n$(y)",)
    assert script.commands[1].heredocs == ("$(z)",)


def test_arithmetic_shift_is_not_a_heredoc() -> None:
    assert words_of("echo $((1<<2))\ntouch M")[-1] == ("touch", "M")
    assert ("touch", "M") in words_of("$((touch M) )")


def test_array_elements_are_words_not_commands() -> None:
    assert words_of("a=(sudo rm x) b=(*.py); ls") == [("a=(sudo rm x)", "b=(*.py)"), ("ls",)]


def test_pipes_record_where_stdin_comes_from() -> None:
    script = read_script("echo a |\n bash; (x) | sh; echo b | { true; zsh; }; dash")
    upstream = {c.words[0]: c.upstream for c in script.commands}
    assert upstream["bash"] == 0
    assert upstream["sh"] == COMPOUND_UPSTREAM
    assert upstream["zsh"] == upstream["true"] != NO_UPSTREAM
    assert upstream["dash"] == NO_UPSTREAM


def test_keywords_and_functions() -> None:
    assert words_of("if a; then b; elif c; then d; else e; fi") == [
        ("a",),
        ("b",),
        ("c",),
        ("d",),
        ("e",),
    ]
    assert ("sudo", "x") in words_of("function f { sudo x; }; f")
    assert ("sudo", "x") in words_of("f() { sudo x; }")


def test_split_words_treats_operators_as_text() -> None:
    assert split_words("-S'touch M' a;b \"c d\"") == ["-Stouch M", "a;b", "c d"]


def test_limits_are_reported_not_crashed_into() -> None:
    with pytest.raises(AnalysisLimit):
        read_script("$(" * 200 + "x" + ")" * 200)
    with pytest.raises(AnalysisLimit):
        read_script("x" * 20, AnalysisBudget(max_text=10))


_KEYWORDS = {
    "!",
    "{",
    "}",
    "then",
    "do",
    "else",
    "if",
    "elif",
    "while",
    "until",
    "fi",
    "done",
    "esac",
    "function",
    "for",
    "select",
    "case",
}
_plain_words = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12
).filter(lambda w: w not in _KEYWORDS)


@settings(max_examples=300)
@given(
    st.lists(st.lists(_plain_words, min_size=1, max_size=5), min_size=1, max_size=5),
    st.sampled_from([";", "&&", "||", "|", "\n", "&"]),
)
def test_quoted_words_round_trip(commands: list[list[str]], separator: str) -> None:
    text = f" {separator} ".join(" ".join(shlex.quote(w) for w in words) for words in commands)
    assert words_of(text) == [tuple(words) for words in commands]


@settings(max_examples=300)
@given(st.text(max_size=300))
def test_any_text_is_read_or_limited(text: str) -> None:
    try:
        read_script(text)
    except AnalysisLimit:
        pass
