"""Pure rules for fetching web content: URL and host checks, git-platform threads, routing."""
