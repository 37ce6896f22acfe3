"""Markdown sections: heading breadcrumbs, fences kept whole, rules, oversized sections."""

from __future__ import annotations

import itertools

from domain.chunking import MAX_CHUNK_BYTES, chunk
from domain.chunking.utf8 import byte_len
from domain.content_type import ContentType


def md(text: str) -> list[tuple[str, str]]:
    return [(c.title, c.content) for c in chunk(text, ContentType.MARKDOWN)]


def test_headings_build_breadcrumb_titles_and_deeper_levels_reset() -> None:
    text = "# A\none\n## B\ntwo\n### C\nthree\n## D\nfour\n#### E\nfive\n##### F\nsix"
    assert md(text) == [
        ("A", "# A\n\none"),
        ("A > B", "## B\n\ntwo"),
        ("A > B > C", "### C\n\nthree"),
        ("A > D", "## D\n\nfour"),
        ("A > D > E", "#### E\n\nfive\n##### F\nsix"),
    ]


def test_a_heading_with_only_subsections_is_carried_by_the_first_one() -> None:
    assert md("# Guide\n## Database\n### Pool\nsize 25\n### Locks\nnone") == [
        ("Guide > Database > Pool", "# Guide\n## Database\n### Pool\n\nsize 25"),
        ("Guide > Database > Locks", "### Locks\n\nnone"),
    ]


def test_a_heading_with_nothing_under_it_stays_a_chunk() -> None:
    assert md("# A\none\n# Empty\n# B\ntwo") == [
        ("A", "# A\n\none"),
        ("Empty", "# Empty"),
        ("B", "# B\n\ntwo"),
    ]


def test_only_the_first_piece_of_an_oversized_section_repeats_its_heading() -> None:
    paragraphs = [f"paragraph {i} " + "word " * 150 for i in range(12)]
    chunks = chunk("## Big\n" + "\n\n".join(paragraphs), ContentType.MARKDOWN)
    assert chunks[0].content.startswith("## Big\n\nparagraph 0")
    assert not any("## Big" in c.content for c in chunks[1:])


def test_text_before_any_heading_is_titled_content() -> None:
    assert md("intro\n# A\nbody") == [("Content", "intro"), ("A", "# A\n\nbody")]


def test_closing_hashes_are_not_part_of_the_title() -> None:
    assert md("## Setup ##\nbody") == [("Setup", "## Setup ##\n\nbody")]


def test_headings_inside_fences_are_code() -> None:
    text = "# Real\n```bash\n# a comment\n## not a heading\n```\n"
    assert md(text) == [("Real", "# Real\n\n```bash\n# a comment\n## not a heading\n```")]


def test_longer_fence_is_not_closed_by_a_shorter_one() -> None:
    text = "# T\n````md\n```python\nx = 1\n```\n# still inside\n````\nafter"
    chunks = chunk(text, ContentType.MARKDOWN)
    assert len(chunks) == 1
    assert "# still inside" in chunks[0].content
    assert chunks[0].content.endswith("````\n\nafter")
    assert chunks[0].has_code


def test_tilde_fences_and_backtick_fences_do_not_close_each_other() -> None:
    text = "# T\n~~~\n```\n# inside\n~~~\n# Next\nx"
    assert md(text) == [("T", "# T\n\n~~~\n```\n# inside\n~~~"), ("Next", "# Next\n\nx")]


def test_unclosed_fence_runs_to_the_end() -> None:
    text = "# T\n```\ncode\n# not heading\n\n\nmore"
    chunks = chunk(text, ContentType.MARKDOWN)
    assert [c.title for c in chunks] == ["T"]
    assert "# not heading" in chunks[0].content


def test_horizontal_rule_flushes_and_is_dropped() -> None:
    assert md("# A\none\n---\ntwo\n* * *\nthree") == [
        ("A", "# A\n\none"),
        ("A", "two"),
        ("A", "three"),
    ]


def test_has_code_marks_only_chunks_with_fences() -> None:
    chunks = chunk("# A\ntext\n# B\n```\nx\n```", ContentType.MARKDOWN)
    assert [c.has_code for c in chunks] == [False, True]


def test_oversized_section_splits_on_paragraphs_with_overlap() -> None:
    paragraphs = [f"paragraph {i} " + "word " * 150 + f"\nend of {i}" for i in range(12)]
    chunks = chunk("# Big\n" + "\n\n".join(paragraphs), ContentType.MARKDOWN)
    assert len(chunks) > 1
    assert all(c.title == "Big" for c in chunks)
    assert all(byte_len(c.content) <= MAX_CHUNK_BYTES for c in chunks)
    for previous, following in itertools.pairwise(chunks):
        last_line = previous.content.rstrip().split("\n")[-1]
        assert following.content.startswith(last_line) or last_line in following.content


def test_code_fence_is_never_split_when_it_fits() -> None:
    fence = "```python\n" + "\n\n".join(f"x{i} = {i}" for i in range(300)) + "\n```"
    assert byte_len(fence) < MAX_CHUNK_BYTES
    text = "# Code\n" + ("prose line\n\n" * 100) + fence + "\n\nafter"
    chunks = chunk(text, ContentType.MARKDOWN)
    holding = [c for c in chunks if "x0 = 0" in c.content]
    assert len(holding) == 1
    assert fence in holding[0].content


def test_giant_fence_is_split_into_re_fenced_pieces() -> None:
    fence = "```python\n" + "\n".join(f"value_{i} = {i}" for i in range(1000)) + "\n```"
    chunks = chunk("# Code\n" + fence, ContentType.MARKDOWN)
    assert len(chunks) > 1
    assert chunks[0].content.startswith("# Code\n\n```python\n")
    for piece in chunks:
        assert piece.content.removeprefix("# Code\n\n").startswith("```python\n")
        assert piece.content.endswith("\n```")
        assert piece.has_code
        assert byte_len(piece.content) <= MAX_CHUNK_BYTES


def test_blank_document_gives_no_chunks() -> None:
    assert chunk("\n\n  \n", ContentType.MARKDOWN) == ()
