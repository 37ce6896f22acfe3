"""What a Cargo build script printed, in the words an agent asks with: entries of the tool
vocabulary (``tool_vocabulary``), kept in a file of their own (ADR 0323).

A Cargo build script tells Cargo a warning by printing ``cargo:warning=MESSAGE`` (``cargo::``
since Rust 1.77), and Cargo shows it as ``warning: crate@0.3.0: MESSAGE``: a warning the build
script printed.
"""

from __future__ import annotations

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# Cargo's line that shows a build script's warning. Searched from the newline before it (a
# ``^`` under ``re.M`` is tried at every character).
_SHOWN_WARNING = precompiled(r"\nwarning: [\w-]+@\d+\.\d+\.\d+\S*: \S")


def _script_warned(text: str) -> bool:
    """Whether ``text`` holds a build script's ``cargo:warning=`` (``cargo::warning=``) or
    Cargo's line that shows one."""
    return (
        "cargo:warning=" in text
        or "cargo::warning=" in text
        or _SHOWN_WARNING.search("\n" + text) is not None
    )


# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words.
BUILD_SCRIPT_ENTRIES: tuple[VocabularyEntry, ...] = (
    ((("c", "cargo:"), ("w", "warning: ")), _script_warned, "build script printed"),
)
