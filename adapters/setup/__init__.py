"""File mergers behind ``capy setup``: JSON settings, ``.mcp.json``, Codex TOML, markdown, git."""
