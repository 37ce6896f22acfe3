"""One module per MCP tool: read the arguments, call the use case, format the reply."""
