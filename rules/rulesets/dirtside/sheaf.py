"""Beaten zones: the converged sheaf's circle and the open sheaf's stadium laid along or across the line of
fire, and harassing fire (dsii-core §9.4, §14.5)."""

from __future__ import annotations

from math import floor

from rules.core import Context
from rules.events import Changed
from rules.hexgrid import DIRECTIONS, Hex, area, line_hexes
from rules.rulesets.dirtside import casualties as cas
from rules.rulesets.dirtside import morale
from rules.rulesets.dirtside.combat import bearing
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit, is_vtol
from rules.words import plural_name

RADIUS = 2
SPACING = 4
"""Open sheaf: the two impact markers 4" apart per gun beyond the first (§9.4)."""
SHEAVES = ("converged", "open", "open_across")


def axis(origin: Hex, at: Hex, across: bool) -> int:
    """The hex direction closest to the line of fire (or to its perpendicular) (§14.5)."""
    if origin == at:
        return 0
    deg = bearing(origin, at) + (90 if across else 0)
    return floor(deg / 60 + 0.5) % 6  # halfway between two directions: the counter-clockwise one


def impacts(state: DSState, origin: Hex, at: Hex, guns: int, sheaf: str) -> tuple[Hex, Hex]:
    """The impact hexes: one for a converged sheaf; for an open one the second 4 x (guns - 1) hexes on from
    the aim point along the axis, stopping at the map's edge [R]."""
    if sheaf == "converged":
        return at, at
    d = DIRECTIONS[axis(origin, at, sheaf == "open_across")]
    far = at
    for _ in range(SPACING * max(0, guns - 1)):
        nxt = far.neighbour(d)
        if not state.board.in_bounds(nxt):
            break
        far = nxt
    return at, far


def zone(first: Hex, second: Hex) -> set[Hex]:
    """Every hex within 2 of any hex on the line between the impact hexes (§14.5)."""
    out: set[Hex] = set()
    for h in line_hexes(first, second) if first != second else [first]:
        out.update(area(h, RADIUS))
    return out


def units_in(state: DSState, hexes: set[Hex]) -> list[DSUnit]:
    """Ground units in the zone; a flying VTOL is not in it (artillery bursts on the ground [R])."""
    return [u for u in state.units.values() if u.on_map and u.stats.role == "ground" and u.at in hexes
            and u.stats.alive() and not (is_vtol(u) and u.stats.mode != "grounded")]


def harass(state: DSState, hexes: set[Hex], ctx: Context) -> None:
    """Harassing fire: every unit in the zone gets an Under Fire marker and takes a confidence test, threat +0
    for dismounted infantry; vehicles do not test [R] (§9.4). A unit with infantry tests."""
    for u in units_in(state, hexes):
        if not u.stats.under_fire:
            u.stats.under_fire = True
            ctx.emit(Changed(unit=u.id, field="under fire", before=False, after=True, why="harassing fire",
                             plural=plural_name(u.name)))
        if u.infantry():
            cas.test_confidence(state, u, morale.ARTILLERY_ON_INFANTRY, ctx, "harassing fire")
