"""JSON: key paths, arrays batched under the limit and titled by identity field."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.chunking import MAX_CHUNK_BYTES, chunk
from domain.chunking.json_chunks import _compact, _pretty, _pretty_within
from domain.chunking.utf8 import byte_len
from domain.content_type import ContentType


def titles(value: object) -> list[str]:
    return [c.title for c in chunk(json.dumps(value), ContentType.JSON)]


def test_small_flat_object_is_one_root_chunk() -> None:
    chunks = chunk('{"b": 1, "a": "x"}', ContentType.JSON)
    assert [(c.title, c.has_code) for c in chunks] == [("(root)", True)]
    assert json.loads(chunks[0].content) == {"a": "x", "b": 1}


def test_an_object_that_fits_is_one_chunk_even_when_nested() -> None:
    value = {"zeta": {"deep": {"x": 1}}, "alpha": 3, "empty": []}
    chunks = chunk(json.dumps(value), ContentType.JSON)
    assert [c.title for c in chunks] == ["(root)"]
    assert json.loads(chunks[0].content) == value


def test_a_big_object_keeps_its_plain_fields_together_and_recurses_into_sorted_keys() -> None:
    value = {
        "zeta": {"deep": {"x": "z" * 3000}, "more": "y" * 2000},
        "alpha": 3,
        "title": "nil pointer",
        "empty": [],
    }
    chunks = chunk(json.dumps(value), ContentType.JSON)
    assert [c.title for c in chunks] == ["(root)", "zeta", "zeta > deep"]
    assert json.loads(chunks[0].content) == {"alpha": 3, "empty": [], "title": "nil pointer"}
    assert json.loads(chunks[1].content) == {"more": "y" * 2000}
    assert json.loads(chunks[2].content) == {"deep": {"x": "z" * 3000}}


def test_every_chunk_carries_the_key_it_sits_under() -> None:
    value = {
        "logging": {"redact_headers": ["Authorization", "Cookie"], "level": "info"},
        "pad": {"blob": "x" * 4000},
    }
    chunks = {c.title: c.content for c in chunk(json.dumps(value), ContentType.JSON)}
    assert json.loads(chunks["logging"]) == {"logging": value["logging"]}
    assert '"redact_headers"' in chunks["logging"]


def test_array_batches_carry_the_array_key() -> None:
    items = [{"blob": "x" * 1000} for i in range(10)]
    pieces = chunk(json.dumps({"services": items}), ContentType.JSON)
    assert len(pieces) > 1
    for piece in pieces:
        assert list(json.loads(piece.content)) == ["services"]


def test_records_too_many_for_one_chunk_are_one_chunk_each_titled_by_name() -> None:
    items = [{"name": f"svc-{i}", "blob": "x" * 1000} for i in range(10)]
    pieces = chunk(json.dumps({"services": items}), ContentType.JSON)
    assert [p.title for p in pieces] == [f"services > svc-{i}" for i in range(10)]
    assert json.loads(pieces[3].content) == items[3]
    assert '\n  "name": "svc-3",' in pieces[3].content  # pretty: one key per line


def test_records_are_named_as_their_tools_name_them() -> None:
    pulls = [{"number": 900 - i, "title": f"Fix bug {i}", "body": "b" * 900} for i in range(6)]
    assert titles(pulls)[:2] == ["(root) > #900 Fix bug 0", "(root) > #899 Fix bug 1"]
    objects = [
        {
            "kind": "Deployment",
            "metadata": {"name": f"web-{i}", "namespace": "shop"},
            "p": "x" * 900,
        }
        for i in range(6)
    ]
    assert titles({"items": objects})[0] == "items > Deployment shop/web-0"


def test_many_ids_use_first_and_last() -> None:
    items = [{"id": i} for i in range(50)]
    assert titles(items) == ["(root) > 0…49"]


def test_single_item_batch_and_index_ranges_without_identity() -> None:
    assert titles([{"id": "only"}]) == ["(root) > only"]
    assert titles([[1, 2], [3]]) == ["(root) > [0-1]"]


def test_batches_stay_under_the_limit() -> None:
    items = [{"id": i, "text": "é" * 300} for i in range(100)]
    chunks = chunk(json.dumps(items, ensure_ascii=False), ContentType.JSON)
    assert len(chunks) > 1
    assert all(byte_len(c.content) <= MAX_CHUNK_BYTES for c in chunks)


def test_oversized_item_is_chunked_by_its_own_keys() -> None:
    item = {"id": "big", "parts": {f"k{i}": "v" * 1000 for i in range(10)}}
    chunks = chunk(json.dumps([item]), ContentType.JSON)
    assert all(byte_len(c.content) <= MAX_CHUNK_BYTES for c in chunks)
    assert any(c.title.startswith("(root) > big > parts") for c in chunks)


def test_giant_string_value_is_cut() -> None:
    chunks = chunk(json.dumps({"log": "line " * 5000}), ContentType.JSON)
    assert len(chunks) > 1
    assert all(c.title == "log" for c in chunks)
    assert all(byte_len(c.content) <= MAX_CHUNK_BYTES for c in chunks)


def test_repeated_titles_stay_separate_chunks() -> None:
    items = [{"id": "same", "pad": "x" * 3000} for _ in range(3)]
    chunks = chunk(json.dumps(items), ContentType.JSON)
    assert [c.title for c in chunks] == ["(root) > same"] * 3


def test_invalid_json_falls_back_to_plaintext() -> None:
    chunks = chunk('{"broken": ', ContentType.JSON)
    assert [c.title for c in chunks] == ["Output"]
    assert not chunks[0].has_code


def test_lone_surrogate_escape_stays_encodable() -> None:
    chunks = chunk('{"a": "\\ud800 text"}', ContentType.JSON)
    assert all(c.content.encode("utf-8") for c in chunks)


def test_identity_values_are_shortened_for_titles() -> None:
    (only,) = chunk(json.dumps([{"name": "line one\nline two " + "x" * 200}]), ContentType.JSON)
    assert "\n" not in only.title
    assert byte_len(only.title) <= len("(root) > ") + 80


_STRINGS = st.text(
    st.sampled_from(["a", "é", "日", "\ud83d", "\u2028", '"', "\\", "\n"]), max_size=12
)
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | _STRINGS | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(_STRINGS, inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=400, deadline=None)
@given(_JSON, st.integers(0, 400))
def test_a_compact_form_over_the_limit_rules_the_pretty_one_out(value: object, limit: int) -> None:
    # Lone surrogates, non-ASCII text and NaN included: the pretty form is never the smaller.
    pretty = _pretty(value)
    assert byte_len(pretty) >= byte_len(_compact(value))
    assert _pretty_within(value, limit) == (pretty if byte_len(pretty) <= limit else None)
