"""``.capy/capy.sh``: the small script hooks and MCP registrations call instead of a fixed path.

It runs the capy recorded at setup time, else the one on PATH, else ``~/.local/bin/capy``, so
a project set up on one machine works on a teammate's. Where capy is missing it tells the host
in the host's own terms: a hook says nothing and exits 0 (the host carries on; at session start
the agent is told capy is missing), the MCP server exits 127 with a message on stderr (the
host shows the server as failed).
"""

from __future__ import annotations

_MISSING_CONTEXT = (
    '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":'
    '"capy is configured for this project but is not installed on this machine, so its tools '
    "and hooks are inactive. Suggest installing it (uv tool install capy or pipx install "
    'capy), then running capy doctor."}}'
)


def launcher_script(recorded: str) -> str:
    quoted = "'" + recorded.replace("'", "'\\''") + "'"
    return f"""#!/bin/sh
# capy launcher, written by `capy setup` (run it again to refresh). capy's hooks and MCP
# registrations call this script, so the project works wherever capy is installed.
recorded={quoted}
for capy in "$recorded" "$(command -v capy 2>/dev/null)" "$HOME/.local/bin/capy"; do
    if [ -n "$capy" ] && [ -x "$capy" ]; then
        exec "$capy" "$@"
    fi
done
if [ "$1" = hook ]; then
    # A hook must never break the host: without capy it stays silent, except at session start.
    case "$2" in
        sessionstart|SessionStart) printf '%s\\n' '{_MISSING_CONTEXT}' ;;
    esac
    exit 0
fi
echo "capy: not installed on this machine (looked for $recorded, on PATH" >&2
echo "  and in ~/.local/bin). Install it (uv tool install capy or pipx install capy)," >&2
echo "  then run capy doctor." >&2
exit 127
"""
