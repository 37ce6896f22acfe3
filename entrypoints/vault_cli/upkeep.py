"""``capy vault reindex`` and ``capy vault compact``: keeping the vault's rows current."""

from __future__ import annotations

from entrypoints.vault_cli.app import say, vault


@vault.command
def reindex() -> int:
    """Rebuild the search rows of sessions an older capy indexed, from the archived bytes.

    When capy changes what its search index holds, sessions archived before keep their old
    rows until they are re-indexed (`capy vault stats` shows how many). This reads each
    such session from the vault itself — sessions deleted from disk long ago included — and
    writes its new rows, 50 sessions per transaction. Safe to stop (Ctrl-C) or kill at any
    time and to run again: it continues with the sessions still left. The archived files are
    never changed. Exit code 1 when a session could not be read.
    """
    from domain.vault.indexing import INDEX_VERSION as version
    from entrypoints.cli.long_runs import ctrl_c_stops, progress_bar
    from entrypoints.vault_cli.app import require_vault, vault_container

    with vault_container() as container:
        require_vault(container)
        use_case = container.use_cases.reindex()
        with ctrl_c_stops() as interrupted, progress_bar("re-indexing") as update:
            report = use_case.execute(update, interrupted)
    for failure in report.failures:
        say(f"cannot re-index {failure.uuid}: {failure.detail}")
    if report.reindexed == 0 and not report.failures and not report.remaining:
        print(f"capy vault reindex: every session is indexed by version {version} already")
        return 0
    print(
        f"capy vault reindex: {report.reindexed:,} session"
        f"{'s' if report.reindexed != 1 else ''} re-indexed (version {version}); "
        f"{report.remaining:,} left"
    )
    if report.cancelled:
        say("stopped before the end; run `capy vault reindex` again to do the rest")
    return 1 if report.failures else 0


@vault.command
def compact() -> int:
    """Compress the vault's uncompressed rows and give the space back to the disk.

    Rows stored uncompressed — archived with CAPY_VAULT_NO_COMPRESS, merged from the Go capy
    or written by an earlier capy — are compressed (a file that does not get smaller, like a
    screenshot, stays as it is), then the file is rewritten without its free pages. Nothing
    to compress and little free space: nothing is done. Shows the file's size before and
    after.

    The vault must not be in use meanwhile: stop the MCP server (its start-up sweep) and other
    `capy vault` commands first; a vault in use is refused, untouched. Refused as well while
    CAPY_VAULT_NO_COMPRESS is set. Rewriting needs free disk space about the vault's size.
    """
    from entrypoints.cli.long_runs import ctrl_c_stops, progress_bar
    from entrypoints.cli.sizes import byte_size as size
    from entrypoints.vault_cli.app import require_vault, vault_container

    with vault_container() as container:
        require_vault(container)
        use_case = container.use_cases.compact()
        with (
            ctrl_c_stops(what="file") as interrupted,
            progress_bar("compressing", noun="files") as update,
        ):
            report = use_case.execute(update, interrupted)
        path = container.vault_core.path()
    for failure in report.failures:
        say(f"cannot compress {failure.detail}")
    if not report.changed:
        stays = (
            f"; {report.candidates:,} file{'s' if report.candidates != 1 else ''} stay "
            "uncompressed because compressing does not make them smaller"
            if report.candidates
            else ""
        )
        print(f"capy vault compact: nothing to do — {path} is {size(report.bytes_before)}{stays}")
        return 1 if report.failures else 0
    saved = report.bytes_before - report.bytes_after
    print(
        f"capy vault compact: {report.compressed:,} file{'s' if report.compressed != 1 else ''} "
        f"compressed; {path}: {size(report.bytes_before)} → {size(report.bytes_after)} "
        f"({'−' if saved >= 0 else '+'}{size(abs(saved))})"
    )
    if report.cancelled:
        say("stopped before the end; run `capy vault compact` again to do the rest")
    return 1 if report.failures else 0
