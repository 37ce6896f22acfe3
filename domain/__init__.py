"""capy's domain: pure rules and values. Imports only the standard library, attrs and itself."""
