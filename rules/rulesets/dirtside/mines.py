"""Minefields: pre-laid fields from the scenario, DMR (scatterable) fields from artillery, minelayers, the
attack on elements entering or acting in a field, and engineers clearing (dsii-core §10.1, §14.5)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.core import Context, Refusal
from rules.dice import Dice
from rules.events import Changed, Message
from rules.hexgrid import DIRECTIONS, Hex
from rules.rulesets.dirtside import casualties as cas
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside import odds
from rules.rulesets.dirtside import weapons as w
from rules.rulesets.dirtside.ladder import shift
from rules.rulesets.dirtside.state import DSState, Minefield
from rules.rulesets.dirtside.units import DSUnit, Element, is_vtol
from rules.words import with_verb

RADIUS = 2
"""A minefield is a 4" circle: every hex within 2 of its marker (§10.1, §14.5)."""
CHITS = 2
CLEAR_NEED = 6
FEATURES = {"minefield": False, "jumping_minefield": True}
"""Board features a scenario places minefields with (value: jumping mines)."""


def from_board(state: DSState) -> None:
    """Pre-laid minefields of the scenario (its `minefield` / `jumping_minefield` hex features)."""
    for f in state.board.features:
        if f.feature in FEATURES:
            state.mines.append(Minefield(id=f"mines{len(state.mines) + 1}", at=f.at, jumping=FEATURES[f.feature]))


def fields_at(state: DSState, h: Hex) -> list[Minefield]:
    return [m for m in state.mines if m.armed and m.at.distance(h) <= RADIUS]


def bottom_armour(e: Element) -> int:
    """Bottom armour: one less than the sides, which are one less than the front (§5.7)."""
    return max(0, e.armour() - 2)


def read_vehicle(drawn: tuple[str, ...], armour: int) -> ch.VehicleResult:
    """Red + yellow against bottom armour, specials count; a DAMAGED result immobilises instead (§10.1)."""
    r = ch.read_vehicle(drawn, ch.RY, armour)
    if r.damaged:
        return ch.VehicleResult(immobilised=True, systems_down=r.systems_down, total=r.total)
    return r


def infantry_valid(dug_in: bool = False) -> frozenset[str]:
    """Infantry: resolved like HEF (§10.1, §6.3)."""
    return w.artillery_validity("HEF", "infantry", dug_in)


@dataclass(frozen=True)
class MineHit:
    drawn: tuple[str, ...]
    vehicle: ch.VehicleResult | None = None
    killed: bool = False


def attack_element(kind: str, armour: int, kill: int, dice: Dice, pool: ch.ChitPool | None = None, **who) -> MineHit:
    """One element entering (or moving or acting in) a field draws 2 chits (§10.1)."""
    drawn = (pool or ch.ChitPool()).draw(CHITS, dice, "mine chit", rule="§10.1", **who)
    if kind == "vehicle":
        return MineHit(drawn, vehicle=read_vehicle(drawn, armour))
    return MineHit(drawn, killed=ch.read_infantry(drawn, infantry_valid(), kill))


def vehicle_odds(armour: int) -> dict[str, Fraction]:
    """Exact chance of each result for one vehicle: knocked out (BOOM included), immobilised, F (no effect:
    nobody fired), no effect; 'systems down' rides along with the last two where a T is drawn."""
    out: dict[str, Fraction] = {}
    for (key, immob, down), p in odds.vehicle_full(CHITS, ch.RY, armour).items():
        label = "knocked out" if key == "knocked out" else "immobilised" if key == "damaged" or immob else \
            "no effect (F)" if key == "F" else "no effect"
        if down and key not in ("knocked out", "F"):
            label += ", systems down"
        out[label] = out.get(label, Fraction(0)) + p
    return out


def infantry_odds(kill: int) -> Fraction:
    return odds.infantry_kill(CHITS, infantry_valid(), kill)


def attack(state: DSState, unit: DSUnit, field: Minefield, ctx: Context, full_armour: bool = False) -> None:
    """Every element of the unit draws; losses, Under Fire and casualty tests as for any attack. Jumping mines
    attack a low-mode VTOL against its full armour (§10.1)."""
    if field.id in state.mined:
        return
    state.mined.append(field.id)
    ctx.emit(Message(message=f"{with_verb(unit.name, 'is', 'are')} in the minefield at {field.at}"))
    before = unit.stats.alive()
    hit_v = False
    for e in before:
        kind = "vehicle" if e.vehicle else "infantry"
        armour = e.armour() if full_armour else bottom_armour(e)
        hit = attack_element(kind, armour, e.kill(), ctx.dice, state.pool, side=unit.side, unit=unit.id)
        if hit.vehicle is not None:
            r = hit.vehicle
            if r.void:
                ctx.emit(Message(message=f"{unit.name}: {e.name} F chit: the mine does nothing"))
            elif r.destroyed or r.immobilised or r.systems_down:
                hit_v = True
                cas.apply_vehicle(state, unit, e, r, ctx)
        elif hit.killed:
            cas.kill(unit, e, ctx, "mines")
    cas.panic_check(state, unit, ctx)
    cas.after_losses(state, unit, before, ctx, vehicle_hit=hit_v)


