"""Redaction builds its values without compiling source text: ``typing.NamedTuple`` compiles
each string annotation and, like ``collections.namedtuple``, its ``__new__`` on every import,
which every capturing hook paid (ADR 0086)."""

from __future__ import annotations

import subprocess
import sys

_PROBE = """
import builtins, json, re, typing  # what the hook has loaded before (functools compiles one)
seen = []
for name in ("compile", "eval", "exec"):
    original = getattr(builtins, name)
    def spy(source, *rest, _original=original, **options):
        if isinstance(source, str):  # the import system hands over bytes or code objects
            seen.append(source[:40])
        return _original(source, *rest, **options)
    setattr(builtins, name, spy)
from domain.redaction import redact_secrets
redact_secrets('DB_PASSWORD="hunter2secret" mysql -u root -phunter2secret; token ghp_' + 'a' * 36)
print(seen)
"""


def test_importing_and_using_redaction_compiles_no_source() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "[]"
