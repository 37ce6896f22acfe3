"""A short number the question asks is found where a fixed-width name pads it with zeros."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.search.matching import _occurrences, term_groups
from domain.search.padded_numbers import ends_padding, opens_fraction
from domain.search.query import parse_query


def _ends(text: str, number: str) -> bool:
    at = text.rfind(number)
    return ends_padding(text, at, at + len(number))


def test_a_number_after_two_zeros_or_more_ends_a_padded_field() -> None:
    assert _ends("could not locate wal file 000000010000000000000099", "99")
    assert _ends("part-00099 written", "99")
    assert _ends("img_0099.jpg", "99")
    assert _ends("frame 007", "7")
    assert _ends('"0000000000000040"', "40")


def test_other_digits_before_it_are_not_padding() -> None:
    assert not _ends("released in 1999", "99")
    assert not _ends("port 8099", "99")  # one zero: a digit of the number
    assert not _ends("took 0.0099 s", "99")  # a fraction's digits
    assert not _ends("took 3,0099 s", "99")
    assert not _ends("id 0099ab", "99")  # the name goes on
    assert not _ends("id 00990", "99")


def test_a_short_number_is_found_in_a_padded_name_and_nowhere_else() -> None:
    text = "log segment 000000010000000000000003 and 000000010000000000000099, 1990, 0.0099"
    assert _occurrences(text, "99", 10) == [text.index("99,")]
    assert _occurrences(text, "3", 10) == [text.index("3 and")]


def test_a_question_s_number_is_present_in_the_padded_name() -> None:
    groups = term_groups(parse_query("why can pg_waldump not read segment 99"))
    line = 'pg_waldump: error: could not locate WAL file "000000010000000000000099"'
    assert sum(groups.present(line)) > sum(groups.present(line.replace("0099", "0042")))


def test_a_short_number_is_not_found_in_a_decimal_s_fraction() -> None:
    text = "Heap2  3470 ( 11.65)  211754 (  9.99)  took 1.99s"
    assert _occurrences(text, "99", 10) == []
    assert _occurrences(text, "65", 10) == []


def test_an_address_or_a_version_keeps_its_numbers() -> None:
    for text in ("host 10.0.0.99 up", "libfoo 1.99.2", "segment 99."):
        assert _occurrences(text, "99", 5) == [text.index("99")]
    assert _occurrences("ratio 9.99", "9", 5) == [6]  # the whole part is a number


def test_the_padded_segment_outranks_a_percentage_s_fraction() -> None:
    groups = term_groups(parse_query("why can pg_waldump not read segment 99"))
    padded = 'pg_waldump: error: could not locate WAL file "000000010000000000000099"'
    stats = "$ pg_waldump --stats\nHeap2   3470 ( 11.65)   211754 (  9.99)"
    assert sum(groups.present(padded)) > sum(groups.present(stats))


def test_a_word_is_not_read_as_a_number() -> None:
    assert _occurrences("x00ab", "ab", 5) == []


@given(st.integers(1, 999), st.integers(2, 8), st.sampled_from(["", "1", "abc_", "-", " "]))
def test_any_short_number_padded_with_zeros_is_found(number: int, zeros: int, head: str) -> None:
    text = f"file {head}{'0' * zeros}{number}.log"
    assert _occurrences(text, str(number), 5) != []


def _one_pass(text: str, number: str, limit: int) -> list[int]:
    """Every occurrence of ``number`` read in order: where it starts a word or ends a padded
    field (the zero tested before the call in ``matching`` must change nothing)."""
    found: list[int] = []
    start = text.find(number)
    while start != -1 and len(found) < limit:
        end = start + len(number)
        starts_word = start == 0 or not text[start - 1].isalnum()
        if (starts_word and not opens_fraction(text, start, end)) or ends_padding(text, start, end):
            found.append(start)
        start = text.find(number, start + 1)
    return found


@given(
    st.text(alphabet="0019. a-", max_size=40),
    st.sampled_from(["1", "9", "19", "91", "199"]),
    st.integers(1, 4),
)
def test_the_number_scan_finds_what_a_plain_pass_over_every_occurrence_finds(
    text: str, number: str, limit: int
) -> None:
    assert _occurrences(text, number, limit) == _one_pass(text, number, limit)