def on_enter(state: DSState, unit: DSUnit, h: Hex, ctx: Context) -> bool:
    """The unit is in hex `h` during its activation: each armed field there not yet met attacks it.
    True when it can go on moving (alive and not immobilised)."""
    if unit.stats.role != "ground":
        return True
    flying = is_vtol(unit) and unit.stats.mode != "grounded"
    if flying and unit.stats.mode == "high":
        return True
    for m in fields_at(state, h):
        if unit.alive and (m.jumping or not flying):
            attack(state, unit, m, ctx, full_armour=flying)
    return unit.alive and unit.bmf() > 0


def arm(state: DSState, layer: DSUnit, ctx: Context) -> None:
    """A minelayer's field arms when its layer is more than 2 hexes away (§10.1)."""
    for m in state.mines:
        if not m.armed and m.layer == layer.id and (layer.at is None or layer.at.distance(m.at) > RADIUS
                                                      or not layer.alive):
            m.armed, m.layer = True, None
            ctx.emit(Message(message=f"the minefield at {m.at} is armed"))


def layers(unit: DSUnit) -> list[Element]:
    return [e for e in unit.vehicles() if e.design.minelayer and e.mine_loads > 0 and not e.systems_down]


def lay(state: DSState, unit: DSUnit, ctx: Context) -> Minefield:
    """A minelayer drops one marker behind itself as its combat action (§10.1)."""
    found = layers(unit)
    if not found:
        raise Refusal(f"{with_verb(unit.name, 'has', 'have')} no minelayer with a load left")
    behind = unit.at.neighbour(DIRECTIONS[(unit.stats.facing + 3) % 6])
    at = behind if state.board.in_bounds(behind) else unit.at
    found[0].mine_loads -= 1
    m = Minefield(id=f"mines{len(state.mines) + 1}", at=at, armed=False, layer=unit.id)
    state.mines.append(m)
    state.mined.append(m.id)
    ctx.emit(Message(message=f"{with_verb(unit.name, 'lays', 'lay')} a minefield at {at}; it arms when the layer is "
                             f"more than {RADIUS} hexes away"))
    return m


def dmr(state: DSState, at: Hex, ctx: Context) -> Minefield:
    """DMR fire: one mine marker at the impact point, active at once; elements caught inside are attacked
    when they next move or act (§10.1)."""
    m = Minefield(id=f"mines{len(state.mines) + 1}", at=at)
    state.mines.append(m)
    ctx.emit(Message(message=f"DMR: a minefield at {at}, armed at once"))
    return m


def clear_in_zone(state: DSState, zone: set[Hex], ctx: Context) -> None:
    """An effective HEF or MAK mission clears every mine marker inside its zone (§9.4, §10.1)."""
    gone = [m for m in state.mines if m.at in zone]
    for m in gone:
        state.mines.remove(m)
        ctx.emit(Message(message=f"the minefield at {m.at} is cleared by the bombardment"))


def engineers(unit: DSUnit, m: Minefield) -> int:
    if unit.at is None or unit.at.distance(m.at) > RADIUS:
        return 0
    return sum(1 for e in unit.infantry() if e.team == "engineer")


def clear_die(n: int) -> int:
    """A d6, one type up per extra engineer element within 2 (§10.1)."""
    return shift(6, n - 1) or 6


def clear_chance(n: int) -> Fraction:
    die = clear_die(n)
    return Fraction(die - CLEAR_NEED + 1, die)


def clear(state: DSState, unit: DSUnit, at: Hex, ctx: Context) -> bool:
    """Engineers within 2 of the marker roll; 6 or more removes the field (their combat action)."""
    m = next((m for m in state.mines if m.at == at), None)
    if m is None:
        raise Refusal(f"there is no mine marker at {at}")
    n = engineers(unit, m)
    if not n:
        raise Refusal(f"{with_verb(unit.name, 'has', 'have')} no engineer team within {RADIUS} hexes of the minefield "
                      f"at {at}")
    die = clear_die(n)
    ok = ctx.dice.roll(1, die, "clear mines", side=unit.side, unit=unit.id, need=CLEAR_NEED, test=">=",
                       rule="§10.1", outcome=lambda f: "cleared" if f[0] >= CLEAR_NEED else "not cleared")[0] >= CLEAR_NEED
    if ok and m in state.mines:
        state.mines.remove(m)
        ctx.emit(Changed(unit=unit.id, field="minefield", before=str(at), after="cleared", why="engineers"))
    return ok
