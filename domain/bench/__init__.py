"""Pure benchmark arithmetic: per-case outcomes and the metrics computed over them."""
