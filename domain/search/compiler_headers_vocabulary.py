"""What a path into a compiler's own header directory says, in the words an agent asks with: an
entry of the tool vocabulary (``tool_vocabulary``), kept in a file of its own (ADR 0350).

GCC keeps the headers it ships (``stddef.h``, ``stdarg.h``, its intrinsics) under a directory
named by its target and its version: ``/usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h``;
Clang under its resource directory, ``/usr/lib/llvm-16/lib/clang/16/include/``. ``gcc -H``,
``-M`` and ``-v`` print such paths. An agent asks which compiler version's headers are used:
the path says the version by its place, never by the word.
"""

from __future__ import annotations

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# A path into GCC's (``/lib/gcc/TARGET/N/include``, ``include-fixed``) or Clang's
# (``/lib/clang/N/include``) own headers: a version's number as a directory, then ``include``.
_COMPILER_HEADERS = precompiled(
    r"/lib/(?:gcc(?:-cross)?/[\w.-]+|clang)/\d+(?:\.\d+)*/include(?:-fixed)?(?![\w-])"
)

# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words.
COMPILER_HEADERS_ENTRIES: tuple[VocabularyEntry, ...] = (
    ((("/", "/lib/gcc"), ("/", "/lib/clang/")), _COMPILER_HEADERS.search, "version"),
)
