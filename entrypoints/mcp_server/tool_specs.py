"""The tools capy offers: names, descriptions, input schemas and annotations.

Descriptions and schemas are sent to the model with every request, so they are written to be
short (the whole ``tools/list`` payload stays under 6 KB) while still saying when to use each
tool. Schemas are hand-written JSON Schema: no titles, no defaults the description already gives.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

LANGUAGES = (
    "javascript",
    "typescript",
    "python",
    "shell",
    "ruby",
    "go",
    "rust",
    "php",
    "perl",
    "r",
    "elixir",
)
KINDS = ("durable", "ephemeral", "session")


@attrs.frozen
class ToolSpec:
    name: str
    description: str
    input_schema: dict[str, Any]
    read_only: bool
    destructive: bool
    idempotent: bool
    open_world: bool


def _obj(required: Sequence[str] = (), **props: dict[str, Any]) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": props}
    if required:
        schema["required"] = list(required)
    return schema


def _s(description: str = "", **extra: Any) -> dict[str, Any]:
    return {"type": "string", **({"description": description} if description else {}), **extra}


_STR_LIST = {"type": "array", "items": {"type": "string"}}
_TIMEOUT = {"type": "integer", "description": "ms"}
_INTENT = _s(
    "what you are looking for; output over ~2 KB is indexed and only matches return "
    "(a table: its header and matching rows); output under 5 KB comes back whole when no "
    "reply would surely hold the answer"
)


def tool_specs(runtimes: Sequence[str]) -> list[ToolSpec]:
    """The nine tools; ``runtimes`` are the languages this machine can run."""
    language = _s(enum=list(LANGUAGES))
    available = ", ".join(runtimes) if runtimes else "none found — run capy_doctor"
    return [
        ToolSpec(
            "capy_execute",
            "Run code in a sandbox and get only its output back — use instead of Bash for "
            "commands with large output (tests, builds, logs, API calls). Give `intent` to get "
            f"just the matching sections of big output. Runtimes here: {available}.",
            _obj(
                ["language", "code"],
                language=language,
                code=_s(),
                timeout=_TIMEOUT,
                background=_s("keep running after timeout", type="boolean"),
                intent=_INTENT,
            ),
            read_only=False,
            destructive=True,
            idempotent=False,
            open_world=True,
        ),
        ToolSpec(
            "capy_execute_file",
            "Run code over one file and get only the derived answer — for big files you want "
            "facts from, not to edit. Your code starts with two variables of its own language "
            "(not environment variables): FILE_CONTENT (the text) and FILE_CONTENT_PATH "
            "(absolute path); $FILE_CONTENT in shell/PHP/Perl, file_content in Rust/Elixir.",
            _obj(
                ["path", "language", "code"],
                path=_s("relative to the project root"),
                language=language,
                code=_s(),
                timeout=_TIMEOUT,
                intent=_INTENT,
            ),
            read_only=False,
            destructive=True,
            idempotent=False,
            open_world=True,
        ),
        ToolSpec(
            "capy_batch_execute",
            "Run several shell commands, index all output, and answer several queries from it "
            "in one call — the cheapest way to research a codebase or a failure.",
            _obj(
                ["commands", "queries"],
                commands={
                    "type": "array",
                    "items": _obj(["command"], label=_s(), command=_s()),
                },
                queries=_STR_LIST,
                timeout=_s("ms for the whole batch", type="integer"),
            ),
            read_only=False,
            destructive=True,
            idempotent=False,
            open_world=True,
        ),
        ToolSpec(
            "capy_search",
            "Search everything capy indexed (durable docs and past sessions by default). Put "
            "all your questions (up to 20, short) in one call. Repeated calls within a minute "
            "get fewer results.",
            _obj(
                ["queries"],
                queries=_STR_LIST,
                limit={"type": "integer", "description": "results per query (default 3, max 10)"},
                source=_s("only sources whose label contains this"),
                include_kinds={"type": "array", "items": _s(enum=list(KINDS))},
            ),
            read_only=True,
            destructive=False,
            idempotent=True,
            open_world=False,
        ),
        ToolSpec(
            "capy_index",
            "Store text or a project file as a durable, searchable source (docs, specs, notes).",
            _obj(content=_s(), path=_s("file inside the project"), source=_s("label")),
            read_only=False,
            destructive=False,
            idempotent=True,
            open_world=False,
        ),
        ToolSpec(
            "capy_fetch_and_index",
            "Fetch a web page or API response, index it, and return a short preview — then "
            "query it with capy_search instead of reading the whole page.",
            _obj(
                ["url"],
                url=_s(),
                source=_s("label (default: the URL)"),
                force=_s("skip the cache", type="boolean"),
                kind=_s(enum=["ephemeral", "durable"]),
            ),
            read_only=False,
            destructive=False,
            idempotent=True,
            open_world=True,
        ),
        ToolSpec(
            "capy_stats",
            "How much output capy kept out of the context — this session, today and all time, "
            "per tool — and what the knowledge base holds.",
            _obj(),
            read_only=True,
            destructive=False,
            idempotent=True,
            open_world=False,
        ),
        ToolSpec(
            "capy_doctor",
            "Check capy's set-up (runtimes, store, encryption, config, hooks, rules) and say "
            "how to fix what fails.",
            _obj(),
            read_only=True,
            destructive=False,
            idempotent=True,
            open_world=False,
        ),
        ToolSpec(
            "capy_cleanup",
            "Remove oversized, never-read or expired sources. Dry run unless dry_run is false.",
            _obj(
                dry_run={"type": "boolean"},
                source=_s("remove this exact label"),
                purge_ephemeral=_s(
                    "instead: every ephemeral source, expired or not", type="boolean"
                ),
                purge_session=_s("instead: every session source", type="boolean"),
            ),
            read_only=False,
            destructive=True,
            idempotent=False,
            open_world=False,
        ),
    ]
