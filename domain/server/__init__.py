"""Rules of the MCP server that do not depend on the protocol: search throttling, usage figures."""
