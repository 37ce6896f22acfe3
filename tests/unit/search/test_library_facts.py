"""A shared object's file name names its library, in the words an agent asks for it with."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.search.library_facts import library_facts

_LDCONFIG = """\
\tlibz.so.1 (libc6,x86-64) => /lib/x86_64-linux-gnu/libz.so.1
\tlibsqlite3.so.0 (libc6,x86-64) => /lib/x86_64-linux-gnu/libsqlite3.so.0
\tlibpython3.11.so.1.0 (libc6,x86-64) => /lib/x86_64-linux-gnu/libpython3.11.so.1.0
\tlibcrypto.so.3 (libc6,x86-64) => /lib/x86_64-linux-gnu/libcrypto.so.3
"""


def test_ldconfig_s_libraries_are_named_once_each_in_order() -> None:
    assert library_facts(_LDCONFIG) == "zlib sqlite python openssl crypto"


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("7f2c1a000000 1220K r-x-- libsqlite3.so.0.8.6", "sqlite"),
        ("\tlibfx.so.1 => not found", ""),  # a name of two letters nobody knows by another
        ("\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6", ""),
        ("\tlibm.so.6 => /lib/x86_64-linux-gnu/libm.so.6", "math"),
        ("Shared library: [libxml2.so.2]", "xml"),
        ("\tlibstdc++.so.6 => /lib/x86_64-linux-gnu/libstdc++.so.6", "c++ standard library"),
        ("\tlibgcc_s.so.1 => /lib/x86_64-linux-gnu/libgcc_s.so.1", "gcc"),
        ("python3 -c 'import so'; also solved", ""),
        ("the build wrote libshapes.a and shapes.so", ""),
    ],
)
def test_a_shared_object_names_its_library(line: str, said: str) -> None:
    assert library_facts(line) == said


@given(st.text(alphabet=st.characters(blacklist_characters=".")))
def test_a_text_without_a_dot_names_none(text: str) -> None:
    assert library_facts(text) == ""
