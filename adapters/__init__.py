"""Driven adapters: implementations of the application's ports."""
