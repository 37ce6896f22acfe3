"""Session continuity: the facts of a session captured from hook events, folded into a state,
and rendered as a small snapshot (restored after compaction or on resume) and as a searchable
record. Loaded by ``capy hook``, so its values are slotted ``Value`` classes (ADR 0020).
"""
