"""Nuclear and biochem artillery (dsii-core §9.2, §10.3-10.4, §3.2): heavy artillery only, one marker each."""

from __future__ import annotations

from rules.core import Context
from rules.events import Message
from rules.hexgrid import Hex
from rules.rulesets.dirtside import casualties as cas
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside import smoke
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.movement import immune
from rules.rulesets.dirtside.units import DSUnit, is_vtol
from rules.words import with_verb

ZONES = (2, 5, 9)
"""Everything destroyed within 2; infantry killed and vehicles 5 chits within 5; 3 chits within 9 (§10.3)."""
FIRST_SEEN, FIRST_UNSEEN, FIRST_OWN, LATER = 4, 2, 2, 1
BIO_FIRST_CHITS, BIO_LATER_CHITS = 3, 2
BIO_ATTACKED, BIO_FIRER, BIO_LATER = 3, 1, 1


def _targets(state: DSState, at: Hex, radius: int) -> list[DSUnit]:
    return [u for u in state.units.values() if u.on_map and u.stats.role == "ground" and u.alive
            and u.at.distance(at) <= radius and not (is_vtol(u) and u.stats.mode == "high")]


def nuke(state: DSState, firer: DSUnit, at: Hex, ctx: Context) -> None:
    """Ground zero at `at` (§10.3); then the confidence tests of §3.2; the hex becomes rubble."""
    first = not state.ground_zero
    ctx.emit(Message(message=f"{with_verb(firer.name, 'fires', 'fire')} a nuclear shell: ground zero {at}"))
    for u in _targets(state, at, ZONES[2]):
        d = u.at.distance(at)
        before = u.stats.alive()
        hit_v = False
        for e in before:
            if d <= ZONES[0] or (d <= ZONES[1] and not e.vehicle):
                cas.kill(u, e, ctx, "nuclear blast")
                continue
            valid = ch.RY if state.dug_in(u) and d > ZONES[1] else ch.ALL
            drawn = state.pool.draw(5 if d <= ZONES[1] else 3, ctx.dice, "nuclear chit", side=firer.side, unit=firer.id,
                                    rule="§10.3")
            if e.vehicle:
                r = ch.read_vehicle(drawn, valid, max(0, e.armour() - 1))
                hit_v = hit_v or r.destroyed or r.damaged
                if not r.void:
                    cas.apply_vehicle(state, u, e, r, ctx)
            elif ch.read_infantry(drawn, valid, e.kill()):
                cas.kill(u, e, ctx, "nuclear blast")
        cas.after_losses(state, u, before, ctx, vehicle_hit=hit_v, infantry_attacked=bool(u.infantry()), test=False)
    state.ground_zero.append(at)
    if at not in state.rubble:
        state.rubble.append(at)
    for u in state.units.values():
        if not u.alive or u.stats.role != "ground" or not u.on_map:
            continue
        if not first:
            threat = LATER
        elif u.side == firer.side:
            threat = FIRST_OWN
        else:
            threat = FIRST_SEEN if smoke.sees(state, u.at, at) else FIRST_UNSEEN
        cas.test_confidence(state, u, threat, ctx, f"nuclear use (threat +{threat})")


def biochem(state: DSState, firer: DSUnit, hexes: set[Hex], ctx: Context) -> None:
    """Always an open sheaf (§10.4). First use in the game: line and militia teams and unsealed vehicles (as line
    infantry) draw 3 chits all colours, dug in no help; powered and sealed immune; every unit of each side
    attacked tests +3, the firer's +1. Later uses: 2 chits, red only; only the units hit test (+1 [R])."""
    first = not state.biochem_used
    state.biochem_used = True
    hit_units = [u for u in state.units.values() if u.on_map and u.stats.role == "ground" and u.alive
                 and u.at in hexes and not (is_vtol(u) and u.stats.mode != "grounded")]
    sides = {u.side for u in hit_units}
    for u in hit_units:
        before = u.stats.alive()
        for e in before:
            if immune(e):
                continue
            drawn = state.pool.draw(BIO_FIRST_CHITS if first else BIO_LATER_CHITS, ctx.dice, "biochem chit",
                                    side=firer.side, unit=firer.id, rule="§10.4")
            if ch.read_infantry(drawn, ch.ALL if first else ch.RED, ch.KILL["line"] if e.vehicle else e.kill()):
                cas.kill(u, e, ctx, "biochem")
        cas.after_losses(state, u, before, ctx, infantry_attacked=bool(u.infantry()), test=False)
    if first:
        for u in state.units.values():
            if u.alive and u.on_map and u.stats.role == "ground" and (u.side in sides or u.side == firer.side):
                threat = BIO_ATTACKED if u.side in sides and u.side != firer.side else BIO_FIRER
                cas.test_confidence(state, u, threat, ctx, f"biochem use (threat +{threat})")
    else:
        for u in hit_units:
            if u.alive:
                cas.test_confidence(state, u, BIO_LATER, ctx, f"hit by biochem (threat +{BIO_LATER}) [R]")
