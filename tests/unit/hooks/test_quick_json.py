"""``adapters.quick_json`` reads and writes exactly as ``json`` does (ADR 0102).

It drives ``json``'s own C scanner and encoder without importing ``json``; every document,
valid or not, must come out as ``json.loads``/``json.dumps`` make it, errors included.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adapters.quick_json import dumps, loads

scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(values, st.booleans(), st.booleans())
def test_writes_as_json_does(value: Any, ensure_ascii: bool, sort_keys: bool) -> None:
    expected = json.dumps(value, ensure_ascii=ensure_ascii, sort_keys=sort_keys)
    assert dumps(value, ensure_ascii=ensure_ascii, sort_keys=sort_keys) == expected


@settings(max_examples=300, deadline=None)
@given(values, st.sampled_from(["", " ", "\n", " \t\r\n "]), st.sampled_from(["", "\n", "  "]))
def test_reads_as_json_does(value: Any, before: str, after: str) -> None:
    for ensure_ascii in (True, False):
        document = before + json.dumps(value, ensure_ascii=ensure_ascii) + after
        assert loads(document) == json.loads(document)
        assert loads(document.encode("utf-8", "surrogatepass")) == json.loads(
            document.encode("utf-8", "surrogatepass")
        )


@pytest.mark.parametrize(
    "document",
    [
        "",
        "   ",
        "{",
        '{"a": 1} x',
        '{"a": 1}{"b": 2}',
        "[1, 2,]",
        '{"a": "\x01"}',
        "\ufeff{}",
        "nul",
        b"\xff\xfe{\x00}\x00",
        b"\xef\xbb\xbf{}",
        b'{"a": "\xff"}',
        b"\x00{}",
        '"\\ud800"',
    ],
)
def test_errors_and_odd_encodings_are_json_s(document: str | bytes) -> None:
    try:
        expected: Any = json.loads(document)
    except ValueError as error:
        with pytest.raises(type(error)) as raised:
            loads(document)
        assert str(raised.value) == str(error)
    else:
        assert loads(document) == expected


def test_constants_and_large_numbers() -> None:
    document = "[NaN, Infinity, -Infinity, 1e400, 12345678901234567890, 1.5]"
    read = loads(document)
    assert math.isnan(read[0]) and read[1:4] == [math.inf, -math.inf, math.inf]
    assert read[4:] == [12345678901234567890, 1.5]
    assert dumps(read) == json.dumps(read)
    keys = {1: "a", None: "b", 1.5: "c", False: "d"}
    assert dumps(keys) == json.dumps(keys)


def test_what_json_cannot_write_fails_as_in_json() -> None:
    for value in ({"a": object()}, {1.5j: 1}, [{"s": {1, 2}}]):
        with pytest.raises(TypeError) as raised:
            dumps(value)
        with pytest.raises(TypeError) as expected:
            json.dumps(value)
        assert str(raised.value) == str(expected.value)
    loop: list[Any] = []
    loop.append(loop)
    with pytest.raises(ValueError, match="Circular reference"):
        dumps(loop)
