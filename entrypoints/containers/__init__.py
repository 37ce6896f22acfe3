"""Composition roots (dependency-injector). The only place that names concrete adapters."""
