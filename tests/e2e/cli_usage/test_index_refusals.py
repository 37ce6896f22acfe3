"""``capy index`` refusals say what to do with the file that was refused."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CAPY = Path(sys.executable).parent / "capy"


def test_a_binary_file_is_left_out_with_the_utf16_conversion_spelled_out(tmp_path: Path) -> None:
    (tmp_path / "image.png").write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR")
    done = subprocess.run(
        [str(CAPY), "--db", str(tmp_path / "k.db"), "index", "image.png"],
        cwd=tmp_path,
        env={**os.environ, "CAPY_DB_KEY": "test key"},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    line = done.stderr.strip()
    assert line.startswith("capy: image.png: looks binary (NUL byte at offset 8)")
    assert "leave it out" in line and "iconv -f utf-16 -t utf-8 FILE | capy index -" in line
