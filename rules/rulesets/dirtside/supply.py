"""Ammunition resupply in play (house rules 'Artillery and ammo supply' and 'Infantry mortar teams': "they can
be resupplied in the same way as other artillery"; dsii-core §9.6).

An ammunition carrier (design `supply = light | medium | heavy`, `ammo` chits) hands bombardment chits to a
battery of that class: the transfer is the carrier's combat action, and the battery's whole activation (it
neither moves nor fires that turn). A carrier inside the battery's own unit reloads it as the battery's whole
activation. Each gun takes chits up to what it can carry: an artillery vehicle its design's `ammo` (at least the
one loaded chit), a mortar team its one bombardment. [R] the carrier must be next to the battery (or both off
the table); the chits go to the guns in order, from the carriers in order; smoke, DMR, nuclear and biochem
markers are not carried (they stay the battery's own markers)."""

from __future__ import annotations

from rules.core import Context, Refusal
from rules.events import Message
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit, Element
from rules.words import count, with_verb

CONTACT = 1
"""Hexes between the carrier and the battery for a transfer on the table [R]."""


def carriers(unit: DSUnit) -> list[Element]:
    """The unit's working ammunition carriers that still hold chits."""
    return [e for e in unit.vehicles() if e.design.supply and e.ammo > 0 and not e.systems_down]


def room(e: Element) -> int:
    """Chits a gun can still take: an artillery vehicle up to its design's load, a mortar team its one."""
    if e.kind == "infantry" and e.team == "mortar":
        return max(0, 1 - e.ammo)
    if e.design and e.design.artillery:
        return max(0, max(1, e.design.ammo) - e.ammo)
    return 0


def guns_to_fill(battery: DSUnit) -> list[Element]:
    return [e for e in battery.stats.alive() if room(e) > 0]


def problem(state: DSState, source: DSUnit, battery: DSUnit | None) -> str:
    """'' when `source`'s carriers may resupply `battery` now, else why not."""
    from rules.rulesets.dirtside.support import battery_class, is_battery
    if not carriers(source):
        return f"{with_verb(source.name, 'carries', 'carry')} no artillery ammunition"
    if battery is None or battery.side != source.side or not is_battery(battery) or not battery.in_play:
        return "resupply one of your own batteries or mortar teams"
    if battery.id != source.id:
        if battery.stats.activated:
            return (f"{with_verb(battery.name, 'has', 'have')} already activated this turn: reloading is its whole "
                    "activation")
        if battery.on_map != source.on_map or (
                battery.on_map and battery.at.distance(source.at) > CONTACT):
            return f"{source.name} must be next to {battery.name} to hand over ammunition"
    cls = battery_class(battery)
    if not any(e.design.supply == cls for e in carriers(source)):
        kinds = sorted({e.design.supply for e in carriers(source)})
        return (f"{with_verb(source.name, 'carries', 'carry')} {', '.join(kinds)} chits; "
                f"{with_verb(battery.name, 'fires', 'fire')} {cls} artillery")
    if not guns_to_fill(battery):
        return f"{battery.name}'s guns are full"
    return ""


def resupply(state: DSState, source: DSUnit, battery: DSUnit, ctx: Context) -> None:
    """Hand chits over, gun by gun, until the guns are full or the carriers of the right class are empty."""
    from rules.rulesets.dirtside.support import battery_class
    why = problem(state, source, battery)
    if why:
        raise Refusal(why)
    cls = battery_class(battery)
    stock = [e for e in carriers(source) if e.design.supply == cls]
    moved = 0
    for gun in guns_to_fill(battery):
        while room(gun) and stock:
            stock[0].ammo -= 1
            gun.ammo += 1
            moved += 1
            if not stock[0].ammo:
                stock.pop(0)
    battery.stats.activated = True
    left = sum(e.ammo for e in carriers(source) if e.design.supply == cls)
    ctx.emit(Message(message=f"{with_verb(source.name, 'hands', 'hand')} {count(moved, 'ammunition chit')} to "
                             f"{battery.name} ({count(left, 'chit')} left); reloading is {battery.name}'s whole "
                             "activation"))
