"""Search steps that need the store but are not use cases of their own."""
