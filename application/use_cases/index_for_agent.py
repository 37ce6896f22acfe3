"""Index text an agent passes, or a project file it names, as a durable source."""

from __future__ import annotations

from pathlib import Path

import attrs

from application.ports.policy_source import PolicySource
from application.use_cases.held_text import HeldText
from application.use_cases.index_content import IndexContent
from application.use_cases.index_request import IndexRequest, IndexResult
from application.use_cases.read_target import read_search, resolve_read_target
from application.use_cases.regular_file import FileTooLarge, UnreadableFile, read_regular_bytes
from domain.errors import InvalidInput, SourceTooLarge
from domain.permissions.denial import denial_error
from domain.permissions.evaluation import Decision, evaluate_read
from domain.permissions.protected_paths import ProtectedPath, check_read
from domain.server.source_labels import text_label
from domain.settings import Settings

MAX_LABEL_CHARS = 256  # every reply and search hit repeats the label


@attrs.frozen
class AgentIndexRequest:
    """``content`` wins over ``path`` when both are given; ``source`` is the label."""

    content: str = ""
    path: str = ""
    source: str = ""


@attrs.frozen
class AgentIndexResult:
    result: IndexResult
    file_bytes: int = 0  # bytes read from the file, when indexed by path


class IndexForAgent:
    """``capy_index``: text or a file inside the project, always durable.

    Rules:
    - neither content nor path → ``InvalidInput`` saying to pass one;
    - a path is resolved like a ``Read``: relative to the project root, ``~``, ``..`` and
      symlinks resolved; the canonical file must lie inside the project, and the host's
      ``Read`` deny rules are applied to it (a denial raises ``PolicyDenied``);
    - a file over ``store.max_source_bytes`` is refused before it is read; binary (NUL bytes)
      and non-UTF-8 files are refused with what to do;
    - the label defaults to the file's path relative to the project (so two README.md files
      never replace each other), or ``indexed-content:<hash>`` for text (one source per
      distinct text, as for tool output); a label over
      ``MAX_LABEL_CHARS`` is refused (it would be echoed in every reply and search hit).
    """

    def __init__(
        self,
        *,
        index_content: IndexContent,
        policy_source: PolicySource,
        settings: Settings,
        project_root: Path,
        protected: tuple[ProtectedPath, ...] = (),
    ) -> None:
        self._index = index_content
        self._policy = policy_source
        self._max_bytes = settings.store.max_source_bytes
        self._root = project_root
        self._protected = protected

    def execute(self, request: AgentIndexRequest) -> AgentIndexResult:
        label = request.source.strip()
        if len(label) > MAX_LABEL_CHARS:
            raise InvalidInput(
                f"the source label is {len(label):,} characters long (at most {MAX_LABEL_CHARS})",
                "pass a short name as `source`, e.g. a file name or a topic",
            )
        if request.content:
            result = self._index.execute(
                IndexRequest(content=request.content, label=label or text_label(request.content))
            )
            return AgentIndexResult(result)
        if not request.path.strip():
            raise InvalidInput(
                "nothing to index", "pass `content` (text) or `path` (a file in the project)"
            )
        relative, text, size = self._read(request.path.strip())
        # Held by its box alone: packed while the store inserts a big file's rows (ADR 0257).
        held = HeldText(text)
        del text
        result = self._index.execute(IndexRequest(content=held, label=label or relative))
        return AgentIndexResult(result, size)

    def _read(self, given: str) -> tuple[str, str, int]:
        """(the path relative to the project, the text, its size in bytes)."""
        policy = self._policy.load()
        search = read_search(policy, self._root, self._protected)
        target = resolve_read_target(given, self._root, search)
        if target.relative is None:
            raise InvalidInput(
                f"{given} is outside the project ({target.absolute} is not under {self._root})",
                "capy_index only reads files inside the project; pass the text as `content` "
                "if it is really needed",
            )
        check_read(target, self._protected)
        verdict = evaluate_read(policy, target)
        if verdict.decision is Decision.DENY:
            raise denial_error(verdict)
        path = Path(target.absolute)
        try:
            data = read_regular_bytes(target.absolute, self._max_bytes)
        except FileTooLarge as error:
            raise SourceTooLarge(
                f"{given} is {error.size:,} bytes, over the {self._max_bytes:,} byte limit",
                "index a smaller part, or raise store.max_source_bytes in .capy.toml",
            ) from None
        except UnreadableFile as error:
            if path.is_dir():
                raise InvalidInput(f"{given} is a directory", "name a file inside it") from None
            raise InvalidInput(
                f"cannot index {given}: {error.reason}", "name a regular text file"
            ) from None
        except PermissionError:
            raise InvalidInput(
                f"cannot read {given}: permission denied", "check its mode"
            ) from None
        except OSError as error:
            raise InvalidInput(f"cannot read {given}: {error.strerror}", "check the path") from None
        if data is None:
            raise InvalidInput(
                f"no such file: {given} (looked at {target.absolute})",
                "relative paths are taken from the project root",
            )
        return target.relative, _decode(given, data), len(data)


def _decode(given: str, data: bytes) -> str:
    nul = data.find(b"\0")
    if nul != -1:
        raise InvalidInput(
            f"{given} looks binary (NUL byte at offset {nul:,})", "capy indexes UTF-8 text only"
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InvalidInput(
            f"{given} is not valid UTF-8 (bad byte at offset {error.start:,})",
            "convert it to UTF-8 first, or pass the text as `content`",
        ) from None
