"""Whether the optional semantic layer is on here, and if not, why and how to turn it on."""

from __future__ import annotations

from adapters.embedding import model_files
from application.ports.health_check import HealthCheck
from domain.doctor.check import CheckResult, failed, passed, warned


class SemanticLayerCheck(HealthCheck):
    """The extra's libraries and model are installed and the model file is the one capy pins
    (its SHA-256 is checked; the model itself is not loaded)."""

    name = "Semantic layer"

    def __init__(self, env: dict[str, str] | None = None) -> None:
        self._env = env

    def run(self) -> CheckResult:
        if model_files.switched_off(self._env):
            return passed(self.name, f"off: switched off by {model_files.SWITCH}")
        missing = model_files.missing_modules()
        if missing:
            return warned(
                self.name,
                f"off: {', '.join(missing)} not installed; search matches words only",
                model_files.EXTRA_HINT,
            )
        try:
            files = model_files.verified()
        except model_files.ModelFileError as error:
            return failed(self.name, f"off: {error}", model_files.EXTRA_HINT)
        return passed(
            self.name, f"on: {model_files.MODEL_ID} ({files.model.name} verified), offline"
        )
