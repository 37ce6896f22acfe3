"""Plain output is cut where its own structure ends one item and starts the next."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.chunking import MAX_CHUNK_BYTES, chunk
from domain.chunking import line_windows as line_windows_module
from domain.chunking.line_windows import MAX_ITEM_LINES, MAX_LINES, line_windows
from domain.content_type import ContentType

RUSTC = """\
   Compiling ledger v0.3.1 (/tmp/ledger)
error[E0277]: a value of type `u32` cannot be made by summing an iterator over `i64`
  --> src/lib.rs:58:46
   |
58 |     entries.iter().map(|e| fee_for(e.cents)).sum()
   |                                              ^^^ value of type `u32` cannot be made
   |
   = help: the trait `Sum<i64>` is not implemented for `u32`
help: the following other types implement trait `Sum<A>`
  --> /rustc/library/core/src/iter/traits/accum.rs:48:8
   |
   = note: `u32` implements `Sum`
  ::: /rustc/library/core/src/iter/traits/accum.rs:70:8
   |
   = note: `u32` implements `Sum<&u32>`
  ::: /rustc/library/core/src/iter/traits/accum.rs:204:0
   |
   = note: in this macro invocation
note: the method call chain might not have had the expected associated types
  --> src/lib.rs:58:20
   |
58 |     entries.iter().map(|e| fee_for(e.cents)).sum()
   |     ------- ------ ^^^^^^^^^^^^^^^^^^^^^^^^^ `Iterator::Item` changed to `i64` here
   |     |       |
   |     |       `Iterator::Item` is `&Entry` here
   |     this expression has type `&[Entry]`
note: required by a bound in `std::iter::Iterator::sum`
  --> /rustc/library/core/src/iter/traits/iterator.rs:3653:4
   = note: this error originates in the macro `integer_sum_product`

