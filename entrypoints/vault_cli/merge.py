"""``capy vault merge --from <vault>``: bring another machine's (or the Go capy's) sessions in."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

from cyclopts import Parameter

from entrypoints.vault_cli.app import say, vault

if TYPE_CHECKING:
    from domain.vault.merging import MergeReport
    from entrypoints.containers.vault import VaultContainer

MERGE_KEY_VAR = "CAPY_VAULT_MERGE_KEY"


@vault.command
def merge(
    *,
    from_: Annotated[
        Path,
        Parameter(
            name="--from",
            help="The other vault: a vault.db copied from another machine (run `capy vault "
            "checkpoint` there first), or the Go capy's vault.",
        ),
    ],
    key: Annotated[
        str | None,
        Parameter(
            help=f"The other vault's key. Default: {MERGE_KEY_VAR}, else this vault's own key "
            "(a vault from the same key). Prefer the variable or --key-file: a key given here "
            "shows in your shell history."
        ),
    ] = None,
    key_file: Annotated[
        Path | None,
        Parameter(help="Read the other vault's key from this file (its capy key file)."),
    ] = None,
    project: Annotated[
        str | None, Parameter(help="Only sessions whose project path contains this text.")
    ] = None,
    dry_run: Annotated[
        bool, Parameter(negative=(), help="Show what would be merged; write nothing.")
    ] = False,
) -> int:
    """Merge another vault into this one: every session it has that this one lacks, and every
    session it holds a larger copy of.

    Nothing is ever lost: a session both vaults hold is replaced only by a larger copy (the
    same content is skipped, a smaller copy is a truncated or compacted one). Merged sessions
    keep what the other vault recorded about them (title, times, machine, project); their
    bytes are checked against the hash recorded with them, compressed like this vault's own
    and made searchable here. The other vault is only read, never changed. A vault without an
    encoding column — the Go capy's, or an older one — is recognised and read as such.
    Ctrl-C stops after the current session; run it again to continue.
    """
    from application.use_cases.vault.merge_vault import MergeRequest
    from domain.errors import InvalidInput
    from entrypoints.cli.long_runs import ctrl_c_stops, progress_bar
    from entrypoints.vault_cli.app import vault_container

    source = from_.expanduser()
    with vault_container() as container:
        if source.resolve() == container.vault_core.path().resolve():
            raise InvalidInput(
                f"{source} is this vault", "give the path of the other vault with --from"
            )
        request = MergeRequest(
            source, _source_key(container, key, key_file), project=project, dry_run=dry_run
        )
        use_case = container.use_cases.merge()
        with ctrl_c_stops() as interrupted, progress_bar("merging") as update:
            report = use_case.execute(request, lambda done, _: update(done), interrupted)
        home = container.core.user_dirs().home
    return _print(report, source, home)


def _source_key(container: VaultContainer, key: str | None, key_file: Path | None) -> str:
    from domain.errors import InvalidInput

    if key is not None and key_file is not None:
        raise InvalidInput("--key and --key-file both name a key", "give only one of them")
    if key is not None:
        return key
    if key_file is not None:
        try:
            text = key_file.expanduser().read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as error:
            raise InvalidInput(
                f"cannot read the key file {key_file}: {error}", "check the path"
            ) from None
        if not text:
            raise InvalidInput(f"the key file {key_file} is empty", "check the path")
        return text
    env = container.core.options().env
    merge_key: str | None = env.get(MERGE_KEY_VAR)
    if merge_key:
        return merge_key
    return str(container.vault_core.key().secret)


def _print(report: MergeReport, source: Path, home: Path) -> int:
    from domain.vault.importing import ImportStatus
    from entrypoints.vault_cli.tables import print_import

    say(f"{source}: {report.source}")
    if report.dry_run:
        print("DRY RUN — no changes written")
    shown = [o for o in report.outcomes if o.status is not ImportStatus.SKIPPED]
    if shown:
        print_import(shown, home)
    if report.cancelled:
        say("stopped before the end; run the merge again to bring the rest")
    counts = (
        f"added {report.count(ImportStatus.NEW)}, updated {report.count(ImportStatus.UPDATED)}, "
        f"skipped {report.count(ImportStatus.SKIPPED)}, errors {report.count(ImportStatus.ERROR)}"
    )
    print(f"capy vault merge: {'would have ' if report.dry_run else ''}{counts}")
    return 1 if report.count(ImportStatus.ERROR) else 0
