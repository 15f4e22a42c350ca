"""The odds preview: exact casualties after terrain and armour saves and the chance of
failing morale, from the procedures engineer's `odds` module over the same inputs the
attack itself gathers (`combat`)."""

from __future__ import annotations

from fractions import Fraction

from rules.actions import Action
from rules.core import Outcome, Preview
from rules.rulesets.dhr import combat, odds
from rules.rulesets.dhr import procedures as P
from rules.rulesets.dhr.actions import Call, Fire, Melee, Overrun
from rules.rulesets.dhr.state import DHRState
from rules.rulesets.dhr.terrain import cover_dv, hex_dv


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


def preview(state: DHRState, action: Action) -> Preview | None:
    if not isinstance(action, (Fire, Melee, Overrun, Call)):
        return None
    from rules.rulesets.dhr.turn import host_at

    u = state.units.get(action.unit)
    target = host_at(state, action.at)
    if u is None or target is None or target.side == u.side or not u.on_map:
        return None
    wrecks = frozenset(state.wrecks)
    notes: list[str] = []
    if isinstance(action, Fire):
        if not 0 <= action.weapon < len(u.stats.weapons):
            return None
        w = u.stats.weapons[action.weapon]
        if not 1 <= action.slots <= len(w.rof):
            return None
        dist = u.at.distance(target.at)
        firer = P.Firer(combat.firers(u, w), u.rating, w.range, tuple(w.rof), w.attack, u.side, u.id)
        crew = Fraction(1)
        if (combat.opt(state, "crew_served") and (u.stats.crew_served or w.crew_served) and u.crew_lost
                and not (state.active_unit == u.id and state.crew_checked)):
            t = P.effective_check_rating(u.rating, combat.leader_rating(state, u)) - u.crew_lost
            crew = P.chance_under(t)
            notes.append(f"crew check first: {t} or less ({_pct(crew)}), DHR-A14")
        if combat.is_area(state, w):
            dv = hex_dv(state.board, target.at, wrecks)
            c = combat.combatant(state, target, terrain_dv=0 if w.untenable else dv, attack=w.attack,
                                 untenable=w.untenable)
            o = odds.area_odds(u.rating, c, distance=dist, weapon_range=w.range, light=w.light or None,
                               armour=not w.untenable, save_dv=dv)
            return _attack_preview(f"{w.name} (area) at {target.name}", o, crew, notes)
        if combat.armoured(state, target):
            p = odds.vehicle_kill_chance(firer, w.armament, target.stats.armour_dice, distance=dist,
                                         save_dv=combat.save_dv(state, u.at, target.at), slots=action.slots)
            p = p * crew
            return Preview(title=f"{w.name} at {target.name}",
                           dice=f"{w.armament}d6 armament against {target.stats.armour_dice}d6 armour per hit",
                           outcomes=(Outcome(label="a vehicle knocked out" if not combat.opt(state, "damage_table")
                                             else "at least one contest won", chance=p),
                                     Outcome(label="no effect", chance=1 - p)),
                           notes=tuple(notes))
        if action.line:
            return _line_preview(state, u, target, w, firer, action.slots, crew, notes)
        sdv = combat.save_dv(state, u.at, target.at)
        c = combat._fired_at(state, u, target, w)
        o = odds.fire_odds(firer, c, distance=dist, save_dv=sdv, slots=action.slots)
        notes.append(f"terrain save DV {sdv}, armour DV {c.armour_dv}, morale DV {c.terrain_dv}")
        return _attack_preview(f"{w.name} at {target.name}", o, crew, notes)
    if isinstance(action, Melee):
        a = combat.combatant(state, u, terrain_dv=hex_dv(state.board, u.at, wrecks), attack=target.stats.melee_attack)
        d = combat.combatant(state, target, terrain_dv=cover_dv(state.board, target.at, u.at, wrecks),
                             attack=u.stats.melee_attack)
        m = odds.melee_odds(a, d)
        return Preview(title=f"melee: {u.name} against {target.name}",
                       dice=f"{m.defender.dice}; they strike back with {m.attacker.dice}",
                       outcomes=tuple(m.outcomes()), notes=("simultaneous; terrain saves for the defender only",))
    if isinstance(action, Overrun):
        c = combat.combatant(state, target, terrain_dv=cover_dv(state.board, target.at, u.at, wrecks),
                             attack="overrun")
        o = odds.overrun_odds(c, save_dv=hex_dv(state.board, target.at, wrecks))
        return _attack_preview(f"overrun of {target.name}", o, Fraction(1), ["kill value 1, no armour saves (DHR-A27)"])
    # Call
    rating = u.stats.strike_rating + (1 if action.strike == "air" else 0)
    dv = hex_dv(state.board, target.at, wrecks)
    c = combat.combatant(state, target, terrain_dv=dv, attack="blast")
    o = odds.area_odds(min(5, rating), c, save_dv=dv)
    contact = P.chance_under(u.rating)
    return _attack_preview(f"{action.strike} on {target.name}", o, contact,
                           [f"the call gets through on {u.rating} or less ({_pct(contact)})"])


def _attack_preview(title: str, o, gate: Fraction, notes: list[str]) -> Preview:
    if not o.possible:
        return Preview(title=title, dice="cannot be attempted", outcomes=(), notes=tuple(notes))
    lines = []
    for line in o.outcomes():
        chance = line.chance * gate
        if line.label.endswith(": 0 casualties"):
            chance += 1 - gate
        lines.append(Outcome(label=line.label, chance=chance))
    if gate != 1:
        lines.append(Outcome(label="does not happen (check failed)", chance=1 - gate))
    return Preview(title=title, dice=o.dice, outcomes=tuple(lines), notes=tuple(notes))


def _line_preview(state: DHRState, u, target, w, firer, slots: int, crew: Fraction, notes: list[str]) -> Preview:
    """Line fire (DHR-A10): the dice are spread a die per figure, nearest first; each unit on
    the line gets its own exact odds from its share."""
    targets = combat.line_targets(state, u, target)
    per_firer, _ = P.rof_dice(firer.rof, slots)
    alloc = P.spread_dice(firer.figures * per_firer, [t.figures for t in targets])
    lines: list[Outcome] = []
    shares = []
    for t, n in zip(targets, alloc):
        shares.append(f"{n}d6 at {t.name}")
        if n == 0:
            continue
        c = combat._fired_at(state, u, t, w)
        o = odds.fire_odds(firer, c, distance=u.at.distance(t.at), save_dv=combat.save_dv(state, u.at, t.at),
                           slots=slots, dice_count=n)
        for x in _attack_preview("", o, crew, []).outcomes:
            lines.append(Outcome(label=x.label.replace("target", t.name, 1), chance=x.chance))
    notes.append("line fire, a die per figure nearest first: " + ", ".join(shares))
    return Preview(title=f"{w.name}: line fire to {target.name}", dice=", ".join(shares),
                   outcomes=tuple(lines), notes=tuple(notes))
