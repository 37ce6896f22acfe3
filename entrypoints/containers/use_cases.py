"""Use cases, each built from ports only."""

from __future__ import annotations

import operator

from adapters.key_file_key_provider import ENV_VAR, new_key, new_key_variable
from application.search.semantic import SemanticLayer
from application.use_cases.search_knowledge import SearchKnowledge
from entrypoints.containers.cores import available_cores
from entrypoints.containers.deferred import deferred
from entrypoints.containers.framework import containers, providers


class UseCases(containers.DeclarativeContainer):
    """One provider per use case; adapters come from whichever adapter container is plugged in."""

    core = providers.DependenciesContainer()
    adapters = providers.DependenciesContainer()

    index_content = providers.Factory(
        deferred("application.use_cases.index_content:IndexContent"),
        store=adapters.knowledge_store,
        settings=core.settings,
        preparer=adapters.document_preparer,
    )
    # One instance per container: it keeps the fuzzy-correction cache between searches.
    # A command that only reads (``capy search``) marks no source as used: it writes nothing.
    semantic_layer = providers.Singleton(
        SemanticLayer,
        embedder=adapters.embedder,
        store=adapters.knowledge_store,
        vectors=adapters.chunk_vectors,
        clock=core.clock,
        cores=providers.Callable(available_cores),
    )
    search_knowledge = providers.Singleton(
        SearchKnowledge,
        store=adapters.knowledge_store,
        clock=core.clock,
        track_access=providers.Callable(operator.not_, core.options.provided.read_only),
        semantic=semantic_layer,
    )
    embed_chunks = providers.Factory(
        deferred("application.use_cases.embed_chunks:EmbedChunks"),
        embedder=adapters.embedder,
        vectors=adapters.chunk_vectors,
    )
    distinctive_terms = providers.Factory(
        deferred("application.use_cases.find_distinctive_terms:FindDistinctiveTerms"),
        store=adapters.knowledge_store,
    )
    summarise_output = providers.Factory(
        deferred("application.use_cases.summarise_output:SummariseOutput"),
        index_content=index_content,
        search=search_knowledge,
        distinctive_terms=distinctive_terms,
        store=adapters.knowledge_store,
    )
    cleanup_sources = providers.Factory(
        deferred("application.use_cases.cleanup_sources:CleanupSources"),
        store=adapters.knowledge_store,
        upkeep=adapters.knowledge_upkeep,
        settings=core.settings,
        clock=core.clock,
    )
    purge_expired = providers.Factory(
        deferred("application.use_cases.purge_expired:PurgeExpired"),
        store=adapters.knowledge_store,
        settings=core.settings,
        clock=core.clock,
        job_log=adapters.job_log,
    )
    describe_knowledge = providers.Factory(
        deferred("application.use_cases.describe_knowledge:DescribeKnowledgeBase"),
        store=adapters.knowledge_store,
        settings=core.settings,
        clock=core.clock,
    )
    list_sources = providers.Factory(
        deferred("application.use_cases.list_sources:ListSources"), store=adapters.knowledge_store
    )
    read_usage_history = providers.Factory(
        deferred("application.use_cases.read_usage_history:ReadUsageHistory"),
        store=adapters.usage_store,
        clock=core.clock,
    )
    fetch_and_index = providers.Factory(
        deferred("application.use_cases.fetch_and_index:FetchAndIndex"),
        fetcher=adapters.fetcher,
        html_converter=adapters.html_converter,
        index_content=index_content,
        store=adapters.knowledge_store,
        clock=core.clock,
        settings=core.settings,
    )
    # One instance per container: it remembers which journals it has read.
    ingest_session_journals = providers.Singleton(
        deferred("application.use_cases.ingest_session_journals:IngestSessionJournals"),
        journal=adapters.session_journal,
        index_content=index_content,
        clock=core.clock,
        project_root=providers.Callable(str, core.project.provided.root),
    )
    run_code = providers.Factory(
        deferred("application.use_cases.run_code:RunCode"),
        sandbox=adapters.sandbox,
        policy_source=adapters.policy_source,
        project_root=core.project.provided.root,
        protected=providers.Callable(
            deferred("adapters.sandbox.protected:capy_secret_paths"), core.user_dirs
        ),
    )
    batch_execute = providers.Factory(
        deferred("application.use_cases.batch_execute:BatchExecute"),
        sandbox=adapters.sandbox,
        policy_source=adapters.policy_source,
        index_content=index_content,
        search=search_knowledge,
        distinctive_terms=distinctive_terms,
        store=adapters.knowledge_store,
        clock=core.clock,
        settings=core.settings,
        protected=providers.Callable(
            deferred("adapters.sandbox.protected:capy_secret_paths"), core.user_dirs
        ),
    )
    check_command = providers.Factory(
        deferred("application.use_cases.check_command:CheckCommand"),
        policy_source=adapters.policy_source,
        project_root=core.project.provided.root,
    )
    run_doctor = providers.Factory(
        deferred("application.use_cases.run_doctor:RunDoctor"),
        checks=providers.Callable(
            deferred("entrypoints.containers.doctor:doctor_checks"),
            project_root=core.project_root.provided.path,
            home=core.user_dirs.provided.home,
            env=core.options.provided.env,
            locate_project=core.project.provider,
            describe_key=core.key_provider.provided.describe,
            load_config=core.config.provider,
            sandbox=adapters.sandbox.provider,
            open_store=adapters.knowledge_store.provider,
            cwd=core.options.provided.cwd,
            databases_dir=core.user_dirs.provided.databases_dir,
        ),
    )
    sweep_sessions = providers.Factory(
        deferred("application.use_cases.sweep_sessions:SweepSessions"),
        files=adapters.session_files,
        ledger=adapters.sweep_ledger,
        store=adapters.knowledge_store,
        index_content=index_content,
        clock=core.clock,
        settings=core.settings,
    )
    rotate_key = providers.Factory(
        deferred("application.use_cases.rotate_key:RotateKey"),
        encryptor=adapters.database_encryptor,
        keys=core.key_provider,
        env=core.options.provided.env,
        env_var=ENV_VAR,
        new_env_var=new_key_variable(ENV_VAR),
        new_secret=providers.Object(new_key),
    )
    import_knowledge_base = providers.Factory(
        deferred("application.use_cases.import_knowledge_base:ImportKnowledgeBase"),
        open_knowledge_base=adapters.foreign_knowledge_bases,
        index=index_content,
        store=adapters.knowledge_store,
    )
