"""The 119-chit damage pool, drawn without replacement through the Dice, and its readings (dsii-core §6).

The pool lives in the game state as `ChitPool`. A draw rolls one die the size of the chits still in
the pool and takes the chit at that place (canonical order), so a draw replays from the seed and a
test forces chits with ScriptedDice. Everything drawn goes back after each hit (§6.2), so between
hits the pool is always the full 119: its contents are public, and no order is kept to hide.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pydantic import BaseModel, Field

from rules.dice import Dice

COLOURS = ("red", "yellow", "green")
SPECIALS = ("BOOM", "M", "T", "F")
MIX = {"red": (5, 20, 15, 10), "yellow": (3, 10, 7, 5), "green": (3, 10, 7, 5)}
"""Numerical chits by colour: how many of value 0, 1, 2, 3 (§6.1)."""
SPECIAL_COUNT = {"BOOM": 5, "M": 7, "T": 5, "F": 2}


def _canonical() -> tuple[str, ...]:
    out: list[str] = []
    for colour in COLOURS:
        for value, n in enumerate(MIX[colour]):
            out.extend([f"{colour[0].upper()}{value}"] * n)
    for s in SPECIALS:
        out.extend([s] * SPECIAL_COUNT[s])
    return tuple(out)


CANONICAL = _canonical()


def canonical() -> list[str]:
    """The 119 chits in a fixed order: 'R0'.. 'G3' by colour and value, then the specials (a new list of the
    order built once: every draw puts the pool back)."""
    return list(CANONICAL)


POOL_SIZE = 119
assert len(CANONICAL) == POOL_SIZE


def colour_of(chit: str) -> str | None:
    return {"R": "red", "Y": "yellow", "G": "green"}.get(chit[0]) if chit[1:].isdigit() else None


def value_of(chit: str) -> int | None:
    return int(chit[1:]) if colour_of(chit) else None


class ChitPool(BaseModel):
    """The pool in the game state: the chits in it now, in canonical order."""

    chits: list[str] = Field(default_factory=canonical)

    def draw(self, n: int, dice: Dice, purpose: str = "draw chit", *, side: str | None = None,
             unit: str | None = None, rule: str | None = "§6.2") -> tuple[str, ...]:
        """Draw `n` chits without replacement (invalid ones count as drawn), then put them all back."""
        n = min(n, len(self.chits))
        taken: list[str] = []
        for _ in range(n):
            sides = len(self.chits)
            if sides == 1:
                taken.append(self.chits.pop(0))
                continue
            face = dice.roll(1, sides, purpose, side=side, unit=unit, rule=rule,
                             outcome=lambda f, c=self.chits: f"chit {c[f[0] - 1]}")[0]
            taken.append(self.chits.pop(face - 1))
        self.chits = canonical()  # "return all chits to the pool" (§5.1 step 7)
        return tuple(taken)


class WatchedPool(ChitPool):
    """The pool, noting every chit drawn (a cruise missile's F chit makes it a dud, whatever its warhead)."""

    seen: list[str] = Field(default_factory=list)

    def draw(self, n: int, dice: Dice, purpose: str = "draw chit", **kw) -> tuple[str, ...]:
        taken = super().draw(n, dice, purpose, **kw)
        self.seen = [*self.seen, *taken]
        return taken


def draw(n: int, dice: Dice, **kw) -> tuple[str, ...]:
    """A draw from a full pool (procedures that hold no state)."""
    return ChitPool().draw(n, dice, **kw)


def index_of(chit: str, drawn_before: tuple[str, ...] = ()) -> int:
    """The die face that draws `chit` after `drawn_before` were taken (for forcing chits in tests)."""
    pool = canonical()
    for c in drawn_before:
        pool.remove(c)
    return pool.index(chit) + 1


def faces_for(*chits: str) -> list[int]:
    """The die faces that draw exactly these chits in this order from a full pool."""
    out, before = [], ()
    for c in chits:
        out.append(index_of(c, before))
        before = before + (c,)
    return out


# --- validity (§6.3, §8.3, §8.5) ------------------------------------------------------

ALL = frozenset(COLOURS)
RY = frozenset({"red", "yellow"})
RED = frozenset({"red"})
YELLOW = frozenset({"yellow"})
GREEN = frozenset({"green"})
NONE = frozenset()


def total(chits: tuple[str, ...], valid: frozenset[str], scale: Fraction = Fraction(1)) -> Fraction | None:
    """The valid total (DFFG scales x2 or x1/2, halves kept); None when no numerical chit was drawn."""
    nums = [c for c in chits if colour_of(c)]
    if not nums:
        return None
    return sum((value_of(c) * scale for c in nums if colour_of(c) in valid), Fraction(0))


@dataclass(frozen=True)
class VehicleResult:
    """A draw read against a vehicle (§6.4)."""

    void: bool = False
    """An F was drawn: the shot never happened and the firer goes Systems Down."""
    boom: bool = False
    knocked_out: bool = False
    damaged: bool = False
    immobilised: bool = False
    systems_down: bool = False
    total: Fraction | None = None

    @property
    def destroyed(self) -> bool:
        return self.boom or self.knocked_out

    def words(self) -> str:
        if self.void:
            return "F: the shot is void, the firer is Systems Down"
        parts = []
        if self.boom:
            parts.append("BOOM: destroyed")
        elif self.knocked_out:
            parts.append(f"knocked out (total {fmt(self.total)})")
        elif self.damaged:
            parts.append(f"damaged (total {fmt(self.total)})")
        if not self.destroyed:
            if self.immobilised:
                parts.append("immobilised")
            if self.systems_down:
                parts.append("systems down")
        return ", ".join(parts) or (f"no effect (total {fmt(self.total)})" if self.total is not None else "no effect")


def fmt(x: Fraction | None) -> str:
    if x is None:
        return "-"
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def read_vehicle(chits: tuple[str, ...], valid: frozenset[str], armour: int,
                 scale: Fraction = Fraction(1)) -> VehicleResult:
    """§6.4: F voids everything (BOOM included); BOOM destroys; total vs armour; then M and T."""
    if "F" in chits:
        return VehicleResult(void=True)
    if "BOOM" in chits:
        return VehicleResult(boom=True)
    t = total(chits, valid, scale)
    ko = t is not None and t > armour
    dmg = t is not None and t == armour
    return VehicleResult(knocked_out=ko, damaged=dmg, immobilised="M" in chits and not ko,
                         systems_down="T" in chits and not ko, total=t)


KILL = {"militia": 3, "line": 4, "powered": 5}
"""Infantry kill numbers (§6.5)."""


def read_infantry(chits: tuple[str, ...], valid: frozenset[str], kill: int) -> bool:
    """§6.5: specials ignored; the valid total of one element's draw kills at the kill number or more."""
    t = total(chits, valid)
    return t is not None and t >= kill


@dataclass(frozen=True)
class AirResult:
    """A draw read against an aircraft: abort unhurt, damaged (flies home), or shot down (§11.3)."""

    total: int
    outcome: str  # "abort", "damaged", "destroyed"


def read_air_defence(chits: tuple[str, ...], armour: int) -> AirResult:
    """ZAD/LAD hits: all colours count, special chits are ignored (§11.3)."""
    t = int(total(chits, ALL) or 0)
    return AirResult(t, "abort" if t < armour else "damaged" if t == armour else "destroyed")


def air_to_air_damage(chits: tuple[str, ...]) -> tuple[int, bool]:
    """House air-to-air hit: red numbers count, special chits count, M destroys (the text's NOTE).

    Returns (damage, destroyed_outright). BOOM destroys as against any vehicle; F voids the hit [R].
    """
    if "F" in chits:
        return 0, False
    if "M" in chits or "BOOM" in chits:
        return 0, True
    return int(total(chits, RED) or 0), False
