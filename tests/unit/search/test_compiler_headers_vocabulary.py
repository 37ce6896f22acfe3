"""The agent's word for a path into a compiler's own header directory (ADR 0350), and the
lookalikes that get none."""

from __future__ import annotations

import pytest

from domain.search.tool_vocabulary import tool_vocabulary_facts


@pytest.mark.parametrize(
    "text",
    [
        ". /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h\n",
        " /usr/lib/gcc/x86_64-redhat-linux/13.2.1/include-fixed/limits.h \\\n",
        "/usr/lib/gcc-cross/aarch64-linux-gnu/12/include\n",
        ".. /usr/lib/llvm-16/lib/clang/16/include/stdarg.h\n",
    ],
)
def test_a_compiler_s_own_headers_sit_under_its_version(text: str) -> None:
    assert "version" in tool_vocabulary_facts(text).split()


@pytest.mark.parametrize(
    "text",
    [
        # The system's headers, GCC's libraries beside its headers, a path without a number.
        ". /usr/include/stdio.h\n",
        "/usr/lib/gcc/x86_64-linux-gnu/12/libgcc.a\n",
        "/usr/lib/gcc/x86_64-linux-gnu/include/\n",
    ],
)
def test_lookalikes_get_none(text: str) -> None:
    assert "version" not in tool_vocabulary_facts(text).split()
