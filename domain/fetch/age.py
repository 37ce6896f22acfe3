"""How long ago something happened, in the words a reply uses."""

from __future__ import annotations

from datetime import timedelta


def format_age(age: timedelta) -> str:
    """``3d 4h ago``, ``2h 5m ago``, ``7m ago`` or ``just now`` (clock skew counts as now)."""
    minutes = int(age.total_seconds() // 60)
    if minutes < 1:
        return "just now"
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    if days:
        return f"{days}d {hours}h ago" if hours else f"{days}d ago"
    if hours:
        return f"{hours}h {minutes}m ago" if minutes else f"{hours}h ago"
    return f"{minutes}m ago"
