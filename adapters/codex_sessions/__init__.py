"""Codex CLI's session rollouts on disk (``~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl``)."""
