"""Hook routing: what capy tells the host about a tool call, decided without any I/O.

Everything here sits on the path of ``capy hook``, which runs once per tool call of the host
agent, so the values are plain ``__slots__`` classes (``value.Value``): importing attrs or
dataclasses costs more than the whole routing decision (ADR 0020).
"""
