"""Claude Code's session transcripts on disk: finding them and reading their JSON Lines."""
