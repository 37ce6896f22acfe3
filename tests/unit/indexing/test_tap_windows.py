"""TAP output is cut between test points: a point keeps its YAML block and its diagnostics."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from domain.chunking import MAX_CHUNK_BYTES, chunk
from domain.chunking.detection import detect_content_type, is_tap
from domain.chunking.tap_windows import UNIT_LINES, tap_windows, unit_starts
from domain.chunking.utf8 import byte_len
from domain.content_type import ContentType


def _node_point(number: int, name: str, *, failed: bool, indent: str = "") -> str:
    """One node ``--test-reporter=tap`` test with its YAML block; a failure's error message
    has blank lines inside the block (whitespace only, as node writes them)."""
    head = f"{indent}# Subtest: {name}\n{indent}{'not ok' if failed else 'ok'} {number} - {name}\n"
    yaml = f"{indent}  ---\n{indent}  duration_ms: 0.{number}1\n"
    if failed:
        yaml += (
            f"{indent}  location: '/src/seats/test/seats.test.js:{number}0:3'\n"
            f"{indent}  error: |-\n"
            f"{indent}    Expected values to be strictly equal:\n"
            f"{indent}    \n"
            f"{indent}    'got {number}' !== 'want {number}'\n"
            f"{indent}    \n"
            f"{indent}  code: 'ERR_ASSERTION'\n"
            f"{indent}  expected: 'want {number}'\n"
            f"{indent}  actual: 'got {number}'\n"
            f"{indent}  stack: |-\n"
            + "".join(
                f"{indent}    Test.run (node:internal/test_runner/test:{line}:25)\n"
                for line in range(700, 708)
            )
        )
    return head + yaml + f"{indent}  ...\n"


def _node_run(points: int) -> str:
    body = "".join(_node_point(i, f"seat rule {i}", failed=i % 2 == 0) for i in range(1, points))
    return (
        "TAP version 13\n"
        + body
        + f"1..{points - 1}\n# tests {points - 1}\n# pass {points // 2}\n# fail {points // 2 - 1}\n"
    )


def _block_of(text: str, needle: str) -> str:
    """The lines from the test point above ``needle`` to the end of its YAML block."""
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if needle in line)
    start = max(i for i in range(at + 1) if " ok " in f" {lines[i].strip()}")
    end = next(i for i in range(at, len(lines)) if lines[i].strip() == "...")
    return "\n".join(lines[start : end + 1])


def test_a_node_failure_keeps_its_yaml_block_blank_lines_and_all() -> None:
    text = _node_run(12)
    assert is_tap(text)
    assert detect_content_type(text) is ContentType.PLAINTEXT
    chunks = chunk(text, ContentType.PLAINTEXT)
    assert len(chunks) > 1
    for number in (2, 4, 6, 8, 10):
        block = _block_of(text, f"'got {number}' !== 'want {number}'")
        assert block.startswith(f"not ok {number} - seat rule {number}")
        assert any(block in c.content for c in chunks), number
    # every chunk starts at a unit: a subtest's header or a test point, never inside a block
    for piece in chunks[1:]:
        assert piece.content.startswith(("# Subtest:", "ok ", "not ok ")), piece.content[:40]


def test_the_cut_falls_between_points_not_at_a_blank_line_inside_a_block() -> None:
    lines = _node_run(6).strip("\n").split("\n")
    for start, _, _ in tap_windows(lines, MAX_CHUNK_BYTES)[1:]:
        assert lines[start].startswith("# Subtest:")


def test_a_subtest_stays_whole_with_its_nested_points_when_it_fits() -> None:
    inner = "".join(_node_point(i, f"row {i}", failed=i == 2, indent="    ") for i in (1, 2))
    suite = "# Subtest: seatLabel\n" + inner + "    1..2\nnot ok 1 - seatLabel\n  ---\n  ...\n"
    text = "TAP version 13\n" + suite + _node_point(2, "freeSeats", failed=False) + "1..2\n"
    lines = text.strip("\n").split("\n")
    starts = unit_starts(lines)
    assert starts[lines.index("# Subtest: seatLabel")] == 0
    assert starts[lines.index("    # Subtest: row 2")] == 1  # a cut there only if it must
    assert starts[lines.index("not ok 1 - seatLabel")] == 1
    assert starts[lines.index("    not ok 2 - row 2")] is None  # a point closes its header
    windows = tap_windows(lines, MAX_CHUNK_BYTES)
    whole = (lines.index("# Subtest: seatLabel"), lines.index("# Subtest: freeSeats"))
    assert any(start <= whole[0] and whole[1] <= end for start, end, _ in windows)


def test_a_subtest_too_big_is_cut_between_its_nested_points() -> None:
    inner = "".join(_node_point(i, f"row {i}", failed=True, indent="    ") for i in range(1, 6))
    text = "# Subtest: seatLabel\n" + inner + "    1..5\nnot ok 1 - seatLabel\n  ---\n  ...\n1..1\n"
    lines = text.strip("\n").split("\n")
    assert len(lines) > UNIT_LINES
    for start, end, _ in tap_windows(lines, MAX_CHUNK_BYTES):
        assert start == 0 or lines[start].strip().startswith(("# Subtest:", "not ok 1"))
        body = "\n".join(lines[start:end])
        for number in range(1, 6):
            if f"not ok {number} - row {number}" in body:
                assert f"'got {number}' !== 'want {number}'" in body
    # a window starting inside the subtest is titled by it
    chunks = chunk(text, ContentType.PLAINTEXT)
    titles = [c.title for c in chunks]
    assert titles[0] == "# Subtest: seatLabel"
    assert "seatLabel > # Subtest: row 5" in titles
    assert all(t.startswith("seatLabel > ") or t == "not ok 1 - seatLabel" for t in titles[1:])


PERL = """\
$ perl -Ilib t/due.t
1..4
ok 1 - books are due in three weeks
ok 2 - dvds are due in a week
ok 3 - magazines are due in two weeks
not ok 4 - audiobooks lend like books
#   Failed test 'audiobooks lend like books'
#   at t/due.t line 7.
#          got: undef
#     expected: '21'
# Looks like you failed 1 test of 4.
$ perl -Ilib t/fines.t
# Subtest: late fees
    1..3
    ok 1 - returned on time
    ok 2 - four days late
    ok 3 - dvd late fee per day
