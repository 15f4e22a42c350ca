"""The pure procedures (plain inputs + Dice -> a result), one module each, gathered here by name."""

from __future__ import annotations

from rules.rulesets.dirtside import air, artillery, chits, design, fire, infantry, ladder, morale, weapons

__all__ = ["air", "artillery", "chits", "design", "fire", "infantry", "ladder", "morale", "weapons"]
