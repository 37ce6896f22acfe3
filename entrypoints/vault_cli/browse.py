"""``capy vault list`` and ``capy vault search``."""

from __future__ import annotations

from typing import Annotated, Literal

from cyclopts import Parameter

from entrypoints.vault_cli.app import vault

Role = Literal["user", "assistant", "tool", "system"]
TUI_HELP = "Open the vault's terminal interface (keys: enter, /, f, r, R, c, q)."


@vault.default
def browse(*, tui: Annotated[bool, Parameter(negative=(), help=TUI_HELP)] = False) -> int | None:
    """`capy vault --tui` opens the terminal interface on the list of sessions (as
    `capy vault list --tui` does); `capy vault` alone shows this help."""
    if not tui:
        from entrypoints.cli.app import app

        app.help_print(["vault"])
        return None
    from entrypoints.tui.backend import Start
    from entrypoints.tui.run import run_tui

    return run_tui(Start("list"))


@vault.command(name="list")
def list_sessions(
    *,
    project: Annotated[
        str | None, Parameter(help="Only sessions whose project path contains this text.")
    ] = None,
    limit: Annotated[int, Parameter(help="How many sessions to show (0: all).")] = 50,
    json: Annotated[bool, Parameter(negative=(), help="Print JSON instead of a table.")] = False,
    tui: Annotated[bool, Parameter(negative=(), help=TUI_HELP)] = False,
) -> int | None:
    """List archived sessions, newest first: id, date, messages, size, project and title.

    With --tui, browse them in the terminal: enter opens one, / searches, f filters, r
    restores, R resumes, c copies the id, q quits.
    """
    if tui:
        from entrypoints.tui.backend import Start
        from entrypoints.tui.run import run_tui

        return run_tui(Start("list", project=project))
    from entrypoints.vault_cli.listing import list_archived

    list_archived(project, limit, as_json=json)
    return None


@vault.command
def search(
    *words: Annotated[str, Parameter(help="Words that must all occur in a message.")],
    raw: Annotated[
        bool,
        Parameter(
            negative=(),
            help=(
                'Read the words as a query: OR, NOT, "exact phrase", prefix*, parentheses '
                "(AND between words is implied)."
            ),
        ),
    ] = False,
    project: Annotated[
        str | None, Parameter(help="Only sessions whose project path contains this text.")
    ] = None,
    role: Annotated[Role | None, Parameter(help="Only messages from this role.")] = None,
    after: Annotated[
        str | None, Parameter(help="Sessions that ended on or after this date (YYYY-MM-DD).")
    ] = None,
    before: Annotated[
        str | None, Parameter(help="Sessions that ended on or before this date (inclusive).")
    ] = None,
    limit: Annotated[int, Parameter(help="How many messages to show.")] = 20,
    json: Annotated[bool, Parameter(negative=(), help="Print JSON instead of a table.")] = False,
    tui: Annotated[bool, Parameter(negative=(), help=TUI_HELP)] = False,
) -> int | None:
    """Search every archived message (yours, Claude's, tool output, notes) for words.

    Each word is matched as typed (stemmed: "failing" finds "failed"), all of them must occur
    in one message, and the best matches come first with the matching words in [brackets].
    Open one with `capy vault show <id>`. With --tui, search as you type in the terminal
    (the words given start the search) and open a match at its place with enter.
    """
    if tui:
        from entrypoints.tui.backend import Start
        from entrypoints.tui.run import run_tui

        return run_tui(Start("search", query=" ".join(words)))
    from application.use_cases.vault.search_vault import VaultSearchRequest
    from domain.vault.search import VaultQuery
    from domain.vault.session import MessageRole
    from entrypoints.vault_cli.app import require_vault, vault_container
    from entrypoints.vault_cli.formatting import dumps, hit_json, parse_when
    from entrypoints.vault_cli.tables import print_hits

    query = VaultQuery(
        None,
        project=project,
        role=MessageRole(role) if role else None,
        after=parse_when(after, end_of_day=False, flag="--after") if after else None,
        before=parse_when(before, end_of_day=True, flag="--before") if before else None,
        limit=limit,
    )
    request = VaultSearchRequest(" ".join(words), raw=raw, query=query)
    with vault_container(read_only=True) as container:
        require_vault(container)
        hits = container.use_cases.search().execute(request)
        home = container.core.user_dirs().home
    if json:
        print(dumps([hit_json(hit) for hit in hits]))
    elif not hits:
        print("capy vault: no message matches")
    else:
        print_hits(hits, home)
    return None
