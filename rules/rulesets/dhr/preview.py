"""The odds preview: exact casualties after terrain and armour saves and the chance of
failing morale, from the procedures engineer's `odds` module over the same inputs the
attack itself gathers (`combat`)."""

from __future__ import annotations

from fractions import Fraction

from rules.actions import Action
from rules.core import Outcome, Preview
from rules.hexgrid import Hex
from rules.outcomes import EFFECTS, IMMOBILISED, MORALE_FAILED, STOPPED, UnitEffect, objectives_reached
from rules.rulesets.dhr import armour_odds, combat, hex_odds, odds, turn
from rules.rulesets.dhr import procedures as P
from rules.rulesets.dhr.actions import Call, Cast, Cross, Fire, Melee, Move, Overrun
from rules.rulesets.dhr.state import DHRState, host_at
from rules.rulesets.dhr.terrain import cover_dv, hex_dv
from rules.words import agree, with_verb


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


def move_preview(state: DHRState, action: Move | Cross) -> Preview | None:
    """The chance a move gets through each terrain check on its path (Movement, DHR-A04, DHR-A05).

    Walked as `turn.do_move` walks it: every hex costs 1 MP; a step with a DV rolls 1d6 that must
    be higher than the DV; a failed check stops the move before that hex (another MP may then
    cross it, a separate action); challenge terrain is rolled until passed or out of MP; a Cross
    is the bought pass after a failed check, with no roll."""
    u = state.units.get(action.unit)
    if u is None or not u.on_map or u.at is None:
        return None
    path = [Hex(*h) for h in (action.path if isinstance(action, Move) else [action.to])]
    if path and path[0] == u.at:
        path = path[1:]
    if not path:
        return None
    mp = state.mp_left if state.active_unit == u.id else turn.mp_of(state, u)
    bought = isinstance(action, Cross) or turn.pending_pass(state, u) == path[0]
    wrecks, extra = frozenset(state.wrecks), turn.extra_challenge(state)
    # (mp left) -> chance of standing there still walking, before step i
    walking: dict[int, Fraction] = {mp: Fraction(1)}
    stops: dict[str, Fraction] = {}
    checks: list[str] = []
    here = u.at
    for i, b in enumerate(path):
        chk = turn.step_check(state.board, here, b, extra, wrecks)
        if chk.impassable:
            return None
        label = f"{EFFECTS} before {b} ({chk.what}, DV {chk.dv})"  # where it stops (its effect: 'stopped')
        nxt: dict[int, Fraction] = {}
        for m, p in walking.items():
            if m < 1:
                spent = f"{EFFECTS} at {here}: no MP left"
                stops[spent] = stops.get(spent, 0) + p
                continue
            if chk.dv <= 0 or (i == 0 and bought and not chk.challenge):
                nxt[m - 1] = nxt.get(m - 1, 0) + p
                continue
            win = Fraction(max(0, 6 - chk.dv), 6)
            if not chk.challenge:
                nxt[m - 1] = nxt.get(m - 1, 0) + p * win
                stops[label] = stops.get(label, 0) + p * (1 - win)
                continue
            fail = Fraction(1)
            for k in range(1, m + 1):  # roll until passed or out of MP
                nxt[m - k] = nxt.get(m - k, 0) + p * fail * win
                fail *= 1 - win
            stops[label] = stops.get(label, 0) + p * fail
        if chk.dv > 0 and not (i == 0 and bought and not chk.challenge):
            checks.append(f"{b} {chk.what} DV {chk.dv}: 1d6 over {chk.dv}"
                          + (" (challenge: rolled until passed)" if chk.challenge else ""))
        walking = nxt
        here = b
    arrive = sum(walking.values(), Fraction(0))
    reached = objectives_reached(state, u.side, path[-1])
    rows = [Outcome(chance=arrive, sides=reached, event=f"arrives at {path[-1]} ({EFFECTS})") if reached
            else Outcome(label=f"arrives at {path[-1]}", chance=arrive)]
    stopped = (UnitEffect(unit=u.id, status=(STOPPED,)),)
    rows += [Outcome(chance=v, units=stopped, event=k) for k, v in stops.items() if v]
    notes = []
    if any("challenge" not in c for c in checks):
        notes.append("after a failed check the unit may spend another MP to cross (p) or stop")
    verb = ("crosses into", "cross into") if isinstance(action, Cross) else ("moves to", "move to")
    title = f"{u.name} {agree(u.name, *verb)} {path[-1]}"
    dice = "; ".join(checks) if checks else "no terrain checks"
    return Preview(title=title, dice=dice, outcomes=tuple(rows), notes=tuple(notes))


