"""The DHR text's own examples as catalogues a scenario refers to by name: troop types, weapons, armour.

Troop types ("Movement"; "Number of figures"): foot 3 hexes, mounted 6; the text's
examples of "your own values": soldiers moving in formation 2, natives on home turf
4, a crew moving a mounted weapon 1; vehicles get "movement similar to mounted
soldiers" ("Armored Vehicles"). Unit sizes: "10 per foot and 5 per mounted or
artillery unit"; the text gives none for vehicles or the other examples (ours:
DHR-own in docs/rules/dhr.md).

Weapons ("Rate of Fire"): every RoF the text lists, by its own names. The text
gives a range only for the rifle (6 hexes); the other ranges are ours.

Armour ("Armor Saves"; "Armored Vehicles"): every DV the text lists, and the
vehicle armour categories 1D6-5D6.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Troop:
    label: str
    mp: int
    figures: int
    text: str
    """Where the value comes from."""


TROOPS: dict[str, Troop] = {
    "foot": Troop("Foot", 3, 10, "Movement: Foot 3 hexes; 10 per foot unit"),
    "mounted": Troop("Mounted", 6, 5, "Movement: Mounted 6 hexes; 5 per mounted unit"),
    "vehicle": Troop("Vehicle", 6, 1, "Armored Vehicles: movement similar to mounted; one vehicle a unit (ours)"),
    "formation": Troop("Soldiers moving in formation", 2, 10, "Movement example: 2 hexes; size as foot (ours)"),
    "natives": Troop("Natives on home turf", 4, 10, "Movement example: 4 hexes; size as foot (ours)"),
    "crew": Troop("Crew moving a mounted weapon", 1, 5, "Movement example: 1 hex; 5 per artillery unit"),
}
"""Troop type -> its default movement points and figures (a scenario's own values win)."""


def _w(rof: list[int], range: int, **extra) -> dict:
    return {"rof": rof, "range": range, "attack": "small_arms", **extra}


WEAPONS: dict[str, dict] = {
    # "Rates of Fire can vary from weapon to weapon"
    "muzzle loader": _w([1], 6),
    "breech loader": _w([1, 1], 6),
    "semi automatic (clip)": _w([1, 1, 1], 6),
    "semi automatic (magazine)": _w([1, 1, 1, 1], 6),
    "full automatic (drum-fed)": _w([1, 1, 1, 1, 1], 6),
    "full automatic (belt-fed)": _w([2, 2, 2, 2, 2], 8),
    # "Some examples would be"
    "Colt Revolver": _w([1, 1, 1], 2),
    "Colt Automatic Pistol 1911": _w([1, 1, 1, 1, 1], 2),
    "AR15": _w([2, 2, 2], 6),
    "Sub Machine Gun": _w([2, 2, 2, 2], 3),
    "Browning Automatic Rifle (BAR)": _w([2, 2, 2], 6),
    "M1 Garand": _w([2, 2], 6),
    "Bolt Action Rifle": _w([1, 1], 6),
    "Clip Fed Bolt Action Rifle": _w([1, 1, 1], 6),
    "M60 Machine Gun": _w([3, 3, 3, 3], 8, count=1, line=True),
    # the paragraph after the list
    "Thompson SMG": _w([2, 2, 2], 3),
    "SMG with an endless magazine": _w([2, 2, 2, 2, 2], 3),
    "more up front": _w([3, 2, 1], 6),
    "MG 42": _w([3, 3, 2, 2, 2], 8, count=1, line=True),
}
"""Weapon name -> its stats (a `Weapon`); the name is the text's own."""

ARMOUR: dict[str, dict[str, int]] = {
    "leather": {"all": 1}, "studded leather": {"all": 1}, "padded armor": {"all": 1},
    "splint": {"all": 2}, "banded": {"all": 2}, "light chain mail armor": {"all": 2},
    "heavy chain mail": {"all": 3}, "chest plate": {"all": 3}, "scale armor": {"all": 3},
    "field plate": {"all": 4},
    "modern body armor": {"small_arms": 2, "fragments": 2},
}
"""Armour name -> DV by attack type ("all": any type). "DV +1 - for full helmet and shield" is the
`helmet` and `shield` stats (DHR-A18); "chain armor giving them a DV 2 vs arrows" is light chain mail."""

VEHICLE_ARMOUR: dict[str, int] = {
    "unarmored": 1, "lightly armored": 2, "moderately armored": 3, "heavily armored": 4, "OMG armored": 5,
}
"""Vehicle armour category -> armour dice."""


def lookup(table: dict, name: str, what: str):
    """The catalogue entry called `name` (any case), or a ValueError listing the names there are."""
    for key, value in table.items():
        if key.lower() == name.strip().lower():
            return value
    raise ValueError(f"no {what} called {name!r} in the DHR catalogue (known: {', '.join(table)})")
