"""The ``capy`` console script.

``capy hook <event>`` runs once per tool call of the host agent, so it is dispatched here before
the CLI framework (cyclopts), the DI framework or any I/O library is imported. Everything else
goes through the cyclopts application.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["hook"]:
        from entrypoints.hook import run_hook

        sys.exit(run_hook(args[1:]))
    from entrypoints.cli.app import run

    run(args)


if __name__ == "__main__":
    main()
