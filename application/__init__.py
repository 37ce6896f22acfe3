"""Use cases and the ports they drive. Imports only the domain, the standard library and attrs."""
