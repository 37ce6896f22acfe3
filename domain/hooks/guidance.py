"""The words capy puts in front of the agent: the routing block and the one-time advisories.

Kept short on purpose: the routing block is paid for in every session (and in every subagent
prompt), so it states the rule and the tools and nothing else — under 2 KB. The wording is
plain advice, not commands in capitals, so hosts' prompt-injection classifiers have no reason
to flag it.
"""

from __future__ import annotations

import enum

ROUTING_MARKER = "<capy_routing>"

ROUTING_BLOCK = """<capy_routing>
capy (MCP server) keeps bulky tool output out of your context. Rule of thumb: to understand \
something, use your own tools; to pull a few facts out of a lot of output, use capy.
Your own tools (Bash, Read, Grep, Edit) fit: git; commands with short output (under ~50 lines); \
files you will edit; logs you must read in order; instruction files; small web pages \
(platform CLI such as gh, or WebSearch).
capy fits large output:
- capy_execute(language, code, intent) / capy_batch_execute(commands, queries): tests, builds, \
API calls, log scans; with an intent, only the matching parts come back.
- capy_execute_file(path, language, code): derive an answer from a very large file.
- capy_fetch_and_index(url) then capy_search(queries): web pages and docs.
- capy_index(content or path, source) then capy_search(queries, source): keep reference \
material searchable.
Blocked by capy's hooks: curl/wget printing to the terminal, HTTP calls in inline shell code, \
WebFetch. Quiet downloads to a file (curl -sSo out.json URL) are fine. For git-platform \
issues and pull requests, use the platform CLI (gh, glab).
Keep final answers short; put long artifacts in files and give the path.
When the user says "capy stats" or "capy doctor", call capy_stats / capy_doctor and show the \
result as it is.
</capy_routing>"""


class Advisory(enum.Enum):
    """Advice shown at most once per session, per kind of tool."""

    READ = "read"
    GREP = "grep"
    BASH = "bash"


ADVISORIES = {
    Advisory.READ: (
        "Read is right for files you will edit or need to understand. For a very large file "
        "where you only need a derived answer (counts, matching lines, a summary), "
        "capy_execute_file(path, language, code) returns just that."
    ),
    Advisory.GREP: (
        "Grep is right for finding code. When a search would return hundreds of matches and you "
        'need a few facts from them, capy_execute(language: "shell", code: "grep …", intent: …) '
        "returns only what matches your intent."
    ),
    Advisory.BASH: (
        "Bash is right for git, short commands and anything you must read in full. For commands "
        "with long output (test suites, builds, logs, API calls), capy_execute or "
        "capy_batch_execute with an intent keeps the bulk out of your context."
    ),
}


def advisory_text(advisory: Advisory) -> str:
    return f"<capy_tip>{ADVISORIES[advisory]}</capy_tip>"


CURL_BLOCKED = (
    "capy: this curl/wget would print a download into the context, so it was not run. "
    "Use capy_fetch_and_index(url) then capy_search(queries) for pages and docs, or "
    "capy_execute(language, code, intent) for API calls. Quiet downloads to a file "
    "(curl -sSo FILE URL, wget -q URL) are allowed."
)

# capy_fetch_and_index refuses loopback and private addresses; a local service is reached by
# running the same curl in capy's sandbox.
CURL_LOCAL_BLOCKED = (
    "capy: this curl/wget would print the response into the context, so it was not run. For "
    'a service on this machine or a private network, run it with capy_execute(language: "shell", '
    'code: "curl …", intent: "what you need") — capy_fetch_and_index only reaches public '
    "addresses. Quiet downloads to a file (curl -sSo FILE URL) are allowed."
)

INLINE_HTTP_BLOCKED = (
    "capy: inline HTTP in a shell command was not run (the response would land in the "
    "context). Run the same code with capy_execute(language, code, intent), or use "
    "capy_fetch_and_index(url) for web pages. Retrying it through Bash is blocked the same way."
)


def web_fetch_blocked(url: str) -> str:
    target = f'"{url}"' if url else "URL"
    return (
        "capy: WebFetch is routed through capy. For a large page or docs, use "
        f"capy_fetch_and_index(url: {target}) then capy_search(queries: [...]). For a small "
        "page you need to understand whole, use WebSearch or the site's CLI."
    )


def git_thread_blocked(description: str, advice: str) -> str:
    return (
        f"capy: this URL is a {description}. Fetching it as a web page loses the order of the "
        f"conversation; {advice} instead."
    )


def echo_command(message: str) -> str:
    """A shell command that prints ``message`` (which holds no single quote) and succeeds."""
    return "echo '" + message.replace("'", "") + "'"