def preview(state: DHRState, action: Action) -> Preview | None:
    if isinstance(action, (Move, Cross)):
        return move_preview(state, action)
    if not isinstance(action, (Fire, Melee, Overrun, Call, Cast)):
        return None
    u = state.units.get(action.unit)
    target = host_at(state, action.at)
    if u is None or target is None or target.side == u.side or not u.on_map:
        return None
    if isinstance(action, Fire):
        return fire_preview(state, action, u, target)
    if isinstance(action, Melee):
        return melee_preview(state, u, target)
    if isinstance(action, Overrun):
        wrecks = frozenset(state.wrecks)
        c = combat.combatant(state, target, terrain_dv=cover_dv(state.board, target.at, u.at, wrecks),
                             attack="overrun")
        o = odds.overrun_odds(c, save_dv=hex_dv(state.board, target.at, wrecks))
        return _attack_preview(f"overrun of {target.name}", o, Fraction(1), ["kill value 1, no armour saves (DHR-A27)"],
                               who=target.name, unit=target.id)
    if isinstance(action, Cast):
        return cast_preview(state, action, u, target)
    return call_preview(state, action, u, target)


def fire_preview(state: DHRState, action: Fire, u, target) -> Preview | None:
    """Fire with one of the unit's weapons: an area weapon, at a vehicle, along a line, traversing a hex, or at one
    unit; a crew check first for a crew-served weapon short of crew (DHR-A14)."""
    if not 0 <= action.weapon < len(u.stats.weapons):
        return None
    w = u.stats.weapons[action.weapon]
    if not 1 <= action.slots <= len(w.rof):
        return None
    notes: list[str] = []
    dist = u.at.distance(target.at)
    firer = P.Firer(combat.firers(u, w), u.rating, w.range, tuple(w.rof), w.attack, u.side, u.id)
    crew = Fraction(1)
    if (combat.opt(state, "crew_served") and (u.stats.crew_served or w.crew_served) and u.crew_lost
            and not (state.active_unit == u.id and state.crew_checked)):
        t = P.effective_check_rating(u.rating, combat.leader_rating(state, u)) - u.crew_lost
        crew = P.chance_under(t)
        notes.append(f"crew check first: {t} or less ({_pct(crew)}), DHR-A14")
    if combat.is_area(state, w):
        crowd, cs, hdv = combat.area_targets(state, target, w.attack, w.untenable)
        os_ = hex_odds.area_hex_odds(u.rating, cs, distance=dist, weapon_range=w.range, light=w.light or None,
                                     armour=not w.untenable, save_dv=hdv, melee=dist <= 1 and w.range <= 1)
        land = None if (dist <= 1 and w.range <= 1) else u.rating - P.range_penalty(dist, w.range)
        words = _area_words(land, w.light or None, hdv if hdv is not None else cs[0].terrain_dv,
                            "no armour save (flame/gas)" if w.untenable else "then on its armour")
        return _hex_preview(f"{w.name} (area) at {target.name}", crowd, os_, crew, notes, dice=words)
    if combat.armoured(state, target):
        return _vehicle_preview(state, u, target, w, firer, dist, action.slots, crew, notes)
    if action.line:
        return _line_preview(state, u, target, w, firer, action.slots, crew, notes, list(action.dice) or None)
    if action.dice:
        crowd = combat.in_hex(state, target)
        if len(action.dice) != len(crowd):
            return None
        sdv = combat.save_dv(state, u.at, target.at)
        lts = [P.LineTarget(combat._fired_at(state, u, f, w), dist, sdv, f.at) for f in crowd]
        os_ = hex_odds.traverse_odds(firer, lts, list(action.dice), slots=action.slots)
        notes.append("traversing fire: " + ", ".join(f"{n}d6 at {f.name}" for n, f in zip(action.dice, crowd)))
        return _hex_preview(f"{w.name}: traversing fire at {target.name}", crowd, os_, crew, notes)
    sdv = combat.save_dv(state, u.at, target.at)
    c = combat._fired_at(state, u, target, w)
    o = odds.fire_odds(firer, c, distance=dist, save_dv=sdv, slots=action.slots)
    notes.append(f"terrain save DV {sdv}, armour DV {c.armour_dv}, morale DV {c.terrain_dv}")
    return _attack_preview(f"{w.name} at {target.name}", o, crew, notes + _toughness_notes([target]),
                           who=target.name, unit=target.id)


