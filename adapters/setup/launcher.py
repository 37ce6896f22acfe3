"""``.capy/capy.sh``: the small script hooks and MCP registrations call instead of a fixed path.

The script is committed, so it names no path of the machine that ran ``capy setup``: it finds capy
when it runs — the capy this machine's setup noted in ``.capy/capy-path`` (an ignored, machine-local
file: the one place an absolute path is kept), else the one on PATH, else ``~/.local/bin/capy`` — so
a project set up on one machine works on a teammate's. Where capy is missing it tells the host in
the host's own terms: a hook says nothing and exits 0 (the host carries on; at session start the
agent is told capy is missing and how to install it), the MCP server exits 127 with a
message on stderr (the host shows the server as failed).
"""

from __future__ import annotations

import json

from adapters.install_advice import INSTALL

_MISSING = "capy is configured for this project but is not installed on this machine"
_MISSING_CONTEXT = json.dumps(
    {
        "hookSpecificOutput": {
            "hookEventName": "SessionStart",
            "additionalContext": f"{_MISSING}, so its tools and hooks are inactive. Tell the "
            f"user to {INSTALL.replace('install it', 'install capy', 1)}; then `capy doctor` "
            "checks the set-up. (The `capy` on PyPI is an unrelated project: "
            "never suggest `pip install capy`.)",
        }
    },
    separators=(",", ":"),
)


def _quoted(text: str) -> str:
    """``text`` as one single-quoted shell word: nothing in it is expanded."""
    return "'" + text.replace("'", "'\\''") + "'"


# Beside the launcher, ignored by git: where this machine's `capy setup` found capy.
LOCAL_PATH_FILE = "capy-path"


def launcher_script() -> str:
    missing = (
        "capy: not installed on this machine (looked in .capy/capy-path, on PATH and in "
        f"~/.local/bin). To {INSTALL}, then run capy doctor."
    )
    return f"""#!/bin/sh
# capy launcher, written by `capy setup` (run it again to refresh). capy's hooks and MCP
# registrations call this script, so the project works wherever capy is installed: it runs
# the capy noted in .capy/{LOCAL_PATH_FILE} (this machine's, not committed), else the one on
# PATH, else ~/.local/bin/capy.
recorded=$(cat "$(dirname "$0")/{LOCAL_PATH_FILE}" 2>/dev/null)
for capy in "$recorded" "$(command -v capy 2>/dev/null)" "$HOME/.local/bin/capy"; do
    if [ -n "$capy" ] && [ -x "$capy" ]; then
        exec "$capy" "$@"
    fi
done
if [ "$1" = hook ]; then
    # A hook must never break the host: without capy it stays silent, except at session start.
    case "$2" in
        sessionstart|SessionStart) printf '%s\\n' {_quoted(_MISSING_CONTEXT)} ;;
    esac
    exit 0
fi
printf '%s\\n' {_quoted(missing)} >&2
exit 127
"""
