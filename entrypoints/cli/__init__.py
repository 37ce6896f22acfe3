"""The ``capy`` command line (cyclopts). One module per command group."""
