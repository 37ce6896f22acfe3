"""A chunk of a command's option list that starts inside an entry is titled by the options it
holds (ADR 0345)."""

from __future__ import annotations

from domain.chunking.option_titles import option_title
from domain.chunking.plaintext import chunk_plaintext

_TAR_WINDOW = """\
              never, simple
                     Always make simple backups

       -C, --directory=DIR
              Change  to  DIR  before performing any operations.

       --exclude=PATTERN
              Exclude files matching PATTERN, a glob(3)-style wildcard pattern.

       --null Instruct  subsequent  -T  options  to read null-terminated names verbatim
              (disables special handling of names that start with a dash)."""


def test_a_window_starting_inside_an_entry_is_titled_by_the_entries_it_holds() -> None:
    assert option_title(_TAR_WINDOW) == "-C, --directory=DIR, --exclude=PATTERN, --null"


def test_a_help_listing_s_entries_described_beside_them_are_named() -> None:
    text = (
        "      at the start of the line.\n"
        "  -v, --verbose       explain what is being done\n"
        "  -n NUM, --lines NUM  print NUM lines"
    )
    assert option_title(text) == "-v, --verbose, -n NUM, --lines NUM"


def test_a_chunk_starting_with_an_entry_or_at_the_margin_keeps_its_first_line() -> None:
    starts_with_entry = "       --exclude=PATTERN\n              Exclude files matching PATTERN."
    assert option_title(starts_with_entry) is None
    at_margin = "OPTIONS\n       --exclude=PATTERN\n              Exclude files matching PATTERN."
    assert option_title(at_margin) is None


def test_prose_that_starts_with_a_dash_is_no_entry() -> None:
    # a description line that names an option (``-T option.``) or ends a sentence with one
    text = (
        "              of the sparse file.\n"
        "              -T option.  The default N is 1.\n"
        "              --sparse.   Valid argument values are 0.0, 0.1, and 1.0.\n"
        "       Other text"
    )
    assert option_title(text) is None


def test_a_deep_first_line_with_no_entry_below_keeps_its_first_line() -> None:
    assert option_title("          indented note\n  plain text at the margin") is None


def test_a_long_list_of_entries_is_cut_to_the_title_limit_without_a_dangling_comma() -> None:
    entries = "\n".join(f"       --option-number-{n}\n              does {n}" for n in range(9))
    title = option_title("              the end of one.\n" + entries)
    assert title is not None
    assert len(title.encode()) <= 80
    assert title.startswith("--option-number-0, --option-number-1")
    assert not title.endswith(",")


def test_a_man_page_window_is_titled_by_its_options() -> None:
    lines = ["TAR(1)", "", "OPTIONS"]
    for n in range(40):
        lines += [f"       --flag-{n}=VALUE", f"              Sets flag {n} to VALUE.", ""]
    lines[-1:] = ["       --last", "              The last one,", "              long."]
    titles = [chunk.title for chunk in chunk_plaintext("\n".join(lines), max_bytes=400)]
    assert titles[0].startswith("TAR(1)")
    assert any(title.startswith("--flag-") for title in titles[1:])