def melee_preview(state: DHRState, u, target) -> Preview:
    wrecks = frozenset(state.wrecks)
    a = combat.combatant(state, u, terrain_dv=hex_dv(state.board, u.at, wrecks), attack=target.stats.melee_attack)
    d = combat.combatant(state, target, terrain_dv=cover_dv(state.board, target.at, u.at, wrecks),
                         attack=u.stats.melee_attack)
    m = odds.melee_odds(a, d)
    return Preview(title=f"melee: {u.name} against {target.name}",
                   dice=f"{m.defender.dice}; they strike back with {m.attacker.dice}",
                   outcomes=tuple(m.outcomes(attacker=u.id, defender=target.id)),
                   notes=("simultaneous; terrain saves for the defender only",))


def cast_preview(state: DHRState, action: Cast, u, target) -> Preview | None:
    if not 0 <= action.spell < len(u.stats.spells):
        return None
    sp = u.stats.spells[action.spell]
    dist = u.at.distance(target.at)
    if sp.area:
        crowd, cs, hdv = combat.area_targets(state, target, sp.attack, False)
        os_ = hex_odds.area_hex_odds(u.rating, cs, distance=dist, weapon_range=sp.range, melee=sp.range == 0,
                                     light=sp.light or None, armour=sp.armour, save_dv=hdv)
        land = None if sp.range == 0 else u.rating - P.range_penalty(dist, sp.range)
        words = _area_words(land, sp.light or None, hdv if hdv is not None else cs[0].terrain_dv,
                            "then on its armour" if sp.armour else "no armour save")
        return _hex_preview(f"{sp.name} (area spell) at {target.name}", crowd, os_, Fraction(1), [], dice=words)
    c = combat.combatant(state, target, terrain_dv=cover_dv(state.board, target.at, u.at, frozenset(state.wrecks)),
                         attack=sp.attack)
    if not sp.armour:
        c = P.Combatant(**{**c.__dict__, "armour_dv": 0})
    o = odds.fire_odds(P.Firer(1, u.rating, sp.range, (sp.dice,), sp.attack), c, distance=dist,
                       save_dv=combat.save_dv(state, u.at, target.at))
    return _attack_preview(f"{sp.name} at {target.name}", o, Fraction(1), _toughness_notes([target]),
                           who=target.name, unit=target.id)


