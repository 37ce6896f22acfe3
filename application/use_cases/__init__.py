"""Use cases: one class per thing a user or an agent can ask capy for."""
