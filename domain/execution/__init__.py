"""Running agent-written code: requests, outcomes, truncation, exit classification, wrapping."""
