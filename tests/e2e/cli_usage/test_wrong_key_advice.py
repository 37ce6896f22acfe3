"""A key that does not fit is a key problem, not damage: the advice says which variable
overrides which key file, never to move the database aside, and names no command that would
fail the same way."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CAPY = Path(sys.executable).parent / "capy"


def _capy(cwd: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(CAPY), *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        stdin=subprocess.DEVNULL,
    )


def test_a_stale_variable_is_named_as_the_cause(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "notes.md").write_text("# notes\n\nalpha\n")
    env = {k: v for k, v in os.environ.items() if k not in ("CAPY_DB_KEY", "CAPY_VAULT_KEY")}
    assert _capy(tmp_path, env, "index", "notes.md").returncode == 0  # key file made
    (Path(env["HOME"]) / ".claude" / "projects").mkdir(parents=True)
    assert _capy(tmp_path, {**env, "CAPY_VAULT_KEY": "first"}, "vault", "import").returncode == 0

    for args, variable in ((("sources",), "CAPY_DB_KEY"), (("vault", "list"), "CAPY_VAULT_KEY")):
        done = _capy(tmp_path, {**env, variable: "a stale key"}, *args)
        assert done.returncode != 0
        assert f"{variable} is set and overrides the key file" in done.stderr
        assert f"unset {variable}" in done.stderr and "nothing is damaged" in done.stderr
        assert "mv " not in done.stderr and "move" not in done.stderr
        assert "capy vault stats" not in done.stderr

    done = _capy(tmp_path, env, "vault", "list")  # no variable, and no key file for the vault
    assert "set CAPY_VAULT_KEY to the key it was created with" in done.stderr
    assert "mv " not in done.stderr and "move" not in done.stderr
