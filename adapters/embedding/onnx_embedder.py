"""all-MiniLM-L6-v2 on onnxruntime and tokenizers, without torch (ADR 0080).

Nothing is imported or loaded until the first ``embed``: the constructor only remembers its
settings, so composing a container that holds an ``OnnxEmbedder`` costs nothing. The first call
verifies both files' SHA-256, then builds the session (one thread: embedding shares the machine
with the agent it serves; basic graph optimisation, which folds the int8 weights into floats
once instead of on every run, and no memory arena, which keeps a batch's peak for good). Texts
are cut at ``max_tokens`` word pieces and run in groups of at most ``TOKEN_BUDGET`` word pieces,
shortest first, each padded to its own longest (ADR 0114); vectors are the attention-masked mean
of the last hidden state, normalised to length 1 — the model's own sentence-transformers
pooling.

Memory (ADR 0098, 0115): the loaded model holds ~150 MB, and a run of passages leaves some
more in the C heap once freed. So ``release_memory`` (glibc's ``malloc_trim`` in the server)
runs after every batch of more than one text, and the model is dropped after ``idle_seconds``
without an ``embed`` — the next search or embedding job that needs it loads it again.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from adapters.embedding import model_files
from application.ports.embedder import Embedder, EmbedderStatus

MAX_TOKENS = 256  # the model was trained on at most 256 word pieces
BATCH = 16
# Word pieces one model run may hold (texts x the longest of them). Attention grows with the
# square of the length, and without the memory arena each run allocates it afresh: 16
# passages of ~150-256 pieces peaked at +560 MB over the loaded model; a budget of 1 024
# pieces at +200 MB, 512 at +110 MB, for 9.0 and 7.7 passages per CPU second (16 at once:
# 7.6). Texts run shortest first, so short ones (queries, log lines) still share a run.
TOKEN_BUDGET = 512
# How long the model stays loaded after its last use. Loading it again costs ~0.3 s of one
# core (its SHA-256 checked, the session built) on the next search that asks the layer;
# keeping it costs the server ~35–55 MB for as long as it runs (ADR 0098).
IDLE_SECONDS = 120.0


class OnnxEmbedder(Embedder):
    def __init__(
        self,
        max_tokens: int = MAX_TOKENS,
        threads: int = 1,
        *,
        idle_seconds: float | None = IDLE_SECONDS,
        release_memory: Callable[[], None] = lambda: None,
    ) -> None:
        """``idle_seconds``: drop the model after that long unused (None: keep it);
        ``release_memory``: hands memory freed inside the C heaps back to the system."""
        self._max_tokens = max_tokens
        self._threads = threads
        self._idle_seconds = idle_seconds
        self._release_memory = release_memory
        self._lock = threading.Lock()
        self._loaded: tuple[Any, Any] | None = None  # (tokenizer, session)
        self._busy = 0  # embed calls running
        self._last_used = 0.0
        self._watcher: threading.Thread | None = None
        self._stop = threading.Event()

    @property
    def model_id(self) -> str:
        return model_files.MODEL_ID

    @property
    def dimensions(self) -> int:
        return model_files.DIMENSIONS

    @property
    def loaded(self) -> bool:
        return self._loaded is not None

    def status(self) -> EmbedderStatus:
        if model_files.switched_off():
            return EmbedderStatus(False, f"switched off by {model_files.SWITCH}")
        missing = model_files.missing_modules()
        if missing:
            return EmbedderStatus(
                False, f"not installed ({', '.join(missing)} missing): {model_files.EXTRA_HINT}"
            )
        try:
            files = model_files.locate()
        except model_files.ModelFileError as error:
            return EmbedderStatus(False, str(error))
        return EmbedderStatus(True, f"{model_files.MODEL_ID} from {files.model.parent.name}")

    def embed(self, texts: Sequence[str]) -> list[bytes]:
        if not texts:
            return []
        tokenizer, session = self._acquire()
        try:
            vectors = self._vectors(tokenizer, session, texts)
        finally:
            with self._lock:
                self._busy -= 1
                self._last_used = time.monotonic()
        if len(texts) > 1:
            self._release_memory()  # a batch's buffers, freed, stay resident otherwise
        return vectors

    def unload(self) -> bool:
        """Drop the model now unless an ``embed`` is running (the next one loads it again);
        whether it was dropped."""
        with self._lock:
            if self._loaded is None or self._busy:
                return False
            self._loaded = None
        self._release_memory()
        return True

    def close(self) -> None:
        """Stop watching for idleness and drop the model."""
        self._stop.set()
        self.unload()

    def _vectors(self, tokenizer: Any, session: Any, texts: Sequence[str]) -> list[bytes]:
        import numpy as np

        encodings = tokenizer.encode_batch(list(texts))
        vectors: list[bytes] = [b""] * len(texts)
        for run in runs([len(e.ids) for e in encodings], TOKEN_BUDGET, BATCH):
            width = max(len(encodings[i].ids) for i in run)
            ids = np.zeros((len(run), width), dtype=np.int64)
            mask = np.zeros((len(run), width), dtype=np.int64)
            for row, i in enumerate(run):
                pieces = encodings[i].ids
                ids[row, : len(pieces)] = pieces
                mask[row, : len(pieces)] = 1
            (hidden,) = session.run(
                ["last_hidden_state"],
                {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)},
            )
            weights = mask[:, :, None].astype(np.float32)
            pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
            pooled /= np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
            for row, i in enumerate(run):
                vectors[i] = pooled[row].astype("<f4").tobytes()
        return vectors

    def _acquire(self) -> tuple[Any, Any]:
        """The loaded model (loading it if needed), counted as in use until ``embed`` ends."""
        with self._lock:
            if self._loaded is None:
                self._loaded = self._build()
            self._busy += 1
            self._last_used = time.monotonic()
            if self._idle_seconds is not None and self._watcher is None:
                self._watcher = threading.Thread(
                    target=self._unload_when_idle, name="capy-model-idle", daemon=True
                )
                self._watcher.start()
            return self._loaded

    def _unload_when_idle(self) -> None:
        """Wait until the model went ``idle_seconds`` unused, then drop it and end."""
        assert self._idle_seconds is not None
        idle = self._idle_seconds
        while True:
            with self._lock:
                unused = time.monotonic() - self._last_used
                due = self._busy == 0 and unused >= idle
                if due or self._loaded is None:
                    self._watcher = None
                    if due:
                        self._loaded = None
                    break
                wait = idle if self._busy else idle - unused
            if self._stop.wait(max(wait, 0.01)):
                with self._lock:
                    self._watcher = None
                return
        if due:
            self._release_memory()

    def _build(self) -> tuple[Any, Any]:
        if model_files.switched_off():
            raise model_files.ModelFileError(f"the semantic layer is off ({model_files.SWITCH})")
        os.environ.setdefault("HF_HUB_OFFLINE", "1")  # belt and braces: nothing below downloads
        files = model_files.verified()
        import onnxruntime
        from tokenizers import Tokenizer

        tokenizer = Tokenizer.from_file(str(files.tokenizer))
        tokenizer.enable_truncation(self._max_tokens)
        tokenizer.no_padding()  # each run is padded to its own longest text
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = self._threads
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        # The int8 file stores each weight as int8 x scale (Cast + Mul): unoptimised, every
        # run rebuilds all float weights (~90 ms of CPU for a one-line query, transiently as
        # much memory as folded weights would hold). Basic optimisation folds them once: +100
        # MB while the model is loaded (ADR 0098 drops it when idle), the same peak while
        # embedding, a query in ~7 ms instead of ~100, passages 1.75x faster (ADR 0115). The
        # memory arena stays off: it keeps a batch's peak for good (ADR 0080).
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_BASIC
        options.enable_cpu_mem_arena = False
        options.enable_mem_pattern = False
        session = onnxruntime.InferenceSession(
            str(files.model), options, providers=["CPUExecutionProvider"]
        )
        return tokenizer, session


def runs(lengths: Sequence[int], budget: int, most: int) -> list[list[int]]:
    """The texts of ``lengths`` (in word pieces) grouped into model runs, shortest first: each
    run at most ``most`` texts and, padded to its longest, at most ``budget`` word pieces (a
    text longer than the budget runs alone). Indexes into ``lengths``."""
    grouped: list[list[int]] = []
    current: list[int] = []
    for index in sorted(range(len(lengths)), key=lambda i: lengths[i]):
        # sorted ascending, so this text is the run's longest once added
        if current and (len(current) >= most or (len(current) + 1) * lengths[index] > budget):
            grouped.append(current)
            current = []
        current.append(index)
    if current:
        grouped.append(current)
    return grouped
