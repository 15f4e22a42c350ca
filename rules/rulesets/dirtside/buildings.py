"""Isolated buildings as targets (dsii-core §5.6): a board feature `building` (civilian, armour 3), `industrial`
(5) or `military_building` (6 [R]: the fact sheet's 6-7). Every range counts as close; the building rolls a d4
with no secondary die; each hit draws the weapon's chits with its close-band validity; special chits are ignored
but BOOM, which destroys it; a valid total above its armour destroys it [R: equal does nothing]. A destroyed
building is a ruin (rubble): it no longer blocks sight, and elements there still count as in cover. An intact
building blocks sight through its hex and gives soft cover [R]."""

from __future__ import annotations

from fractions import Fraction

from rules.core import Context, Refusal
from rules.dice import Dice
from rules.events import Message
from rules.hexgrid import Hex
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside import odds
from rules.rulesets.dirtside import weapons as w
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit
from rules.words import count, with_verb

ARMOUR = {"building": 3, "industrial": 5, "military_building": 6}
TARGET_DIE = 4


def armour_at(state: DSState, at: Hex) -> int | None:
    """The armour of an intact building in `at`, or None."""
    if at in state.rubble or not state.board.in_bounds(at):
        return None
    found = [ARMOUR[f] for f in state.board.features_at(at) if f in ARMOUR]
    return max(found) if found else None


def destroyed_by(chits: tuple[str, ...], valid: frozenset[str], armour: int, scale: Fraction = Fraction(1)) -> bool:
    """BOOM destroys it; F voids the draw; other special chits are ignored; a total above the armour destroys."""
    if "F" in chits:
        return False
    if "BOOM" in chits:
        return True
    return (ch.total(chits, valid, scale) or 0) > armour


def weapons(unit: DSUnit) -> list:
    """(element, weapon) pairs that may shell a building: vehicles' direct-fire guns (no GMS, no APSW)."""
    return [(e, g) for e in unit.vehicles() if not e.systems_down for g in e.guns() if not g.type.startswith("GMS")]


def problem(state: DSState, unit: DSUnit, at: Hex) -> str:
    from rules.rulesets.dirtside.smoke import sees
    if armour_at(state, at) is None:
        return f"there is no standing building at {at}"
    if unit.at is None or not weapons(unit):
        return f"{with_verb(unit.name, 'has', 'have')} no gun to fire at a building"
    if not sees(state, unit.at, at):
        return f"{unit.name} cannot see the building at {at}"
    if not any(w.band(g.type, g.cls, unit.at.distance(at)) is not None for _, g in weapons(unit)):
        return f"the building at {at} is out of {unit.name}'s range"
    return ""


def shot_odds(fc_die: int, barrels: int, weapon: str, cls: int, armour: int) -> Fraction:
    """The exact chance one weapon system destroys the building: one d4 roll against each barrel, then each
    hit's own draw."""
    valid, scale = w.vehicle_validity(weapon, 0)
    p = odds.draw_dist(w.vehicle_chits(weapon, cls), lambda d: destroyed_by(d, valid, armour, scale)).get(True, 0)
    hits = odds.hits_per_barrel(fc_die, (TARGET_DIE,), barrels)
    return 1 - sum((q * (1 - p) ** k for k, q in hits.items()), Fraction(0))


def fire_at(unit: DSUnit, at: Hex, armour: int, state: DSState, dice: Dice) -> bool:
    """Every gun in reach fires, close band, against one d4 per weapon system; True when the building falls."""
    for e, g in weapons(unit):
        if w.band(g.type, g.cls, unit.at.distance(at)) is None:
            continue
        t = dice.roll(1, TARGET_DIE, "building target die", rule="§5.6", outcome=lambda f: f"rolls {f[0]}")[0]
        rolls = dice.roll(g.barrels, w.firer_die(e.design.fc, 0), "fire at a building", side=unit.side, unit=unit.id,
                          need=t, test=">", rule="§5.6", outcome=lambda f: count(sum(x > t for x in f), "hit"))
        valid, scale = w.vehicle_validity(g.type, 0)
        for r in rolls:
            if r > t:
                drawn = state.pool.draw(w.vehicle_chits(g.type, g.cls), dice, side=unit.side, unit=unit.id)
                if destroyed_by(drawn, valid, armour, scale):
                    return True
    return False


def in_zone(state: DSState, hexes) -> list[Hex]:
    return sorted(h for h in set(hexes) if armour_at(state, h) is not None)


def bombard_odds(cls: str, munition: str, draws: int, armour: int) -> Fraction:
    """The exact chance a building in an effective zone falls: it draws as a vehicle, once per gun (§9.5)."""
    from rules.rulesets.dirtside import artillery as art
    valid = w.artillery_validity(munition, "vehicle", False)
    p = odds.draw_dist(art.element_chits(cls, "vehicle"), lambda d: destroyed_by(d, valid, armour)).get(True, 0)
    return 1 - (1 - p) ** draws


def bombarded(state: DSState, battery: DSUnit, hexes, cls: str, munition: str, draws: int, ctx: Context) -> None:
    """Buildings in an effective HEF or MAK zone draw as vehicles, once per gun (converged) (§9.5)."""
    from rules.rulesets.dirtside import artillery as art
    valid = w.artillery_validity(munition, "vehicle", False)
    for h in in_zone(state, hexes):
        armour = armour_at(state, h)
        for _ in range(draws):
            drawn = state.pool.draw(art.element_chits(cls, "vehicle"), ctx.dice, side=battery.side, unit=battery.id)
            if destroyed_by(drawn, valid, armour):
                state.rubble.append(h)
                ctx.emit(Message(message=f"the building at {h} is destroyed: a ruin (rubble)"))
                break


def shell(state: DSState, unit: DSUnit, at: Hex, ctx: Context) -> None:
    why = problem(state, unit, at)
    if why:
        raise Refusal(why)
    armour = armour_at(state, at)
    if fire_at(unit, at, armour, state, ctx.dice):
        state.rubble.append(at)
        ctx.emit(Message(message=f"{with_verb(unit.name, 'destroys', 'destroy')} the building at {at}: a ruin "
                                 "(rubble)"))
    else:
        ctx.emit(Message(message=f"the building at {at} still stands"))
