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
    from entrypoints.vault_cli.app import require_vault, vault_container
    from entrypoints.vault_cli.long_runs import ctrl_c_stops, progress_bar

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
