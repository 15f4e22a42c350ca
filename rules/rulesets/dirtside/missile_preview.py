"""The odds of flying a cruise missile in (house rule 'Cruise missiles'): the guns that may shoot it down on the
way, read from `cruise.interceptors` as the flight reads them, then what an HE warhead does in the impact hex."""

from __future__ import annotations

from fractions import Fraction

from rules.core import Outcome, Preview
from rules.hexgrid import Hex, line_hexes
from rules.outcomes import EFFECTS
from rules.rulesets.dirtside import air, cruise, odds, support
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside.shooting_preview import draw_effect, drawn
from rules.rulesets.dirtside.state import DSState
from rules.words import count


def _element_fate(e) -> dict[str, Fraction]:
    """One element's 5 chits, all colours counting: 'F' (the warhead fails), or its fate."""
    if e.vehicle:
        def read(c):
            return "F" if "F" in c else odds.vehicle_key(ch.read_vehicle(c, ch.ALL, max(0, e.armour() - 1)))
    else:
        def read(c):
            return "F" if "F" in c else ("killed" if ch.read_infantry(c, ch.ALL, e.kill()) else "unhurt")
    return odds.class_dist(5, ch.ALL, read)


def fly_preview(state: DSState, missile: str, at: Hex) -> Preview | None:
    flight = next((f for f in state.flights if f.id == missile), None)
    if flight is None or not state.board.in_bounds(at):
        return None
    path = line_hexes(support.entry_hex(state, flight.side, at), at)
    victims = [u for u in state.units.values() if u.on_map and u.at == at and u.side != flight.side]
    guns = cruise.interceptors(state, flight, path, victims)
    through = Fraction(1)
    for _, die, _, _ in guns:
        through *= 1 - odds.contest(die, (air.CRUISE_DIE,))  # strictly higher destroys it; ties miss
    outcomes = [Outcome(label="shot down on the way in", chance=1 - through)] if guns else []
    notes = [f"{u.name}'s {what} (d{die}) against the missile's d{air.CRUISE_DIE}: higher destroys it"
             for u, die, _, what in guns] or ["no ADS or LAD can reach the flight path"]
    if flight.warhead != "HE":
        notes.append(f"a {flight.warhead} warhead lands as a heavy artillery {flight.warhead} round (house rule)")
        return Preview(title=f"cruise missile {missile} flies in to {at}", dice="air defence dice against a d12",
                       outcomes=tuple(outcomes) or (Outcome(label="reaches its target", chance=Fraction(1)),),
                       notes=tuple(notes))
    direct = [u for u in state.units.values() if u.on_map and u.at == at and u.stats.role == "ground"]
    elements = [(u, e) for u in direct for e in u.stats.alive()]
    fates = [_element_fate(e) for _, e in elements]
    clean = Fraction(1)  # no F chit in any element's draw: the warhead goes off
    for f in fates:
        clean *= 1 - f.get("F", Fraction(0))
    if elements:
        outcomes.append(Outcome(label="fails to detonate (an F chit)", chance=through * (1 - clean)))
    else:
        outcomes.append(Outcome(label="explodes on an empty hex", chance=through))
    for (u, e), f in zip(elements, fates):
        no_f = 1 - f.get("F", Fraction(0))
        for k in ("knocked out", "killed", "damaged"):
            if f.get(k):
                outcomes.append(drawn(through * clean * f[k] / no_f, draw_effect(k, u),
                                      f"{u.name} {e.name or 'element'}: {EFFECTS}", f"{u.name} {e.name or 'element'}: {k}"))
    notes.append(f"HE warhead: {count(len(elements), 'element')} in {at} each draw 5 chits, all colours (an F "
                 "drawn: no effect at all); the 6 hexes around take a light HEF blast (not counted here)")
    return Preview(title=f"cruise missile {missile} flies in to {at}", dice="air defence dice against a d12, then 5 chits "
                   "per element", outcomes=tuple(outcomes), notes=tuple(notes))
