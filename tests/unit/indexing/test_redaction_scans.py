"""Redaction's scans tried only where a match can start say exactly what whole scans said.

The assignments' pattern runs where one of its stems is, the prose scan leaves out the words
that end in ``key`` when the text holds no ``key``, the key/value table pattern runs only on a
text holding two blanks in a row, ``curl -u`` only where ``-u`` or ``--user`` follows a blank,
and the ``.pgpass`` line only where its colons' part is: on text built from the patterns' own
pieces, each finds what the whole scan found, and redaction is what it was.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.lazy_pattern import LazyPattern, NeedlePositions
from domain.redaction import SECRET_MARKER, _same_length_lower, redact_secrets
from domain.redaction.assignments import _ASSIGNMENT, _TWO_COLUMNS, STEMS, Span, secret_spans
from domain.redaction.command_secrets import (
    _COMMANDS,
    _PATTERNS,
    _PGPASS,
    _PGPASS_HINT,
    _holds_colons,
    command_secret_spans,
)
from domain.redaction.prose_secrets import (
    _CONNECTORS,
    _CREDENTIAL,
    _LOOK_CHARS,
    _LOOK_WORDS,
    _NEXT_WORD,
    _TRAILING,
    CREDENTIAL_STARTS,
    is_secret_word,
    prose_secret_spans,
)

_PIECES = [
    *STEMS,
    *CREDENTIAL_STARTS,
    "word",
    "PASSWORD",
    "Api",
    "KEY",
    "passwords",
    "api key",
    "access-key",
    "private_key",
    "secret key",
    "tokens",
    "_",
    "-",
    ".",
    "=",
    ":=",
    "=>",
    "==",
    ":",
    "::",
    ",",
    '"',
    "'",
    "`",
    "]",
    " ",
    "  ",
    "\t",
    "\n",
    "is",
    "hunter2secret",
    "Tr0ub4dor&3",
    "x9",
    "K",
    "\u0130",
    "é",
    "curl",
    "http",
    "-u",
    "-U",
    "--user",
    "--USER",
    "x86_64-unknown",
    "user:",
    "5432",
    "*",
    "#",
    "db",
    "@",
    "\n",
    "  ",
    "\t",
    " ",
    "x",
    "hunter2secret",
]
_TEXT = st.lists(st.sampled_from(_PIECES), max_size=16).map("".join)


def _spans(matches: object) -> list[tuple[tuple[int, int], dict[str, str | None]]]:
    return [(m.span(), m.groupdict()) for m in matches]  # type: ignore[attr-defined]


@settings(max_examples=800, deadline=None)
@given(_TEXT)
def test_assignments_tried_at_their_stems_match_as_the_whole_scan(text: str) -> None:
    lowered = _same_length_lower(text)
    assert _spans(_ASSIGNMENT.finditer_from(lowered, STEMS)) == _spans(
        _ASSIGNMENT.finditer(lowered)
    )


@settings(max_examples=800, deadline=None)
@given(_TEXT)
def test_credential_words_are_found_as_the_whole_scan_finds_them(text: str) -> None:
    lowered = _same_length_lower(text)
    whole = [m.span() for m in _CREDENTIAL.finditer_from(lowered, CREDENTIAL_STARTS)]
    assert whole == [m.span() for m in _CREDENTIAL.finditer(lowered)]
    if "key" not in lowered:
        assert whole == [
            m.span() for m in _CREDENTIAL.finditer_from(lowered, CREDENTIAL_STARTS[:5])
        ]


@settings(max_examples=800, deadline=None)
@given(_TEXT)
def test_a_key_value_table_row_holds_two_blanks_in_a_row(text: str) -> None:
    if _TWO_COLUMNS.search(_same_length_lower(text)) is not None:
        assert "  " in text or "\t" in text


@settings(max_examples=800, deadline=None)
@given(_TEXT)
def test_key_value_table_rows_tried_at_their_lines_match_as_the_whole_scan(text: str) -> None:
    for candidate in (text, f"  {text}\n{text}\tx"):
        lowered = _same_length_lower(candidate)
        assert _spans(_TWO_COLUMNS.finditer_in_lines(lowered, STEMS)) == _spans(
            _TWO_COLUMNS.finditer(lowered)
        )
        assert _spans(_TWO_COLUMNS.match_at_line_starts(lowered, STEMS)) == _spans(
            _TWO_COLUMNS.finditer(lowered)
        )
        # A pattern that matches several times in a line, from its stems.
        assert _spans(_STEM_ROWS.finditer_in_lines(lowered, STEMS)) == _spans(
            _STEM_ROWS.finditer(lowered)
        )


_STEM_ROWS = LazyPattern(r"(?m)(?:pass|pwd|secret|token|credential|key|auth)[a-z_]*[ \t]{2,}\S+")


def test_a_line_is_tried_once_from_its_start() -> None:
    rows = "pwd  x\n  token  y  \nkeykey\t\tz\nnone  w\nsecret pass  v\nmy_auth  q"
    expected = [m.span() for m in _TWO_COLUMNS.finditer(rows)]
    assert len(expected) == 4
    assert [m.span() for m in _TWO_COLUMNS.finditer_in_lines(rows, STEMS)] == expected
    assert [m.span() for m in _TWO_COLUMNS.match_at_line_starts(rows, STEMS)] == expected


@settings(max_examples=800, deadline=None)
@given(_TEXT)
def test_a_user_flag_and_a_pgpass_line_are_looked_for_wherever_they_can_be(text: str) -> None:
    (curl,) = [c for c in _COMMANDS if "(?:-u|--user)" in c.steps[0].compiled.pattern]
    if curl.steps[0].search(text) is not None:
        assert any(flag in text.lower() for flag in curl.flags)
    if _PGPASS.search(text) is not None:
        assert _PGPASS_HINT.search(text) is not None
    assert _holds_colons(text, 4) == (text.count(":") >= 4)


def test_each_shape_is_still_redacted() -> None:
    for text, secret in (
        ("password    hunter2secret", "hunter2secret"),  # a key/value table row
        ("password\t\tTr0ub4dor&3x", "Tr0ub4dor&3x"),
        ("auth_token = s3cr3tValue99", "s3cr3tValue99"),  # an assignment
        ("the api key is sk9Xq2mVb7Lp4Rt8", "sk9Xq2mVb7Lp4Rt8"),  # prose, with ``key``
        ("the token is retry_api12x", "retry_api12x"),  # prose, without
        ("curl -u admin:Hunter2Pass https://x.test/api", "Hunter2Pass"),
        ("curl --user admin:Hunter2Pass https://x.test/api", "Hunter2Pass"),
        ("db.internal:5432:shop:app:Pg2024secret\n", "Pg2024secret"),  # a .pgpass line
    ):
        redacted = redact_secrets(text)
        assert secret not in redacted and SECRET_MARKER in redacted, redacted


# Needles' positions shared by the scans of one text (``NeedlePositions``).
_WORDS = ("requirepass", "masterauth", "masterpass", "sshpass", "password", "passpass", "aa")
_NEEDLES = st.lists(
    st.sampled_from(["pass", "auth", "ss", "a", "aa", "p", "pas", "token", "-u", "pwd", "key"]),
    min_size=1,
    max_size=5,
).map(tuple)
_WORD_TEXT = st.lists(
    st.sampled_from(
        [*_WORDS, "pass", "pas", "s", "ss", "require", "master", "auth", "sh", "a", " "]
    ),
    max_size=24,
).map("".join)


class _AnyCount(NeedlePositions):
    """Looks a word up at its needle's positions however many there are (a short text has
    fewer than one per 1024 characters only when it has none)."""

    _MOST_PER_CHAR = 1.0


@settings(max_examples=800, deadline=None)
@given(_WORD_TEXT, _NEEDLES)
def test_needle_positions_are_every_start_once_in_order(
    text: str, needles: tuple[str, ...]
) -> None:
    expected = sorted(
        {at for needle in needles for at in range(len(text)) if text.startswith(needle, at)}
    )
    assert NeedlePositions(text).starts(needles) == expected


@settings(max_examples=800, deadline=None)
@given(_WORD_TEXT, _NEEDLES, st.lists(st.sampled_from([*_WORDS, "pass", "a", "x"]), max_size=8))
def test_a_word_is_held_where_a_needle_found_before_says(
    text: str, needles: tuple[str, ...], words: list[str]
) -> None:
    for kind in (NeedlePositions, _AnyCount):
        found = kind(text)
        found.starts(needles)
        assert [found.holds(word) for word in words] == [word in text for word in words]


@settings(max_examples=800, deadline=None)
@given(_TEXT)
def test_scans_sharing_needle_positions_find_what_each_alone_finds(text: str) -> None:
    lowered = _same_length_lower(text)
    for kind in (NeedlePositions, _AnyCount):
        shared = kind(lowered)
        together = [
            list(secret_spans(text, lowered, shared)),
            list(command_secret_spans(text, lowered, shared)),
            list(prose_secret_spans(text, lowered, shared)),
        ]
        alone = [
            list(secret_spans(text, lowered)),
            list(command_secret_spans(text, lowered)),
            list(prose_secret_spans(text, lowered)),
        ]
        assert together == alone


def test_a_long_text_is_looked_up_at_a_needle_s_few_places() -> None:
    text = "x" * 5000 + "\nrequirepass Hunter2secret\n" + "passed " * 3
    found = NeedlePositions(text)
    assert found.of("pass") == [5008, 5027, 5034, 5041]
    assert found.holds("requirepass") and not found.holds("masterpass")
    assert not found.holds("sshpass")
    assert "Hunter2secret" not in redact_secrets(text)


@settings(max_examples=800, deadline=None)
@given(_WORD_TEXT, _NEEDLES, st.lists(st.sampled_from([*_WORDS, "pass", "a", "x"]), max_size=8))
def test_a_needle_noted_where_it_is_rare_is_looked_up_as_found(
    text: str, needles: tuple[str, ...], words: list[str]
) -> None:
    # ADR 0258: ``note_if_few`` keeps every place of a needle or none, and ``holds`` answers
    # from them as from a scan.
    for kind in (NeedlePositions, _AnyCount):
        found = kind(text)
        for needle in needles:
            found.note_if_few(needle)
        complete = kind(text)
        for needle in needles:
            noted = found._found.get(needle)
            assert noted is None or noted == complete.of(needle)
        assert [found.holds(word) for word in words] == [word in text for word in words]


class _Scanned(NeedlePositions):
    """Every word looked for by a scan of the whole text (before places were shared)."""

    def holds(self, word: str) -> bool:
        return word in self._string


_DASHED_PIECES = [
    "curl -u admin:Hunter2Pass",
    "redis-cli -a s3cr3tPw",
    "wget --user bob:Pw9x",
    "curl",
    " -u ",
    " -u",
    "-u",
    "--user ",
    "admin:",
    "Hunter2Pass",
    "redis-cli",
    "redis",
    "-cli",
    " -a ",
    "s3cr3tPw",
    "-",
    "2025-06-14",
    "x-u",
    " ",
    "\n",
    "|",
    "mysql -p",
    "sshpass -p ",
    "requirepass ",
]


@settings(max_examples=1500, deadline=None)
@given(
    pieces=st.lists(st.sampled_from(_DASHED_PIECES), max_size=16),
    padding=st.integers(0, 2),
    where=st.integers(0, 16),
)
def test_commands_looked_up_at_the_dashes_find_what_scans_find(
    pieces: list[str], padding: int, where: int
) -> None:
    # Padded past a KiB per dash (its places noted and looked at) or not (the words scanned).
    text = "".join([*pieces[:where], "y" * 1100 * padding, *pieces[where:]])
    lowered = _same_length_lower(text)
    expected = list(command_secret_spans(text, lowered, _Scanned(lowered)))
    for kind in (NeedlePositions, _AnyCount):
        assert list(command_secret_spans(text, lowered, kind(lowered))) == expected
    assert list(command_secret_spans(text, lowered)) == expected


def _prose_spans_walking_characters(text: str, lowered: str) -> list[Span]:
    """The prose rule as first written: blanks and each word read a character at a time."""
    spans = []
    for match in _CREDENTIAL.finditer(lowered):
        if match.end() >= len(text) or text[match.end()] not in " \t":
            continue
        end = lowered.find("\n", match.end(), match.end() + _LOOK_CHARS)
        window_end = end if end >= 0 else min(len(text), match.end() + _LOOK_CHARS)
        position = match.end()
        for _ in range(_LOOK_WORDS):
            while position < window_end and text[position] in " \t":
                position += 1
            stop = position
            while stop < len(text) and not text[stop].isspace():
                stop += 1
            word = text[position:stop]
            if not word or position >= window_end:
                break
            value = word.rstrip(_TRAILING).lstrip("\"'`(")
            if value.lower() in _CONNECTORS or not value or (len(value) <= 3 and value.isalpha()):
                position = stop
                continue
            if is_secret_word(value):
                start = position + word.index(value)
                spans.append(Span(start, start + len(value)))
            break
    return spans


_PROSE_PIECES = [
    "password",
    "token",
    "api key",
    "secret",
    " ",
    "\t",
    "  ",
    "\n",
    "\u00a0",
    "\u2003",
    "\x1c",
    "\x85",
    "\u2028",
    "\u180e",
    "\u200b",
    "is",
    "my",
    "the",
    "db",
    "(",
    '"',
    ".",
    ":",
    "hunter2secret",
    "Tr0ub4dor&3",
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "retry_api12x",
    "x" * 30,
    "İ",
]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(_PROSE_PIECES), max_size=20).map("".join))
def test_prose_words_read_by_pattern_are_those_read_a_character_at_a_time(text: str) -> None:
    lowered = _same_length_lower(text)
    expected = _prose_spans_walking_characters(text, lowered)
    assert list(prose_secret_spans(text, lowered)) == expected
    assert list(prose_secret_spans(text, lowered, NeedlePositions(lowered))) == expected


def test_a_word_ends_at_whatever_isspace_calls_a_space() -> None:
    for code in range(0x110000):
        char = chr(code)
        assert (_NEXT_WORD.match(f"a{char}", 0).group(1) == "a") is char.isspace()  # type: ignore[union-attr]


# Command names as first written, opening on ``\b``; each twin opens on its first letter.
_NAMES_OPENING_ON_A_BOUNDARY = {
    r"\bmysql(?:dump|admin|import|sh|check)?\b": "mysql",
    r"\b(?:curl|wget|http|https|xh)\b": "-u",
    r"\b(?:docker|podman|helm|oras)\b": "login",
    r"\bredis-cli\b": "redis-cli",
}
_NAME_PIECES = [
    "mysql",
    "mysqldump",
    "mysqlsh",
    "curl",
    "wget",
    "http",
    "https",
    "httpsx",
    "xh",
    "docker",
    "podman",
    "helm",
    "oras",
    "redis-cli",
    "login",
    "sshpass",
    "x",
    "_",
    "9",
    "é",
    "\u0663",  # an Arabic digit: a word character
    "\u0130",
    "-",
    " ",
    "\t",
    "\n",
    "/",
    ".",
    " -p ",
    "secret1",
]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(_NAME_PIECES), max_size=14).map("".join))
def test_command_names_opening_on_a_letter_match_as_opening_on_a_boundary(text: str) -> None:
    by_trigger = {command.triggers[0]: command for command in _COMMANDS}
    pairs = [
        (LazyPattern(old), by_trigger[trigger].word)
        for old, trigger in _NAMES_OPENING_ON_A_BOUNDARY.items()
    ]
    pairs.append((LazyPattern(r"\blogin\b"), by_trigger["login"].steps[0]))
    sshpass = LazyPattern(r"\bsshpass[ \t]+-p[ \t]*(?P<q>['\"]?)(?P<secret>[^\s'\"]+)(?P=q)")
    pairs.append((sshpass, next(p for _, t, p in _PATTERNS if t == ("sshpass",))))
    for old, new in pairs:
        assert _spans(new.finditer(text)) == _spans(old.finditer(text))
        for at in range(len(text) + 1):
            found, expected = new.search(text, at), old.search(text, at)
            assert (found and found.span()) == (expected and expected.span())
