"""In-memory adapters with the same behaviour contract as the real ones (tests, dry runs)."""
