"""The subprocess sandbox: runtimes, environment, process groups, bounded output."""