For more information about this error, try `rustc --explain E0277`.
error: could not compile `ledger` (lib) due to 1 previous error
"""


def _windows(text: str) -> list[list[str]]:
    lines = text.strip("\n").split("\n")
    return [lines[start:end] for start, end in line_windows(lines, MAX_CHUNK_BYTES)]


def test_a_diagnostic_stays_in_one_chunk_with_its_notes_and_help() -> None:
    chunks = chunk(RUSTC, ContentType.PLAINTEXT)
    assert len(chunks) == 1  # 31 lines: the diagnostic, and too few lines after it to stand alone
    assert "error[E0277]" in chunks[0].content
    assert "note: required by a bound" in chunks[0].content


def test_a_diagnostic_longer_than_a_window_is_kept_whole_before_the_next_one() -> None:
    lines = RUSTC.strip("\n").split("\n")[1:29]  # the diagnostic alone, 28 lines
    text = "\n".join([*lines, *lines, *lines])
    windows = _windows(text)
    assert [w[0] for w in windows] == [lines[0]] * 3
    assert all(len(w) == len(lines) for w in windows)


def test_a_test_s_log_lines_stay_with_its_result_line() -> None:
    tests = []
    for number in range(8):
        tests += [f"=== RUN   TestCase{number}", f"    case_test.go:{number}: a log line"]
        tests += [f"--- PASS: TestCase{number} (0.00s)"]
    windows = _windows("\n".join(tests))
    for window in windows:
        assert window[0].startswith("=== RUN")  # no window opens on another test's tail
        assert window[-1].startswith("--- PASS")
    # a cut between two tests cuts nothing, so no line is repeated in the next window
    assert sum(len(w) for w in windows) == len(tests)


def test_an_output_indented_throughout_is_cut_at_its_own_outer_items() -> None:
    options = []
    for number in range(12):
        options += [f"       --option-{number}=VALUE", "              What the option does.", ""]
    windows = _windows("\n".join(options))
    assert all(w[0].startswith("       --option-") for w in windows)


def test_lines_without_structure_are_cut_every_twenty_lines_without_repeating() -> None:
    text = "\n".join(f"line {i}" for i in range(1, 51))
    assert [(w[0], w[-1]) for w in _windows(text)] == [
        ("line 1", "line 20"),
        ("line 21", "line 40"),
        ("line 41", "line 50"),
    ]


def test_the_last_window_is_not_left_with_a_line_or_two() -> None:
    text = "\n".join(f"row {i}" for i in range(1, 42))
    windows = _windows(text)
    assert len(windows[-1]) >= 5
    assert all(len(w) <= MAX_LINES for w in windows)


def test_an_item_too_long_to_keep_whole_is_cut_inside_with_two_lines_repeated() -> None:
    body = [f"    frame {i}" for i in range(MAX_ITEM_LINES + 20)]
    windows = _windows("\n".join(["Traceback (most recent call last):", *body]))
    assert len(windows[0]) == MAX_LINES
    assert windows[1][:2] == windows[0][-2:]


def test_an_item_kept_whole_stays_within_the_byte_limit() -> None:
    body = [f"    frame {i} " + "x" * 300 for i in range(30)]
    lines = ["Traceback (most recent call last):", *body, "ValueError: bad", *body]
    for start, end in line_windows(lines, MAX_CHUNK_BYTES):
        assert sum(len(line) + 1 for line in lines[start:end]) - 1 <= MAX_CHUNK_BYTES or (
            end - start <= MAX_LINES
        )


def test_a_block_a_header_opens_stays_whole_though_its_lines_are_at_the_margin() -> None:
    runs = [f"=== RUN   Test{n}\n--- PASS: Test{n} (0.00s)" for n in range(9)]
    trace = ["goroutine 7 [running]:"]
    for n in range(12):
        trace += [f"example.test/quota.Frame{n}(...)", f"\t/src/quota/quota.go:{n}"]
    text = "\n".join([*runs, "--- FAIL: TestQuota", "panic: index out of range", "", *trace])
    text += "\nFAIL\texample.test/quota\t0.014s"
    windows = _windows(text)
    holding = [w for w in windows if "goroutine 7 [running]:" in w]
    assert len(holding) == 1
    assert "FAIL\texample.test/quota\t0.014s" in holding[0]  # the block runs to the end
    assert all("\t/src/quota/quota.go:11" not in w for w in windows if w is not holding[0])


def _windows_every_cut_costed(lines: list[str], max_bytes: int) -> list[tuple[int, int]]:
    """``line_windows`` as it was first written: every place between ``first`` and ``last``
    costed, the least taken (the last of equals)."""
    module = line_windows_module
    windows: list[tuple[int, int]] = []
    margin = min((len(ln) - len(ln.lstrip()) for ln in lines if ln.strip()), default=0)
    inside = module._opened_blocks(lines, margin, [])
    total = len(lines)
    start = 0
    while total - start > MAX_LINES:
        first = start + module.MIN_LINES
        last = max(first, min(start + MAX_LINES, total - module.MIN_LAST_LINES))
        cost, end = min(
            (module._cost(lines, i, margin, inside), -i) for i in range(first, last + 1)
        )
        end = -end
        if not module._between_items(cost):
            kept = module._item_end(lines, start, last, margin, max_bytes=max_bytes, inside=inside)
            if kept is not None:
                end, cost = kept, (0, module._AFTER_BLANK)
        windows.append((start, end))
        if end >= total:
            return windows
        start = end if module._between_items(cost) else end - module.OVERLAP_LINES
    windows.append((start, total))
    return windows


# Lines of every kind a cut is costed by: blank (of several lengths), at the margin or
# indented, continuing an item (``note:``, ``= ``, ``58 |``), opening a block (``…:``).
_LINE_KINDS = [
    "",
    " ",
    "\t",
    "   ",
    "item",
    "2025-06-14T00:00:02Z INFO req=1 ok",
    "  indented",
    "    deeper",
    "note: see above",
    "= help: x",
    "58 | code",
    "goroutine 7 [running]:",
    "  frame()",
    "x" * 300,
]


@settings(max_examples=1500, deadline=None)
@given(
    st.lists(st.sampled_from(_LINE_KINDS), min_size=0, max_size=120),
    st.sampled_from([0, 1, 2]),
    st.sampled_from([MAX_CHUNK_BYTES, 600]),
)
def test_windows_are_those_of_every_cut_costed(
    kinds: list[str], indent: int, max_bytes: int
) -> None:
    lines = [" " * indent + line if line.strip() else line for line in kinds]
    assert line_windows(lines, max_bytes) == _windows_every_cut_costed(lines, max_bytes)


def test_a_log_s_windows_are_those_of_every_cut_costed() -> None:
    lines = [f"2025-06-14T00:00:{s % 60:02d}Z INFO req={s} done" for s in range(500)]
    lines[37] = ""
    lines[123] = "  Caused by: x"
    assert line_windows(lines, MAX_CHUNK_BYTES) == _windows_every_cut_costed(lines, MAX_CHUNK_BYTES)


def test_a_blank_line_before_the_first_or_last_place_a_window_may_end_is_where_it_ends() -> None:
    for blank in (9, 19, 14):
        lines = ["item"] * 60
        lines[blank] = ""
        windows = line_windows(lines, MAX_CHUNK_BYTES)
        assert windows[0] == (0, blank + 1)
        assert windows == _windows_every_cut_costed(lines, MAX_CHUNK_BYTES)
