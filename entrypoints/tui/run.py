"""Running the interface from ``capy vault … --tui``; resuming a session once it has closed."""

from __future__ import annotations

import sys

from domain.errors import InvalidInput
from entrypoints.tui.backend import ResumeRequest, Start


def run_tui(start: Start) -> int:
    """Runs until the person quits; exit code of ``claude --resume`` when they resumed."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise InvalidInput(
            "--tui needs a terminal (standard input and output are not one)",
            "run it in a terminal, or leave out --tui for text output",
        )
    import attrs

    from entrypoints.tui.app import VaultApp
    from entrypoints.tui.backend import VaultBrowser
    from entrypoints.vault_cli.app import require_vault, vault_container
    from entrypoints.vault_cli.session_lookup import find_or_list

    with vault_container() as container:
        require_vault(container)
        if start.session_id:
            start = attrs.evolve(start, session=find_or_list(container, start.session_id))
        result = VaultApp(VaultBrowser(container), start).run()
    if isinstance(result, ResumeRequest):
        from entrypoints.vault_cli.restore import resume

        return resume(result.uuid)
    return 0
