"""One module per command (group); each registers itself on ``entrypoints.cli.app.app``."""
