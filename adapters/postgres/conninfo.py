"""The connection string capy uses for a team server, and the checks it makes on connecting.

- TLS off loopback: a host that is not this machine must be reached with
  ``sslmode=verify-full`` (encrypted and the server's name checked against its certificate);
  capy adds it when the URL names no mode, and refuses a weaker one. A Unix socket or a
  loopback address may use anything (nothing leaves the machine).
- The role capy connects as must be a plain member: not a superuser, not allowed to bypass
  row-level security, and neither the owner of capy's tables nor a member of the owner's role
  (an owner reads every project's rows). ``capy team init`` and ``add-member`` are the only
  commands that connect as the owner.
"""

from __future__ import annotations

import ipaddress
from typing import Any

from domain.errors import ConfigError, StoreError

SCHEMA = "capy"
MEMBER_GROUP = "capy_member"
_WEAK_MODES = {"disable", "allow", "prefer", "require", "verify-ca"}


def _is_loopback(host: str) -> bool:
    if not host or host.startswith("/") or host.startswith("@"):
        return True  # a Unix socket
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _parse(url: str) -> dict[str, Any]:
    from psycopg.conninfo import conninfo_to_dict

    try:
        return conninfo_to_dict(url)
    except Exception as error:
        raise ConfigError(
            f"the team server URL cannot be read: {error}",
            "write it as postgresql://ROLE@HOST:PORT/DATABASE (the password belongs in "
            "~/.pgpass or a libpq service file, not in the URL)",
        ) from None


def secure_conninfo(url: str) -> str:
    """``url`` as a libpq connection string, with ``sslmode=verify-full`` required off loopback."""
    from psycopg.conninfo import make_conninfo

    params = _parse(url)
    hosts = list(str(params.get("host") or "").split(","))
    hostaddrs = [h for h in str(params.get("hostaddr") or "").split(",") if h]
    remote = [h for h in hosts + hostaddrs if not _is_loopback(h)]
    if params.get("service") and not params.get("host"):
        remote = remote or ["(the service's host)"]
    if remote:
        mode = str(params.get("sslmode") or "")
        if mode in _WEAK_MODES:
            raise ConfigError(
                f"the team server {remote[0]} is not on this machine and the URL asks for "
                f"sslmode={mode}",
                "use sslmode=verify-full (the server's certificate must name the host; point "
                "sslrootcert at your team's CA file if it is not a public one)",
            )
        params["sslmode"] = "verify-full"
    params.setdefault("application_name", "capy")
    params.setdefault("connect_timeout", "10")
    return make_conninfo(**params)


def has_password(url: str) -> bool:
    """Whether the URL carries a password (it should come from ~/.pgpass or a service file)."""
    try:
        return bool(_parse(url).get("password"))
    except ConfigError:
        return False


def display(url: str) -> str:
    """``url`` without its password, for messages."""
    try:
        params = _parse(url)
    except ConfigError:
        return "(unreadable URL)"
    params.pop("password", None)
    host = params.get("host") or "(local socket)"
    port = params.get("port") or "5432"
    user = params.get("user") or "(your login name)"
    database = params.get("dbname") or user
    return f"{user}@{host}:{port}/{database}"


_ROLE_CHECK = """
SELECT r.rolsuper, r.rolbypassrls,
       EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
               WHERE n.nspname = %(schema)s AND c.relkind = 'r'
                 AND pg_has_role(current_user, c.relowner, 'USAGE'))
FROM pg_roles r WHERE r.rolname = current_user
"""


def refuse_privileged_role(connection: Any) -> None:
    """Raise ``StoreError`` unless the connected role is a plain member (see module doc)."""
    row = connection.execute(_ROLE_CHECK, {"schema": SCHEMA}).fetchone()
    user = connection.info.user
    if row is None:
        raise StoreError(f"the team server does not know the role {user}", "")
    superuser, bypass, owner = row
    if superuser or bypass:
        raise StoreError(
            f"capy refuses to use the team server as {user}: the role "
            + ("is a superuser" if superuser else "bypasses row-level security"),
            "connect as a member role: capy team add-member --url OWNER_URL --role NAME "
            "--project PROJECT, then set CAPY_TEAM_URL to that role",
        )
    if owner:
        raise StoreError(
            f"capy refuses to use the team server as {user}: the role owns capy's tables "
            "(an owner sees every project)",
            "the owner URL is for capy team init and capy team add-member only; connect as a "
            "member role (capy team add-member creates one)",
        )
