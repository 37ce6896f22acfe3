"""Whether a blocked ``curl``/``wget`` talks to this machine or a private network.

capy_fetch_and_index only reaches public addresses, so advising it for
``curl localhost:8080/health`` sends the agent into a refusal. A command line whose HTTP
targets are all loopback or private (``localhost``, ``*.localhost``, ``127.0.0.1``, ``[::1]``,
``10.0.0.5``, …) gets pointed at capy_execute instead, which runs the same curl in the sandbox
and keeps the response out of the context.
"""

from __future__ import annotations

from domain.hooks.shell_http import http_calls


def _host(word: str) -> str:
    """The host part of a URL or ``host[:port][/path]`` word, lower-cased ("" if none)."""
    rest = word.split("://", 1)[1] if "://" in word else word
    authority = rest.split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
    authority = authority.rsplit("@", 1)[-1]
    if authority.startswith("["):
        return authority[1:].split("]", 1)[0].lower()
    return authority.split(":", 1)[0].lower()


def is_local_host(host: str) -> bool:
    """This machine or a private network: what capy_fetch_and_index refuses to reach."""
    host = host.rstrip(".")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    # ``ipaddress`` costs a few ms: paid only by the rare command line that runs curl/wget,
    # not by every hook call.
    from domain.fetch.addresses import parse_address, refusal_reason

    address = parse_address(host)
    return address is not None and refusal_reason(address) is not None


def _targets(arguments: tuple[str, ...]) -> list[bool]:
    """For each URL-like argument of a curl/wget: whether it is local."""
    found: list[bool] = []
    for word in arguments:
        if word.startswith("-"):
            continue
        local = is_local_host(_host(word))
        if local or "://" in word:
            found.append(local)
    return found


def targets_only_local(command_line: str) -> bool:
    """True when the curl/wget calls in ``command_line`` name hosts, all of them local."""
    found = [local for _, args, _ in http_calls(command_line) for local in _targets(args)]
    return bool(found) and all(found)
