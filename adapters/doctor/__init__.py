"""The probes behind ``capy doctor``: runtimes, store, config, hooks, MCP, rules, project."""
