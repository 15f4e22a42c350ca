"""After the firing roll: the terrain save DV along the line of sight, terrain and armour saves,
the Medic, casualties (and a Champion's wounds), and the morale check after an attack
(Terrain Saves, Armor Saves, Morale; DHR-A07, A18, A20, A23, A24)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from rules.dice import Dice
from rules.hexgrid import Hex, LineStep
from rules.rulesets.dhr.procedures.base import R_ARMOUR_SAVE, R_MEDIC, R_TERRAIN_SAVE, count_under, roll_under
from rules.rulesets.dhr.procedures.combatants import Combatant
from rules.rulesets.dhr.procedures.morale import MoraleResult, morale_check


# --- Terrain DV along the line of sight -------------------------------------------------


def save_dv(step_dvs: Iterable[Sequence[int]], hexside_dvs: Iterable[int] = (), *, smoke: bool = False) -> int:
    """The terrain save DV: the highest DV along the line of sight (Terrain Saves; DHR-A07, DHR-A20).

    `step_dvs`: one entry per LineStep AFTER the firer's hex (intervening hexes
    and the target's hex), each the DVs of that step's hexes: one value, or two
    where the line runs along a hex edge, which counts the LESSER. `hexside_dvs`:
    hexside features crossed (walls, fences). `smoke`: the line passes through a
    smoking wreck: +1 to the result (DHR-A20).
    """
    best = 0
    for dvs in step_dvs:
        dvs = list(dvs)
        if dvs:
            best = max(best, min(dvs))
    for dv in hexside_dvs:
        best = max(best, dv)
    return best + (1 if smoke else 0)


def line_save_dv(
    steps: Sequence[LineStep],
    hex_dv: Callable[[Hex], int],
    hexside_dv: Callable[[Hex, Hex], int] | None = None,
    smoky: Callable[[Hex], bool] | None = None,
) -> int:
    """`save_dv` over a `rules.hexgrid.line(firer, target)` (its first step, the firer's hex, is skipped).

    Hexside features count where the line crosses from one step to the next
    between two adjacent hexes; where a step is an edge pair the crossing is
    ambiguous and the lesser feature counts, as with the hexes (DHR-A07). A
    feature on the spine the line runs along is not crossed. A smoking wreck
    in any hex after the firer's adds +1 (on an edge pair, only when both
    hexes smoke: the line may pass on the clear side).
    """
    rest = list(steps[1:])
    step_dvs = [[hex_dv(h) for h in step.hexes] for step in rest]
    crossings: list[int] = []
    if hexside_dv is not None:
        prev = steps[0].hexes if steps else ()
        for step in rest:
            options = [hexside_dv(a, b) for a in prev for b in step.hexes if a.distance(b) == 1]
            if options:
                crossings.append(min(options))
            prev = step.hexes
    smoke = smoky is not None and any(all(smoky(h) for h in step.hexes) for step in rest)
    return save_dv(step_dvs, crossings, smoke=smoke)


# --- Saves and casualties ----------------------------------------------------------------


@dataclass(frozen=True)
class SaveRoll:
    """One batch of saves: a d6 per possible hit, equal or under `dv` negates it."""

    dv: int
    hits: int
    faces: tuple[int, ...] = ()

    @property
    def saved(self) -> int:
        return min(self.hits, count_under(self.faces, self.dv))

    @property
    def remaining(self) -> int:
        return self.hits - self.saved


def terrain_saves(
    hits: int, dv: int, dice: Dice, *, side: str | None = None, unit: str | None = None
) -> SaveRoll:
    """Terrain Saves: a d6 per possible hit, equal or under the DV negates it. DV 0 rolls nothing."""
    if hits <= 0 or dv <= 0:
        return SaveRoll(dv, max(0, hits))
    faces = roll_under(dice, hits, dv, "terrain save", rule=R_TERRAIN_SAVE, side=side, unit=unit,
                       word="hit saved", many="hits saved")
    return SaveRoll(dv, hits, faces)


def armour_saves(
    hits: int, dv: int, dice: Dice, *, side: str | None = None, unit: str | None = None
) -> SaveRoll:
    """Armor Saves: a d6 per hit left, equal or under the armour DV for the attack type. DV 0 rolls nothing."""
    if hits <= 0 or dv <= 0:
        return SaveRoll(dv, max(0, hits))
    faces = roll_under(dice, hits, dv, "armour save", rule=R_ARMOUR_SAVE, side=side, unit=unit,
                       word="hit saved", many="hits saved")
    return SaveRoll(dv, hits, faces)


def medic_saves(casualties: int, dice: Dice, *, side: str | None = None, unit: str | None = None) -> int:
    """Special Figures, Medic: one d6 per casualty, a 1 negates it (DHR-A24). Returns the negated count."""
    if casualties <= 0:
        return 0
    faces = roll_under(dice, casualties, 1, "medic", rule=R_MEDIC, side=side, unit=unit,
                       word="casualty negated", many="casualties negated")
    return count_under(faces, 1)


@dataclass(frozen=True)
class Damage:
    """What possible hits did to a unit after its saves."""

    possible_hits: int
    terrain: SaveRoll
    armour: SaveRoll
    medic_saved: int = 0
    casualties: int = 0
    """Figures removed."""
    wounds: int = 0
    """Hits carried toward the next figure (toughness > 1); the caller stores it."""
    figures_left: int = 0

    @property
    def hits(self) -> int:
        """Hits that got through both saves."""
        return self.armour.remaining

    @property
    def eliminated(self) -> bool:
        return self.figures_left <= 0


def casualties_from_hits(hits: int, figures: int, toughness: int = 1, wounds: int = 0) -> tuple[int, int]:
    """(figures lost, wounds carried): every `toughness` hits remove a figure, at most all of them."""
    damage = wounds + hits
    lost = min(figures, damage // max(1, toughness))
    carried = 0 if lost >= figures else damage - lost * max(1, toughness)
    return lost, carried


def resolve_hits(
    possible_hits: int,
    target: Combatant,
    save_dv: int,
    dice: Dice,
    *,
    armour: bool = True,
) -> Damage:
    """Terrain saves at `save_dv`, then armour saves (unless `armour=False`), Medic, casualties.

    `save_dv` is the line-of-sight DV for fire (`save_dv`/`line_save_dv`), the
    defender's own DV in melee and area effect, 0 for a melee attacker (Melee).
    """
    who = {"side": target.side, "unit": target.unit}
    t = terrain_saves(possible_hits, save_dv, dice, **who)
    a = armour_saves(t.remaining, target.armour_dv if armour else 0, dice, **who)
    lost, carried = casualties_from_hits(a.remaining, target.figures, target.toughness, target.wounds)
    negated = medic_saves(lost, dice, **who) if target.medic else 0
    lost -= negated
    return Damage(possible_hits, t, a, negated, lost, carried, target.figures - lost)


def after_attack_morale(target: Combatant, damage: Damage, dice: Dice, *, dv: int | None = None) -> MoraleResult | None:
    """The morale check every attacked unit makes (DHR-A23); None when the unit is gone.

    `dv`: the terrain DV for the check, the target's own `terrain_dv` by default.
    """
    if damage.eliminated:
        return None
    return morale_check(
        target.rating, target.terrain_dv if dv is None else dv, damage.casualties, dice,
        leader_rating=target.leader_rating, untenable=target.untenable, side=target.side, unit=target.unit,
    )