def call_preview(state: DHRState, action: Call, u, target) -> Preview:
    """A strike called in by radio: the RTO's check to get through, then an area blow on the hex."""
    rating = u.stats.strike_rating + (1 if action.strike == "air" else 0)
    crowd, cs, hdv = combat.area_targets(state, target, "blast", False)
    os_ = hex_odds.area_hex_odds(min(5, rating), cs, save_dv=hdv)
    host = state.units.get(u.attached_to or "")
    contact = P.chance_under(P.effective_check_rating(u.rating, combat.leader_rating(state, host) if host else None))
    words = _area_words(min(5, rating), None, hdv if hdv is not None else cs[0].terrain_dv, "then on its armour")
    return _hex_preview(f"{action.strike} on {target.name}", crowd, os_, contact,
                        [f"the call gets through ({_pct(contact)})"], dice=f"RTO check, then {words}")


def _attack_preview(title: str, o, gate: Fraction, notes: list[str], who: str = "target",
                    unit: str | None = None) -> Preview:
    if not o.possible:
        return Preview(title=title, dice="cannot be attempted", outcomes=(), notes=tuple(notes))
    lines = []
    for line in o.outcomes(who, unit):
        chance = line.chance * gate
        if any(e.loss == "figures" and not e.losses for e in line.units):
            chance += 1 - gate  # the attack not made loses no figure either
        lines.append(line.model_copy(update={"chance": chance}))
    if gate != 1:
        lines.append(Outcome(label="does not happen (check failed)", chance=1 - gate))
    return Preview(title=title, dice=o.dice, modifiers=o.modifiers, outcomes=tuple(lines), notes=tuple(notes))


def _hex_preview(title: str, crowd, os_, gate: Fraction, notes: list[str], dice: str | None = None) -> Preview:
    """A blow on a hex: the unit's casualties and morale, then each attached figure's chance to fall."""
    if not os_[0].possible:
        return Preview(title=title, dice="cannot be attempted", outcomes=(), notes=tuple(notes))
    notes = [*notes, *_toughness_notes(crowd, area=dice is not None)]
    lines = list(_attack_preview("", os_[0], gate, [], who=crowd[0].name, unit=crowd[0].id).outcomes)
    for f, o in zip(crowd[1:], os_[1:]):
        lines.append(odds.unit_line(UnitEffect(unit=f.id, eliminated=True), o.eliminated * gate))
    if len(crowd) > 1:
        notes = [*notes, "the unit's morale counts every figure of the hex lost"]
    return Preview(title=title, dice=dice or os_[0].dice, outcomes=tuple(lines), notes=tuple(notes))


def _toughness_notes(units, area: bool = False) -> list[str]:
    """Why a tough figure (a Champion, a troll) may take hits and lose no figure."""
    out = []
    for u in units:
        if u.stats.toughness > 1:
            note = f"{with_verb(u.name, 'takes', 'take')} {u.stats.toughness} hits to fell ({u.wounds} taken so far)"
            if area and u.stats.toughness - u.wounds > 1:
                note += ": an area blow hits each figure once, so it can only wound"
            out.append(note)
    return out


def _area_words(land: int | None, light: int | None, save_dv: int, armour: str) -> str:
    """What an area attack rolls, in words (Area Effect, DHR-A17)."""
    words = ["lands without a roll (touch)" if land is None else f"1d6 of {land} or less to land on the hex"]
    if light:
        words.append(f"then 1d6 per figure, {light} or less to catch it (light)")
    words.append(f"then each figure saves on terrain {save_dv} or less, {armour}")
    return ", ".join(words)


def _vehicle_preview(state: DHRState, u, target, w, firer, dist: int, slots: int, crew: Fraction,
                     notes: list[str]) -> Preview:
    """Fire at an armoured vehicle: every result of the contests (and the damage table) exactly,
    then the crew's morale (casualties: a vehicle lost, each crew casualty; see combat)."""
    table = combat.opt(state, "damage_table")
    dist_ = armour_odds.vehicle_damage_distribution(firer, w.armament, target.stats.armour_dice, distance=dist,
                                             save_dv=combat.save_dv(state, u.at, target.at), slots=slots,
                                             damage_table=table)
    lines = vehicle_outcomes(dist_, crew=crew, vehicles=target.figures,
                             rating=target.stats.rating - target.rating_loss,
                             cover=cover_dv(state.board, target.at, u.at, frozenset(state.wrecks)),
                             leader_rating=combat.leader_rating(state, target),
                             immobile_now=combat.mp_of_unit(target) == 0, table=table, unit=target.id)
    return Preview(title=f"{w.name} at {target.name}",
                   dice=f"{w.armament}d6 armament against {target.stats.armour_dice}d6 armour per hit",
                   outcomes=tuple(lines), notes=tuple(notes))


