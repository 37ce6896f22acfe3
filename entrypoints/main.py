"""The ``capy`` console script.

``capy hook <event>`` runs once per tool call of the host agent, so it is dispatched here before
the CLI framework (cyclopts), the DI framework or any I/O library is imported; so is
``capy --version``; so are the plain command lines of ``capy search`` and ``capy vault list``
(``entrypoints.cli.quick_path``, ADR 0110). Everything else goes through the cyclopts
application; ``capy serve`` first re-executes itself without capy's
keys in its environment when it was given any (``entrypoints.secret_handoff``, ADR 0018).
"""

from __future__ import annotations

import os
import sys


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["hook"]:
        from entrypoints.hook import run_hook

        sys.exit(run_hook(args[1:]))
    if args == ["--version"]:  # answered before any framework is imported: ~15 ms, not ~500
        from entrypoints.version import capy_version

        print(capy_version())
        return
    if argv is None:
        from entrypoints.secret_handoff import HANDOFF_FD, hide_secrets, is_serve, receive_secrets

        if is_serve(args):
            hide_secrets()
        elif HANDOFF_FD in os.environ:  # a capy process started by the server (vault sweep)
            receive_secrets()
    from entrypoints.cli.quick_path import run_quickly

    if not run_quickly(args):
        from entrypoints.cli.app import run

        run(args)


if __name__ == "__main__":
    main()
