"""The driving side: the CLI, the MCP server, the hook runner and the composition roots."""
