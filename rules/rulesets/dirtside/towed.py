"""Towed artillery (dsii-core §9.1): a piece with no mobility of its own (design `towed = true`), signature one
below its weapon's size class, armour 0. Limbering it to its tractors, or unlimbering it, is the unit's whole
activation; limbered, the unit moves at its tractors' pace and its towed guns cannot fire; unlimbered, they fire
and cannot move. [R] each towed gun needs its own working tractor (a vehicle of the unit that is no towed piece)
of the gun's design size or larger."""

from __future__ import annotations

from rules.core import Context, Refusal
from rules.events import Changed
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit
from rules.words import count, plural_name, with_verb


def tractors_short(unit: DSUnit) -> int:
    """Towed guns left without a tractor of their size or larger, pairing the biggest guns first."""
    tractors = sorted((e.design.size for e in unit.vehicles()
                       if not e.design.towed and not e.immobilised and e.design.mobility), reverse=True)
    short = 0
    for gun in sorted((e.design.size for e in unit.towed()), reverse=True):
        if tractors and tractors[0] >= gun:
            tractors.pop(0)
        else:
            short += 1
    return short


def problem(state: DSState, unit: DSUnit) -> str:
    if not unit.towed():
        return f"{with_verb(unit.name, 'has', 'have')} no towed gun"
    if not unit.stats.limbered and tractors_short(unit):
        return (f"{with_verb(unit.name, 'lacks', 'lack')} {count(tractors_short(unit), 'tractor')} of the guns' size "
                f"or larger to limber them")
    return ""


def limber(state: DSState, unit: DSUnit, ctx: Context) -> None:
    """Hook the guns up (they move, no fire) or set them down (they fire, no move): a full activation (§9.1)."""
    why = problem(state, unit)
    if why:
        raise Refusal(why)
    unit.stats.limbered = not unit.stats.limbered
    ctx.emit(Changed(unit=unit.id, field="limbered", before=not unit.stats.limbered, after=unit.stats.limbered,
                     why="limbered to its tractors" if unit.stats.limbered else "unlimbered to fire",
                     plural=plural_name(unit.name)))
