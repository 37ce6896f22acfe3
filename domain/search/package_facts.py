"""What a package manager's output says about the packages it installed, in words."""

from __future__ import annotations

from collections.abc import Set

from domain.precompiled import precompiled

# A package built for one platform (``@rollup/rollup-linux-x64-gnu``, ``@esbuild/darwin-arm64``,
# ``@swc/core-win32-x64-msvc``): npm's way of shipping a prebuilt native binary.
_PLATFORM_PACKAGE = precompiled(
    r"(?:\w-|/|%2[fF])(?:linux|darwin|win32|freebsd|openbsd|android|sunos|aix)"
    r"-(?:x64|arm64|ia32|arm|ppc64|s390x|riscv64|loong64|mips64el)(?![\w])"
)
PLATFORM_SIGNS = ("linux-", "darwin-", "win32-", "bsd-", "android-", "sunos-", "aix-")
_FEW_DASHES = 16  # past these, the signs are looked for in the whole text, one scan each


def package_facts(text: str, held: Set[str] | None = None) -> str:
    """``native binary platform`` when ``text`` names a package built for one platform (an
    agent asks which native binary an install picked; the log names only the package).
    ``held``: the signs of ``fact_gates`` that ``text`` holds, when the caller has found them
    (ADR 0410)."""
    signed = _holds_a_platform_sign(text) if held is None else not held.isdisjoint(PLATFORM_SIGNS)
    if signed and _PLATFORM_PACKAGE.search(text):
        return "native binary platform"
    return ""


def _holds_a_platform_sign(text: str) -> bool:
    """``any(sign in text for sign in PLATFORM_SIGNS)``. Every sign ends with ``-``, so one
    holds only where a ``-`` does: a section with a few (a date's) is read once for them and
    looked at behind each, instead of once per sign; a section with more (a log's dates) is
    counted for them once, and scanned for the signs without the look behind each first."""
    if text.count("-") > _FEW_DASHES:
        return any(sign in text for sign in PLATFORM_SIGNS)
    at = text.find("-")
    for _ in range(_FEW_DASHES):
        if at < 0:
            return False
        if text.endswith(PLATFORM_SIGNS, 0, at + 1):
            return True
        at = text.find("-", at + 1)
    return at >= 0 and any(sign in text for sign in PLATFORM_SIGNS)
