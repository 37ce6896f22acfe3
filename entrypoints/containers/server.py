"""The MCP server's composition: tool handlers over the use cases, plus start-up and shutdown."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Mapping
from typing import Any

from adapters.sandbox.protected import capy_secret_paths
from application.ports.sandbox import Sandbox
from application.use_cases.execute_with_intent import ExecuteWithIntent
from application.use_cases.index_for_agent import IndexForAgent
from application.use_cases.record_usage import RecordUsage
from application.use_cases.search_knowledge import SearchKnowledge
from application.use_cases.sweep_request import SweepReport, SweepRequest
from domain.server.search_throttle import SearchThrottle
from domain.server.usage import UsageLedger
from domain.source_kind import SourceKind
from entrypoints.containers.applications import ServerContainer
from entrypoints.containers.framework import containers, providers
from entrypoints.containers.runtime import RuntimeOptions
from entrypoints.mcp_server.background import BackgroundTask, BackgroundTasks, TaskBudget
from entrypoints.mcp_server.call_memory import CallMemory
from entrypoints.mcp_server.memory import ReleaseWhenQuiet, release_freed_memory
from entrypoints.mcp_server.periodic import PeriodicTask
from entrypoints.mcp_server.replies import ToolReply
from entrypoints.mcp_server.router import ToolRouter
from entrypoints.mcp_server.tool_specs import tool_specs
from entrypoints.mcp_server.tools.batch_execute import BatchExecuteTool
from entrypoints.mcp_server.tools.cleanup import CleanupTool
from entrypoints.mcp_server.tools.doctor import DoctorTool
from entrypoints.mcp_server.tools.execute import ExecuteTool
from entrypoints.mcp_server.tools.fetch import FetchTool
from entrypoints.mcp_server.tools.index import IndexTool
from entrypoints.mcp_server.tools.search import SearchTool
from entrypoints.mcp_server.tools.stats import StatsTool
from entrypoints.mcp_server.vault_sweep import build_vault_sweep

# What the C heaps hold free goes back once no call has ended for this long (ADR 0190): an
# agent's next call comes after the model's turn, seconds later; a burst runs without it.
QUIET_RELEASE_SECONDS = 0.5
# How often the hooks' session journals are read into the knowledge base (ADR 0039).
SESSION_JOURNAL_SECONDS = 3.0
# The start-up sweep of past sessions gets this much time; the next start goes on from there.
SESSION_SWEEP_SECONDS = 30.0
# The semantic layer's embedding runs for the whole life of the server, in its spare time.
EMBEDDING_SECONDS = 7 * 24 * 3600.0
EMBEDDING_IDLE_SECONDS = 20.0


def _now(clock: Any) -> Any:
    return clock.now()


def _runtime_names(sandbox: Sandbox) -> tuple[str, ...]:
    """The languages this machine can run (the sandbox detects them once and caches them)."""
    return tuple(sorted(language.value for language in sandbox.available_languages()))


def _run_later(use_case: Callable[[], Any]) -> Callable[[], object]:
    """A callable that runs ``use_case().execute()`` when called (built on first use)."""
    return lambda: use_case().execute()


class McpTools(containers.DeclarativeContainer):
    """One handler per MCP tool, built from use cases; the router and the tool list."""

    core = providers.DependenciesContainer()
    adapters = providers.DependenciesContainer()
    use_cases = providers.DependenciesContainer()

    ledger = providers.Singleton(UsageLedger, started_at=providers.Callable(_now, core.clock))
    # Writes the ledger into the knowledge base after every call (built once the store is open).
    record_usage = providers.Singleton(
        RecordUsage, ledger=ledger, store=adapters.usage_store, clock=core.clock
    )
    throttle = providers.Singleton(SearchThrottle)
    runtimes = providers.Singleton(_runtime_names, adapters.sandbox)

    execute_with_intent = providers.Factory(
        ExecuteWithIntent,
        run_code=use_cases.run_code,
        summarise_output=use_cases.summarise_output.provider,
        project_root=core.project.provided.root,
        settings=core.settings,
    )
    index_for_agent = providers.Factory(
        IndexForAgent,
        index_content=use_cases.index_content,
        policy_source=adapters.policy_source,
        settings=core.settings,
        project_root=core.project.provided.root,
        protected=providers.Callable(capy_secret_paths, core.user_dirs),
    )

    # Looks into the kinds a search left out, to say where the answer is; reads mark nothing.
    probe_search = providers.Singleton(
        SearchKnowledge, store=adapters.knowledge_store, clock=core.clock, track_access=False
    )

    execute = providers.Singleton(ExecuteTool, use_case=execute_with_intent.provider, ledger=ledger)
    execute_file = providers.Singleton(
        ExecuteTool, use_case=execute_with_intent.provider, ledger=ledger, with_file=True
    )
    batch = providers.Singleton(
        BatchExecuteTool, use_case=use_cases.batch_execute.provider, ledger=ledger
    )
    search = providers.Singleton(
        SearchTool,
        search=use_cases.search_knowledge.provider,
        store=adapters.knowledge_store.provider,
        throttle=throttle,
        clock=core.clock,
        probe=probe_search.provider,
        catch_up=providers.Callable(_run_later, use_cases.ingest_session_journals.provider),
    )
    index = providers.Singleton(IndexTool, use_case=index_for_agent.provider, ledger=ledger)
    fetch = providers.Singleton(
        FetchTool, use_case=use_cases.fetch_and_index.provider, ledger=ledger
    )
    stats = providers.Singleton(
        StatsTool,
        ledger=ledger,
        clock=core.clock,
        describe=use_cases.describe_knowledge.provider,
        record_usage=record_usage.provider,
        read_history=use_cases.read_usage_history.provider,
    )
    doctor = providers.Singleton(DoctorTool, run_doctor=use_cases.run_doctor.provider)
    cleanup = providers.Singleton(CleanupTool, use_case=use_cases.cleanup_sources.provider)
    handlers = providers.Dict(
        capy_execute=execute,
        capy_execute_file=execute_file,
        capy_batch_execute=batch,
        capy_search=search,
        capy_index=index,
        capy_fetch_and_index=fetch,
        capy_stats=stats,
        capy_doctor=doctor,
        capy_cleanup=cleanup,
    )
    router = providers.Singleton(ToolRouter, handlers=handlers, ledger=ledger)
    specs = providers.Callable(tool_specs, runtimes=runtimes)


class ServerComposition:
    """The server container plus what ``capy serve`` does around it."""

    def __init__(self, options: RuntimeOptions) -> None:
        self.container = ServerContainer(options=options)
        self.core = self.container.core
        self.tools = McpTools(
            core=self.container.core,
            adapters=self.container.adapters,
            use_cases=self.container.use_cases,
        )
        # Held while the store is being opened, so a first tool call waits for it instead of
        # opening a second copy (key derivation runs once).
        self._opening = threading.Lock()
        self.session_journals = PeriodicTask(
            "capy-session-journals",
            lambda: self.container.use_cases.ingest_session_journals().execute(),
            SESSION_JOURNAL_SECONDS,
        )
        self._store_ready = threading.Event()
        # Tool calls running now: background work waits while there are any.
        self._active_calls = 0
        self.call_memory = CallMemory(self.container.adapters.knowledge_upkeep, self._store_ready)
        self._calls_lock = threading.Lock()
        # Set after every tool call: the embedding task looks for new sections at once.
        self._called = threading.Event()
        self.background = BackgroundTasks(busy=self._busy)
        self.quiet_release = ReleaseWhenQuiet(
            release_freed_memory, busy=self._busy, quiet_s=QUIET_RELEASE_SECONDS
        )
        self.vault_sweep = build_vault_sweep(self.core)

    def start_warm_up(self) -> threading.Thread:
        """Open the store and purge expired sources on a background thread."""
        self._opening.acquire()
        thread = threading.Thread(target=self.warm_up, args=(True,), name="capy-warm-up")
        thread.daemon = True
        thread.start()
        return thread

    def warm_up(self, holding_lock: bool = False) -> None:
        """Open the store, purge expired sources, then start reading session journals;
        never raises."""
        try:
            if not holding_lock:
                self._opening.acquire()
            try:
                self.container.adapters.knowledge_store()
                self._store_ready.set()
            finally:
                self._opening.release()
            self.container.use_cases.purge_expired().execute()
            self.session_journals.start()
        except Exception as error:
            print(f"capy: warning: {error}", file=sys.stderr, flush=True)

    def start_background(self, after: threading.Thread | None = None) -> threading.Thread:
        """Start the start-up tasks (``background``) once ``after`` (the warm-up) is done."""
        if self.core.settings().sessions.sweep_on_start:
            self.background.add(
                BackgroundTask("session sweep", self.sweep_sessions, SESSION_SWEEP_SECONDS)
            )
        if self.vault_sweep.enabled:
            self.background.add(
                BackgroundTask("vault sweep", self.vault_sweep.run, self.vault_sweep.seconds)
            )
        self.background.add(BackgroundTask("embedding", self.embed_sources, EMBEDDING_SECONDS))
        self.quiet_release.start()
        return self.background.start(after)

    def embed_sources(self, budget: TaskBudget) -> int:
        """Give new sections their vectors for the semantic layer, batch by batch at low
        priority, waiting while a tool call runs; looks again after each tool call, and every
        ``EMBEDDING_IDLE_SECONDS``.
        Does nothing (and loads nothing) when the layer is off."""
        from application.use_cases.embed_chunks import EPHEMERAL_MAX_CHUNKS, KEPT_KINDS

        if not self._store_ready.is_set():
            return 0
        embed = self.container.use_cases.embed_chunks()
        if not embed.available:
            return 0
        total = 0

        def keep_going() -> bool:
            return not budget.should_stop()

        while keep_going():
            done = embed.run(KEPT_KINDS, keep_going=keep_going)
            done += embed.run(
                {SourceKind.EPHEMERAL}, keep_going=keep_going, max_chunks=EPHEMERAL_MAX_CHUNKS
            )
            total += done
            if not done:
                # Looking for new sections reads them all (their hashes) through this thread's
                # page cache: megabytes after a large output, freed here and given back.
                self.container.adapters.knowledge_store().release_memory()
                release_freed_memory()
                budget.rest(EMBEDDING_IDLE_SECONDS, wake=self._called)
        return total

    def sweep_sessions(self, budget: TaskBudget) -> SweepReport | None:
        """Index the project's new and grown past sessions within ``budget``."""
        if not self._store_ready.is_set():
            return None  # the warm-up already said why the store is unavailable
        request = SweepRequest(
            project_root=self.core.project().root, dry_run=False, should_stop=budget.should_stop
        )
        report: SweepReport = self.container.use_cases.sweep_sessions().execute(request)
        self.container.adapters.knowledge_upkeep().release_memory()  # this thread's connection
        if report.indexed:
            more = " (more at the next start)" if report.stopped else ""
            print(
                f"capy: indexed {report.indexed} past session(s) into the knowledge base{more}.",
                file=sys.stderr,
                flush=True,
            )
        release_freed_memory()
        return report

    def _busy(self) -> bool:
        return self._active_calls > 0

    def dispatch(self, name: str, arguments: Mapping[str, Any]) -> ToolReply:
        """Run one tool call (on a worker thread), after the store finished opening."""
        with self._calls_lock:
            self._active_calls += 1
        try:
            with self._opening:
                pass
            router: ToolRouter = self.tools.router()
            ledger: UsageLedger = self.tools.ledger()
            before = _volume(ledger)
            reply = router(name, arguments)
            self.record_usage()
            self.call_memory.after_call(_volume(ledger) - before)
            return reply
        finally:
            with self._calls_lock:
                self._active_calls -= 1
            self._called.set()
            self.quiet_release.call_ended()

    def record_usage(self) -> None:
        """Write the calls' counts into the knowledge base's usage history; never raises (a
        failed write is kept and retried with the next call)."""
        try:
            self.tools.record_usage().execute()
        except Exception as error:
            print(f"capy: usage not recorded yet: {error}", file=sys.stderr, flush=True)

    def shutdown(self) -> None:
        """Stop the start-up tasks, kill background programs, write pending access marks, close
        the store with a WAL checkpoint; never raises.

        Only what was actually created is closed: a server that never opened its store does
        not open it now just to close it.
        """
        self._quietly(self.background.stop)
        self._quietly(self.quiet_release.stop)
        self._quietly(self.vault_sweep.stop)
        self._close("sandbox")
        if self._created("knowledge_store"):
            self._quietly(self.session_journals.stop)
            self._quietly(lambda: self.container.use_cases.search_knowledge().flush_access())
            self.record_usage()
        self._close("knowledge_store")
        self._quietly(self.container.shutdown_resources)

    def _created(self, name: str) -> bool:
        provider = getattr(self.container.adapters, name, None)
        return isinstance(provider, providers.Resource) and bool(provider.initialized)

    def _close(self, name: str) -> None:
        if self._created(name):
            self._quietly(getattr(self.container.adapters, name).shutdown)

    @staticmethod
    def _quietly(action: Callable[[], object]) -> None:
        try:
            action()
        except Exception as error:
            print(f"capy: warning during shutdown: {error}", file=sys.stderr, flush=True)


def _volume(ledger: UsageLedger) -> int:
    usage = ledger.snapshot().counts
    return usage.bytes_processed + usage.bytes_indexed


def build_server_container(options: RuntimeOptions) -> ServerComposition:
    return ServerComposition(options)