ok 1 - late fees
# Subtest: fee cap
    ok 1 - capped at ten euros
    not ok 2 - dvd cap is fifteen euros
    #   Failed test 'dvd cap is fifteen euros'
    #   at t/fines.t line 12.
    #          got: '1000'
    #     expected: '1500'
    1..2
    # Looks like you failed 1 test of 2.
not ok 2 - fee cap
#   Failed test 'fee cap'
#   at t/fines.t line 14.
not ok 3 - renewals never go negative
#   Failed test 'renewals never go negative'
#   at t/fines.t line 16.
# member used 3 renewals, policy allows 2
1..3
# Looks like you failed 2 tests of 3.
"""


def test_perl_tap_without_yaml_keeps_a_failure_with_its_diagnostics() -> None:
    lines = PERL.strip("\n").split("\n")
    starts = unit_starts(lines)
    # units: each point that closes no subtest, each subtest, the second command
    assert [lines[i] for i, d in enumerate(starts) if d == 0] == [
        "ok 1 - books are due in three weeks",
        "ok 2 - dvds are due in a week",
        "ok 3 - magazines are due in two weeks",
        "not ok 4 - audiobooks lend like books",
        "$ perl -Ilib t/fines.t",
        "# Subtest: late fees",
        "# Subtest: fee cap",
        "not ok 3 - renewals never go negative",
    ]
    assert starts[lines.index("ok 1 - late fees")] == 1  # closes a subtest with points in it
    assert starts[lines.index("#   Failed test 'audiobooks lend like books'")] is None
    for start, _, _ in tap_windows(lines, 300):
        assert start == 0 or starts[start] is not None
    chunks = chunk(PERL, ContentType.PLAINTEXT)
    renewals = next(c for c in chunks if "not ok 3 - renewals never go negative" in c.content)
    assert "# member used 3 renewals, policy allows 2" in renewals.content


def test_a_huge_yaml_block_is_still_cut_within_the_limit() -> None:
    frames = "".join(f"    frame{i} (/src/app/deep/module{i}.js:{i}:7)\n" for i in range(400))
    text = (
        "TAP version 13\n# Subtest: deep\nnot ok 1 - deep\n  ---\n  error: 'too deep'\n"
        f"  stack: |-\n{frames}  ...\n# Subtest: after\nok 2 - after\n  ---\n  ...\n1..2\n"
    )
    lines = text.strip("\n").split("\n")
    windows = [(start, end) for start, end, _ in tap_windows(lines, MAX_CHUNK_BYTES)]
    assert len(windows) > 3
    assert all(byte_len("\n".join(lines[s:e])) <= MAX_CHUNK_BYTES for s, e in windows)
    assert windows[0][0] == 0 and windows[-1][1] == len(lines)
    assert lines[windows[-1][0]] == "# Subtest: after"  # the next point is a cut of its own
    chunks = chunk(text, ContentType.PLAINTEXT)
    assert all(byte_len(c.content) <= MAX_CHUNK_BYTES for c in chunks)
    assert all(f"frame{i} " in "".join(c.content for c in chunks) for i in range(400))


YAML_DOCUMENT = """\
---
service: seats
replicas: 3
checks:
  - name: ok 1 booking
    expect: ok
  - name: ok 2 refunds
    expect: ok

limits:
  cpu: 500m
  memory: 256Mi
...
---
service: tickets
replicas: 2

probes:
  ready: /health
  live: /live
...
"""


def test_a_yaml_document_is_no_tap_and_keeps_its_own_cut() -> None:
    text = YAML_DOCUMENT * 3
    assert not is_tap(text)
    chunks = chunk(text, ContentType.PLAINTEXT)
    # cut at its blank lines, as before: every paragraph lies whole in one chunk
    for paragraph in text.split("\n\n"):
        assert any(paragraph.strip("\n") in c.content for c in chunks)


@given(
    st.lists(
        st.tuples(st.booleans(), st.integers(min_value=0, max_value=30), st.booleans()),
        min_size=1,
        max_size=30,
    )
)
def test_windows_cover_the_output_in_order_within_the_limit(
    points: list[tuple[bool, int, bool]],
) -> None:
    text = "TAP version 13\n"
    for number, (failed, frames, nested) in enumerate(points, start=1):
        indent = "    " if nested else ""
        text += f"{indent}# Subtest: t{number}\n{indent}{'not ' * failed}ok {number} - t{number}\n"
        text += f"{indent}  ---\n{indent}  error: |-\n{indent}    \n"
        text += "".join(f"{indent}    at f{n} (x.js:{n}:1)\n" for n in range(frames))
        text += f"{indent}  ...\n"
    lines = text.strip("\n").split("\n")
    windows = [(start, end) for start, end, _ in tap_windows(lines, 600)]
    assert windows[0][0] == 0 and windows[-1][1] == len(lines)
    for (_, end), (start, _) in pairwise(windows):
        assert start <= end  # consecutive, overlapping only where a unit was cut inside
    for start, end in windows:
        assert start < end
        assert byte_len("\n".join(lines[start:end])) <= 600
