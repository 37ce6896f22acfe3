"""capy's MCP server: nine tools over stdio (official ``mcp`` SDK, low-level ``Server``)."""
