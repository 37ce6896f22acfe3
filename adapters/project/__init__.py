"""Finding the project root and its knowledge database (git- and worktree-aware)."""
