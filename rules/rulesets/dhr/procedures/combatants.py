"""Units as the procedures see them: the firer of a shot, the unit attacked (and attacking back in
melee), and its armour per attack type (DHR-A18)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Armour:
    """Armour DV per attack type (Armor Saves), e.g. {"arrows": 2, "small_arms": 0}.

    The key "all" applies to any type not listed. A full helmet AND a shield add
    +1 together, never +1 each (DHR-A18).
    """

    dv: Mapping[str, int] = field(default_factory=dict)
    helmet: bool = False
    shield: bool = False

    def against(self, attack_type: str) -> int:
        base = self.dv.get(attack_type, self.dv.get("all", 0))
        return base + (1 if self.helmet and self.shield else 0)


@dataclass(frozen=True)
class Firer:
    """The firing side of a shot: how many figures (or guns) fire, how well, with what."""

    figures: int
    """Firing figures, or guns for a crew-served weapon (the text rolls per firer)."""
    rating: int
    weapon_range: int = 0
    rof: tuple[int, ...] = (1,)
    attack_type: str = "small_arms"
    side: str | None = None
    unit: str | None = None


@dataclass(frozen=True)
class Combatant:
    """A unit being attacked (and, in melee, attacking back): what saves and morale need."""

    figures: int
    rating: int
    terrain_dv: int = 0
    """DV of the hex it holds or sits behind (morale, DHR-A11; melee and area saves)."""
    armour_dv: int = 0
    """Armour DV against the attack being resolved (use `Armour.against`)."""
    leader_rating: int | None = None
    """An attached Leader's Rating, used for checks when higher (DHR-A25)."""
    medic: bool = False
    """A Medic is attached: a 1 on a d6 negates each casualty (DHR-A24)."""
    untenable: bool = False
    """Its terrain is untenable (on fire, gas): no DV to morale (Area Effect)."""
    toughness: int = 1
    """Hits needed to remove one figure: 1, or more for a Champion who shrugs off hits."""
    wounds: int = 0
    """Hits already taken toward the next figure lost (toughness > 1)."""
    melee_dice: int = 1
    """Dice per figure in melee: 1 (Melee), several for a Champion."""
    champions: tuple[tuple[int, int], ...] = ()
    """Champions attached to the unit who fight in its melee: (dice, rating) each; their dice
    are rolled at their own Rating beside the unit's (Special Figures: Champion)."""
    side: str | None = None
    unit: str | None = None
