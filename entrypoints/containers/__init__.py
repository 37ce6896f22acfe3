"""Composition roots. The only place that names concrete adapters.

The containers (dependency-injector) take it from ``framework.py``; the package imports none
of it, so ``reading.py`` composes ``capy search`` and ``capy vault list`` without it (ADR 0110).
"""
