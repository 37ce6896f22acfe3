"""Edit distance with an early exit once a bound is exceeded."""

from __future__ import annotations


def levenshtein(a: str, b: str, bound: int | None = None) -> int:
    """Insertions, deletions and substitutions turning ``a`` into ``b``.

    With ``bound``, any distance above it is reported as ``bound + 1`` as soon as that is
    certain (the length difference, or a whole row above the bound), which keeps a scan of the
    vocabulary cheap.
    """
    if a == b:
        return 0
    if len(a) < len(b):
        a, b = b, a
    limit = bound + 1 if bound is not None else None
    if limit is not None and len(a) - len(b) >= limit:
        return limit
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i]
        for j, cb in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        if limit is not None and min(current) >= limit:
            return limit
        previous = current
    distance = previous[-1]
    return min(distance, limit) if limit is not None else distance
