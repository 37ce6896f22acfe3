"""The gates of ``command_secret_spans`` (ADR 0377: the ``-p`` flag asked once, before the words
of the commands taking it; the ``.pgpass`` hint's possessive runs; ADR 0382: the hint asked of
the lines holding no space when colons outnumber line breaks) find what running every command
and pattern on every text finds."""

from __future__ import annotations

from collections.abc import Iterator
from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.lazy_pattern import NeedlePositions
from domain.redaction import command_secrets as commands
from domain.redaction.assignments import Span
from domain.redaction.command_secrets import command_secret_spans

_OLD_PGPASS_HINT = commands.LazyPattern(r":(?:\d{1,5}|\*):[^:\s]+:[^:\s]+:\S")


def _ungated(text: str) -> Iterator[Span]:
    """Every command and pattern run, none behind a gate."""
    for command in commands._COMMANDS:
        yield from commands._secrets(commands._command_matches(command, text))
    for _, _, pattern in commands._PATTERNS:
        yield from commands._secrets(pattern.finditer(text))
    yield from commands._secrets(commands._NETRC.finditer(text))
    yield from commands._secrets(commands._PGPASS.finditer(text))


_PIECES = st.sampled_from(
    [
        "mysql -pHunter2x",
        "mysql\t-pTabbed9",
        "mysqldump -u root -p'S3cret'",
        "docker login -u bob -p Pw9xyz",
        "helm registry login -p=Tok3n",
        "GET /login HTTP/1.1",
        "sshpass -p Hunter2 ssh host",
        "sshpass",
        "redis-cli -a s3cr3tPw",
        "curl -u admin:Hunter2Pass",
        "machine example.com login bob password Hunter2",
        "db.example.com:5432:app:bob:Hunter2pw",
        "host:*:db:user:pw9",
        "2025-06-14T00:00:02Z",
        "user:50355:profile",
        "10.0.1.2 - - [2025-06-14T00:00:02Z] GET /x",
        "\nh:1:d:u:pw\n",
        "CREATE USER bob IDENTIFIED BY 'Hunter2'",
        "CREATE ROLE x WITH PASSWORD 'Hunter2'",
        "requirepass Hunter2",
        "mysql",
        "docker",
        "podman",
        "oras",
        "login",
        "-p",
        "-P",
        "-",
        "p",
        ":",
        "1",
        " ",
        "\t",
        "\n",
        ";",
        "|",
        "x",
    ]
)


@settings(max_examples=2000, deadline=None)
@given(st.lists(_PIECES, max_size=12).map("".join) | st.text(max_size=60))
def test_gated_commands_find_what_every_command_run_finds(text: str) -> None:
    lowered = text.lower() if len(text.lower()) == len(text) else text
    for short in (commands._SHORT, 0):  # 0: every text long enough to be asked line by line
        with patch.object(commands, "_SHORT", short):
            for positions in (None, NeedlePositions(lowered)):
                spans = list(command_secret_spans(text, lowered, positions))
                assert spans == list(_ungated(text))


@settings(max_examples=2000, deadline=None)
@given(st.lists(_PIECES, max_size=12).map("".join) | st.text(alphabet=":*1a \n", max_size=40))
def test_the_possessive_pgpass_hint_finds_what_the_backtracking_one_finds(text: str) -> None:
    found = commands._PGPASS_HINT.search(text)
    old = _OLD_PGPASS_HINT.search(text)
    assert (found and found.span()) == (old and old.span())


_LINES = st.lists(
    st.lists(_PIECES, max_size=4).map("".join) | st.text(alphabet=":*1a #\t", max_size=20),
    max_size=8,
).map("\n".join)


@settings(max_examples=2000, deadline=None)
@given(_LINES)
def test_the_hint_is_found_wherever_a_pgpass_line_is(text: str) -> None:
    with patch.object(commands, "_SHORT", 0):
        if commands._PGPASS.search(text) is not None:
            assert commands._holds_pgpass_hint(text)
        assert list(command_secret_spans(text, text.lower())) == list(_ungated(text))


@settings(max_examples=1000, deadline=None)
@given(_LINES, st.integers(min_value=1, max_value=12))
def test_the_lines_read_a_window_at_a_time_are_the_text_s_blank_free_lines(
    text: str, window: int
) -> None:
    blank_free = [line for line in text.split("\n") if line and " " not in line]
    with patch.object(commands, "_HEAD", window):
        read = list(commands._blank_free_lines(text))
        with patch.object(commands, "_SHORT", 0):
            if commands._PGPASS.search(text) is not None:
                assert commands._holds_pgpass_hint(text)
    # The lines that can hold the hint, in order (an empty one cannot: where windows meet, one
    # may be read twice or not at all).
    assert [line for line in read if line] == blank_free


def test_a_log_is_asked_the_hint_line_by_line_and_its_pgpass_line_found() -> None:
    log = "2025-06-14T00:00:02Z INFO key user:1:profile\n" * 100
    text = log + "db.example.com:5432:app:bob:Hunter2pw\n" + log
    assert text.count(":") > text.count("\n") and len(text) > commands._SHORT
    start = text.index("Hunter2pw")
    assert list(command_secret_spans(text, text.lower())) == [Span(start, start + 9)]
    assert not commands._holds_pgpass_hint(log + "h:1:d:u: pw\n" + log)


def test_a_text_without_the_flag_is_spared_the_commands_taking_it() -> None:
    text = "GET /login HTTP/1.1 200\n" * 3 + "docker login bob\n"
    looked: list[str] = []

    class _Recording(NeedlePositions):
        def holds(self, word: str) -> bool:
            looked.append(word)
            return super().holds(word)

    assert list(command_secret_spans(text, text.lower(), _Recording(text.lower()))) == []
    assert looked.count("-p") == 1
    assert "mysql" not in looked and "login" not in looked and "sshpass" not in looked
