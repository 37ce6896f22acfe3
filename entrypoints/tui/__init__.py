"""The vault's terminal interface (textual): ``capy vault list|search|show --tui``.

Imported only when ``--tui`` is given, so textual's import cost stays off every other command.
"""
