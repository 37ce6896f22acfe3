"""The environment a sandboxed program gets: the server's, minus what could hijack a runtime
and minus every capy secret; plus a private TMPDIR and predictable, colourless UTF-8 output."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

STRIPPED = frozenset(
    {
        # shells
        "BASH_ENV", "ENV", "PROMPT_COMMAND", "PS4", "SHELLOPTS", "BASHOPTS", "CDPATH",
        "INPUTRC", "BASH_XTRACEFD",
        # node
        "NODE_OPTIONS", "NODE_PATH",
        # python
        "PYTHONSTARTUP", "PYTHONHOME", "PYTHONWARNINGS", "PYTHONBREAKPOINT", "PYTHONINSPECT",
        # ruby
        "RUBYOPT", "RUBYLIB",
        # perl
        "PERL5OPT", "PERL5LIB", "PERLLIB", "PERL5DB",
        # erlang / elixir
        "ERL_AFLAGS", "ERL_FLAGS", "ELIXIR_ERL_OPTIONS", "ERL_LIBS",
        # go
        "GOFLAGS", "CGO_CFLAGS", "CGO_LDFLAGS",
        # rust
        "RUSTC", "RUSTC_WRAPPER", "RUSTC_WORKSPACE_WRAPPER", "CARGO_BUILD_RUSTC",
        "CARGO_BUILD_RUSTC_WRAPPER", "RUSTFLAGS",
        # php
        "PHPRC", "PHP_INI_SCAN_DIR",
        # r
        "R_PROFILE", "R_PROFILE_USER", "R_HOME",
        # dynamic loader
        "LD_PRELOAD", "DYLD_INSERT_LIBRARIES",
        # openssl
        "OPENSSL_CONF", "OPENSSL_ENGINES",
        # compilers
        "CC", "CXX", "AR",
        # git
        "GIT_TEMPLATE_DIR", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_EXEC_PATH",
        "GIT_SSH", "GIT_SSH_COMMAND", "GIT_ASKPASS",
    }
)  # fmt: skip
_SECRET_WORDS = re.compile(r"KEY|SECRET|TOKEN|PASS|CREDENTIAL", re.IGNORECASE)
CERT_BUNDLES = (
    "/etc/ssl/cert.pem",
    "/etc/ssl/certs/ca-certificates.crt",
    "/etc/pki/tls/certs/ca-bundle.crt",
)
DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin"


def is_capy_variable(name: str) -> bool:
    return name.upper().startswith("CAPY_")


def is_capy_secret(name: str) -> bool:
    """capy's own keys: never visible to sandboxed code, whatever the configuration says."""
    return is_capy_variable(name) and _SECRET_WORDS.search(name) is not None


def _stripped(name: str) -> bool:
    return name in STRIPPED or name.startswith("BASH_FUNC_") or is_capy_variable(name)


def sandbox_environment(
    base: Mapping[str, str], tmpdir: Path, passthrough: Iterable[str] = ()
) -> dict[str, str]:
    """The child environment. ``passthrough`` names stripped variables the user wants kept
    (``executor.env_passthrough``); capy's keys are never among them."""
    keep = {name for name in passthrough if not is_capy_secret(name)}
    env = {k: v for k, v in base.items() if not _stripped(k) or k in keep}
    env = {k: v for k, v in env.items() if not is_capy_secret(k)}
    env.update(
        TMPDIR=str(tmpdir),
        TMP=str(tmpdir),
        TEMP=str(tmpdir),
        LANG="en_US.UTF-8" if sys.platform == "darwin" else "C.UTF-8",
        PYTHONDONTWRITEBYTECODE="1",
        PYTHONUNBUFFERED="1",
        PYTHONUTF8="1",
        NO_COLOR="1",
    )
    if base.get("HOME"):
        env["HOME"] = base["HOME"]
    if not env.get("PATH"):
        env["PATH"] = DEFAULT_PATH
    env.setdefault("GOTOOLCHAIN", "local")  # never download a Go toolchain mid-run
    if not env.get("SSL_CERT_FILE"):
        bundle = next((b for b in CERT_BUNDLES if Path(b).is_file()), None)
        if bundle:
            env["SSL_CERT_FILE"] = bundle
    return env
