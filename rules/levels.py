"""The computer's level names, the one list every layer shares (rules/ai/levels.py gives each its search).

Kept apart from rules/ai so that saves and screens can name and check a level
without importing the computer (start-up time).
"""

from __future__ import annotations

LEVELS = ("easy", "normal", "hard")
"""Weakest first."""
DEFAULT = "normal"


def check_level(level: str, where: str = "level") -> str:
    """`level` in lower case, or a ValueError that names the levels."""
    name = str(level).strip().casefold()
    if name not in LEVELS:
        raise ValueError(f"{where}: unknown computer level {str(level).strip()!r} (levels: {', '.join(LEVELS)})")
    return name