def vehicle_outcomes(dist_: dict, *, crew: Fraction, vehicles: int, rating: int, cover: int,
                     leader_rating: int | None, immobile_now: bool, table: bool, unit: str = "target") -> list[Outcome]:
    """The lines of a fire at vehicles from `armour_odds.vehicle_damage_distribution`, gated by the crew check `crew`, with
    the crew's morale after it (Rating less each crew casualty; a vehicle lost counts one). The game's preview and
    the resolver's both read this."""
    p_out = p_bail = p_weapon = p_mob = p_crew = p_morale = p_none = Fraction(0)
    for (killed, smoke, bailed, immobile, weapon_out, crew_c), p in dist_.items():
        p = p * crew
        if killed:
            p_out += p
            p_bail += p if bailed else 0
        if weapon_out:
            p_weapon += p
        if immobile and not killed:
            p_mob += p
        if crew_c:
            p_crew += p
        if not (killed or weapon_out or immobile or crew_c):
            p_none += p
        if killed and vehicles <= 1:
            continue
        t = P.morale_target(max(1, rating - crew_c), cover, (1 if killed else 0) + crew_c,
                            leader_rating=leader_rating)
        p_morale += p * (1 - odds.morale_distribution(t).get(0, Fraction(0)))
    p_none += 1 - crew
    def hit(chance: Fraction, event: str = "", **effect) -> Outcome:  # words: odds.unit_words, from the effect
        return Outcome(chance=chance, units=(UnitEffect(unit=unit, **effect),), event=event)

    lines = [hit(p_out, losses=1, loss="vehicles", eliminated=vehicles <= 1)]
    if table:
        lines += [hit(p_bail, status=("crew bailed",)), hit(p_weapon, status=("weapon out",)),
                  hit(p_mob, status=(IMMOBILISED,)), hit(p_crew, status=("crew casualty",))]
    lines += [Outcome(label="no effect", chance=p_none),
              hit(p_morale, EFFECTS + " (cannot move: stays)" if immobile_now else "", status=(MORALE_FAILED,))]
    return lines


def _line_preview(state: DHRState, u, target, w, firer, slots: int, crew: Fraction, notes: list[str],
                  alloc: list[int] | None = None) -> Preview:
    """Line fire (DHR-A10): the dice shared as the action says (default a die per figure, nearest
    first); each unit on the line gets its own exact odds from its share."""
    targets = combat.line_targets(state, u, target, w)
    per_firer, _ = P.rof_dice(firer.rof, slots)
    if alloc is None:
        alloc = P.spread_dice(firer.figures * per_firer, [t.figures for t in targets])
    elif len(alloc) != len(targets):
        return None
    lines: list[Outcome] = []
    shares = []
    for t, n in zip(targets, alloc):
        shares.append(f"{n}d6 at {t.name}")
        if n == 0:
            continue
        c = combat._fired_at(state, u, t, w)
        o = odds.fire_odds(firer, c, distance=u.at.distance(t.at), save_dv=combat.save_dv(state, u.at, t.at),
                           slots=slots, dice_count=n)
        lines += _attack_preview("", o, crew, [], who=t.name, unit=t.id).outcomes
    notes.append("line fire: " + ", ".join(shares))
    return Preview(title=f"{w.name}: line fire to {target.name}", dice=", ".join(shares),
                   outcomes=tuple(lines), notes=tuple(notes))
