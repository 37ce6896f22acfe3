"""capy's guard in the git pre-commit hook: no plaintext knowledge DB, no un-merged WAL.

A knowledge DB committed to the repository must be encrypted, and its write-ahead log merged
first, or the committed file misses recent data. The guard refuses the commit (exit 1 — git
then aborts it) when a staged DB is plaintext SQLite or its WAL cannot be merged. It is one
block between marker lines, replaced on every run, placed before the rest of an existing shell
hook; a hook in another language is kept and run after the guard.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from adapters.setup.text_files import read_text, write_text
from application.ports.project_files import ChangeAction, FileChange

BEGIN = "# >>> capy: knowledge DB guard (written by `capy setup`; run it again to refresh) >>>"
END = "# <<< capy: knowledge DB guard <<<"
_SHELLS = ("sh", "bash", "zsh", "dash", "ksh")
_CHAINED = "pre-commit.before-capy"


def _sh_quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def guard_block(launcher: str, db_paths: tuple[str, ...]) -> str:
    patterns = "|".join(["*/knowledge.db", *(_sh_quote("/" + p) for p in db_paths)])
    return f"""{BEGIN}
capy_guard() {{
    capy_launcher={_sh_quote(launcher)}
    capy_staged=$(git diff --cached --name-only --diff-filter=ACMR) || return 1
    while IFS= read -r capy_file; do
        case "/$capy_file" in
            {patterns}) ;;
            *) continue ;;
        esac
        # the staged content is what gets committed, not the working copy
        if [ "$(git cat-file -p ":$capy_file" 2>/dev/null | head -c 15)" = "SQLite format 3" ]; then
            echo "capy: refusing to commit $capy_file: it is an unencrypted SQLite database" >&2
            echo "  that anyone with the repository could read. Encrypt it" >&2
            echo "  (capy --db $capy_file encrypt, then git add it again)" >&2
            echo "  or unstage it (git restore --staged $capy_file)." >&2
            return 1
        fi
        if [ -f "$capy_file" ] && [ -s "$capy_file-wal" ]; then
            "$capy_launcher" --db "$capy_file" checkpoint >/dev/null 2>&1
            if [ -s "$capy_file-wal" ]; then
                echo "capy: $capy_file has changes in its write-ahead log that could not be" >&2
                echo "  merged (a capy server using it merges them when it stops). Stop it or" >&2
                echo "  run capy --db $capy_file checkpoint, then commit again." >&2
                return 1
            fi
            git add -- "$capy_file" || return 1
        fi
    done <<CAPY_STAGED
$capy_staged
CAPY_STAGED
    return 0
}}
capy_guard || exit 1
{END}
"""


def hooks_directory(root: Path) -> Path | None:
    """Where git looks for hooks (``core.hooksPath`` honoured), or None outside a repository."""
    try:
        found = subprocess.run(
            ["git", "rev-parse", "--git-path", "hooks"],
            cwd=root,
            capture_output=True,
            text=True,
            check=False,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if found.returncode != 0 or not found.stdout.strip():
        return None
    path = Path(found.stdout.strip())
    return path if path.is_absolute() else root / path


def install_pre_commit(root: Path, launcher: str, db_paths: tuple[str, ...]) -> FileChange:
    directory = hooks_directory(root)
    if directory is None:
        return FileChange("pre-commit hook", ChangeAction.SKIPPED, "not a git repository")
    hook = directory / "pre-commit"
    shown = os.path.relpath(hook, root)
    block = guard_block(launcher, db_paths)
    text = read_text(hook) if hook.exists() else None
    if text is None:
        content = f"#!/bin/sh\n{block}"
    elif BEGIN in text and END in text:
        before, _, rest = text.partition(BEGIN)
        _, _, after = rest.partition(END + "\n") if END + "\n" in rest else rest.partition(END)
        content = before + block + after
    elif _is_shell(text):
        first, newline, rest = text.partition("\n")
        content = (
            f"{first}\n{block}{rest}" if first.startswith("#!") else f"#!/bin/sh\n{block}{text}"
        )
        if not newline:
            content = f"{first}\n{block}"
    else:
        chained = directory / _CHAINED
        if chained.exists():
            return FileChange(
                shown,
                ChangeAction.FAILED,
                f"both a non-shell pre-commit hook and {_CHAINED} exist",
                "merge them into one hook, then run `capy setup` again",
            )
        hook.rename(chained)
        content = f'#!/bin/sh\n{block}exec "$(dirname "$0")/{_CHAINED}" "$@"\n'
    action = write_text(hook, content, executable=True)
    return FileChange(shown, action, "refuses plaintext knowledge DBs, merges the WAL first")


def _is_shell(text: str) -> bool:
    first = text.split("\n", 1)[0]
    if not first.startswith("#!"):
        return True
    interpreter = first[2:].strip().split()
    if not interpreter:
        return True
    name = Path(interpreter[0]).name
    if name == "env" and len(interpreter) > 1:
        name = interpreter[1]
    return name in _SHELLS
