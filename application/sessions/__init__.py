"""Reading past sessions through the ``SessionFiles`` port: conversations and their threads."""
