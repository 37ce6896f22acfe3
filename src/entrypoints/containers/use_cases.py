"""Use cases, each built from ports only."""

from __future__ import annotations

from dependency_injector import containers, providers


class UseCases(containers.DeclarativeContainer):
    """One provider per use case; adapters come from whichever adapter container is plugged in."""

    core = providers.DependenciesContainer()
    adapters = providers.DependenciesContainer()
