"""The inputs of a DHR attack, read from the state: options, the figures that fire, attached
special figures (Leader, Medic, Champion), a target as a procedures `Combatant`, terrain saves
along the line of sight, armoured targets and the units a machine gun's line passes through."""

from __future__ import annotations

from rules.hexgrid import Hex
from rules.rulesets.dhr import procedures as P
from rules.rulesets.dhr.state import DHRState, attached
from rules.rulesets.dhr.terrain import edge_dv, hex_dv, line_on
from rules.rulesets.dhr.units import DHRUnit, Weapon


ARTILLERY = "artillery"


AIR = "air"


def opt(state: DHRState, key: str) -> bool:
    return bool(state.options.get(key, False))


def leader_rating(state: DHRState, u: DHRUnit) -> int | None:
    """An attached Leader's Rating (special figures option), for checks only (DHR-A25)."""
    if not opt(state, "special_figures"):
        return None
    best = None
    for f in state.units.values():
        if f.attached_to == u.id and f.on_map and f.stats.special == "leader":
            best = max(best or 0, f.rating)
    return best


def has_medic(state: DHRState, u: DHRUnit) -> bool:
    if not opt(state, "special_figures"):
        return False
    return any(f.attached_to == u.id and f.on_map and f.stats.special == "medic" for f in state.units.values())


def toughness(state: DHRState, u: DHRUnit) -> int:
    if opt(state, "special_figures") and u.stats.special in ("champion", "wizard"):
        return u.stats.toughness
    return 1


def melee_dice(state: DHRState, u: DHRUnit) -> int:
    if u.stats.special == "champion" and not opt(state, "special_figures"):
        return 1
    return max(1, u.stats.melee)


def champions(state: DHRState, u: DHRUnit) -> tuple[tuple[int, int], ...]:
    """Attached Champions who fight in the unit's melee: (dice, Rating) each (Special Figures:
    Champion "gets several attacks per round"; his dice are rolled at his own Rating)."""
    if not opt(state, "special_figures"):
        return ()
    return tuple((f.figures * max(1, f.stats.melee), f.rating) for f in attached(state, u.id)
                 if f.stats.special == "champion" and f.figures > 0)


def combatant(state: DHRState, u: DHRUnit, *, terrain_dv: int, attack: str, untenable: bool = False) -> P.Combatant:
    return P.Combatant(
        figures=u.figures, rating=u.rating, terrain_dv=terrain_dv, armour_dv=u.stats.armour_dv(attack),
        leader_rating=leader_rating(state, u), medic=has_medic(state, u), untenable=untenable,
        toughness=toughness(state, u), wounds=u.wounds if toughness(state, u) > 1 else 0,
        melee_dice=melee_dice(state, u), champions=champions(state, u), side=u.side, unit=u.id,
    )


def in_hex(state: DHRState, host: DHRUnit) -> list[DHRUnit]:
    """Every unit in the host's hex: the unit, then the special figures attached to it (by id)."""
    return [host, *sorted(attached(state, host.id), key=lambda f: f.id)]


def firers(u: DHRUnit, w: Weapon) -> int:
    return min(w.count, u.figures) if w.count else u.figures


def save_dv(state: DHRState, a: Hex, b: Hex) -> int:
    """The terrain save DV along the line of sight (DHR-A07, the lesser along a spine, DHR-A20 smoke)."""
    board = state.board
    wrecks = frozenset(state.wrecks)
    smoke = frozenset(state.smoke)
    return min(6, P.line_save_dv(
        line_on(board, a, b),
        lambda h: hex_dv(board, h, wrecks),
        lambda x, y: edge_dv(board, x, y),
        (lambda h: h in smoke and h != b) if smoke else None,
    ))


def armoured(state: DHRState, u: DHRUnit) -> bool:
    """A vehicle under the vehicles option: hit only by armament, through the armour contest."""
    return opt(state, "vehicles") and u.stats.vehicle


def enemy_hosts(state: DHRState, side: str) -> list[DHRUnit]:
    return [u for u in state.units.values() if u.side != side and u.on_map and u.attached_to is None]


def weapon_usable(state: DHRState, u: DHRUnit, i: int, w: Weapon) -> bool:
    if state.active_unit == u.id and i in state.fired:
        return False
    if w.armament and u.weapon_out and opt(state, "vehicles"):
        return False
    if u.stats.special == "rto" and u.attached_to is not None:
        return False  # an attached RTO works his radio; his unit does the shooting
    return firers(u, w) > 0


def is_area(state: DHRState, w: Weapon) -> bool:
    return w.area and opt(state, "area_effect")


def fire_number(u: DHRUnit, w: Weapon, distance: int, slots: int) -> int:
    return P.fire_target(u.rating, distance, w.range, slots)


def line_targets(state: DHRState, u: DHRUnit, target: DHRUnit, weapon: Weapon | None = None) -> list[DHRUnit]:
    """Enemy units in the hexes the line of sight passes through, nearest first, the target last (DHR-A10).
    With `weapon`: an armoured vehicle on the line is left out when the weapon has no armament, which cannot hurt
    it (Vehicles: only armament hurts armour; it may not fire at one either, `attack_actions`)."""
    out: list[DHRUnit] = []
    seen: set[str] = set()
    d = u.at.distance(target.at)
    # a hex on the line is i hexes from one end and d - i from the other: only such units can be on it
    by_hex = {e.at: e for e in enemy_hosts(state, u.side)
              if e.id != target.id and u.at.distance(e.at) + e.at.distance(target.at) == d
              and not (weapon is not None and not weapon.armament and armoured(state, e))}
    if not by_hex:
        return [target]
    for step in line_on(state.board, u.at, target.at)[1:]:
        for h in step.hexes:
            e = by_hex.get(h)
            if e is not None and e.id not in seen and e.id != target.id:
                out.append(e)
                seen.add(e.id)
    return [*out, target]


def mp_of_unit(u: DHRUnit) -> int:
    return 0 if u.mp_lost else u.stats.mp
