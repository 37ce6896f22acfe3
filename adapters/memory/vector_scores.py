"""Dot products of float32 vectors packed as bytes, in plain Python (the in-memory store)."""

from __future__ import annotations

from array import array


def unpack(vector: bytes) -> array[float]:
    values = array("f")
    values.frombytes(vector)
    return values


def dot(left: array[float], right: array[float]) -> float:
    return float(sum(a * b for a, b in zip(left, right, strict=False)))
