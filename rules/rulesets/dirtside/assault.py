"""Close assault in play (dsii-core §8.5) with the house rules 'Close assaults', 'Vehicles in assault combat',
'Infantry commandos', 'Rapid fire auto canons' (RFACs as extra APSWs) and 'Multiple fire control systems'."""

from __future__ import annotations

from rules.core import Context
from rules.events import Message, Moved
from rules.hexgrid import Hex
from rules.rulesets.dirtside import casualties as cas
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside import fire as fp
from rules.rulesets.dirtside import infantry as inf
from rules.rulesets.dirtside import morale
from rules.rulesets.dirtside import terrain as ter
from rules.rulesets.dirtside import weapons as w
from rules.rulesets.dirtside.combat import systems
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit, Element
from rules.words import plural_name, with_verb

MAX_ROUNDS = 12
"""The whole assault finishes within the turn (§8.5 step 8); a bound no real assault reaches."""
CONTACT = 2


def threat_bonus(attacker: DSUnit, defender: DSUnit) -> int:
    """House 'Close assaults' (DS2-A04, A05)."""
    return morale.assault_threat_bonus(
        attacker.all_vehicles(),
        [(e.armour(), e.largest_gun()) for e in defender.vehicles()],
        [(e.armour(), e.largest_gun()) for e in attacker.vehicles()])


def why_not(state: DSState, attacker: DSUnit, defender: DSUnit) -> str:
    if attacker.stats.confidence in ("BR", "RO"):
        return f"{with_verb(attacker.name, 'is', 'are')} {attacker.stats.confidence} and may not close-assault"
    if defender.side == attacker.side or not defender.on_map:
        return "there is no enemy unit there"
    if defender.stats.role != "ground":
        return f"{defender.name} cannot be close-assaulted"
    from rules.rulesets.dirtside.units import is_vtol
    if is_vtol(defender) and defender.stats.mode != "grounded":
        return (f"{with_verb(defender.name, 'is', 'are')} flying ({defender.stats.mode} mode): only a grounded VTOL "
                "can be close-assaulted [R]")
    if is_vtol(attacker) and attacker.stats.mode != "grounded":
        return (f"{with_verb(attacker.name, 'is', 'are')} flying: VTOLs close-assault only with troops they have put "
                "down [R]")
    rubble = frozenset(state.rubble)
    if ter.inside(state.board, defender.at, rubble) == "woods" and (
            attacker.vehicles() or ter.AREA.get(state.board.terrain_at(attacker.at)) != "woods"):
        return (f"{with_verb(defender.name, 'is', 'are')} inside the wood: only infantry also in the wood may "
                "close-assault it (§8.4)")
    return ""


def partner_problem(state: DSState, attacker: DSUnit, partner: DSUnit | None, defender: DSUnit) -> str:
    """'' when `partner` may join `attacker`'s assault on `defender` (§8.5 combined assault), else why not."""
    if partner is None or partner.side != attacker.side or partner.id == attacker.id:
        return "a combined assault joins other units of your own"
    if partner.stats.activated or not partner.on_map or partner.stats.role != "ground" or partner.stats.panic:
        return f"{partner.name} must be an unactivated unit on the table"
    why = why_not(state, partner, defender)
    if why:
        return why
    if partner.at.distance(defender.at) > CONTACT:
        return f"{partner.name} must stand within {CONTACT} hexes of {defender.name} to join"
    return ""


def assault(state: DSState, attacker: DSUnit, defender: DSUnit, path: list[Hex], ctx: Context,
            partners: tuple[DSUnit, ...] = ()) -> None:
    """Steps 2-9 of §8.5; the move has been checked (up to twice BMF, ending within 2 hexes). A combined assault
    (§8.5): `partners` (unactivated units of the side within 2 hexes of the defender, where they stand) each take
    their own threat test ("each unit tests separately"), whether the lead passed or not; those that pass join and
    are activated [R: failing, they keep their activation]; a lead that fails stays where it is and may still move,
    and the first partner that passed leads. Each attacking unit fires in every round, the defender's fire goes
    at them in turn [R]; each tests on its own losses, and once part of the force has fallen back the rest test at +1."""
    force, r = _threat_tests(state, attacker, defender, partners, ctx)
    if not force:
        if partners:
            ctx.emit(Message(message="nobody passes its threat test: no assault"))
        return
    if r.passed:
        start = attacker.at
        if path:
            attacker.at = path[-1]
            ctx.emit(Moved(unit=attacker.id, path=tuple([start] + path), plural=plural_name(attacker.name)))
        state.moved = True
    through_soft = r.passed and any(ter.cover(state.board, h, frozenset(state.rubble)) == "soft" for h in path)
    if _defender_breaks(state, force, defender, ctx):
        return
    _rounds(state, force, defender, through_soft, ctx)


def _threat_tests(state: DSState, attacker: DSUnit, defender: DSUnit, partners: tuple[DSUnit, ...],
                  ctx: Context) -> tuple[list[DSUnit], morale.TestResult]:
    """Step 2 of §8.5: the lead's threat test, then each partner's; the force that goes in, and the lead's test."""
    s = attacker.stats
    bonus = threat_bonus(attacker, defender)
    threat = morale.ASSAULT_ATTACKER.get(s.confidence, 3)
    r = morale.reaction_test(s.die(), s.leadership, threat, ctx.dice, bonus=bonus, side=attacker.side,
                             unit=attacker.id, why=f"threat test (+{threat}" + (f", house +{bonus} to the roll)" if bonus else ")"))
    state.acted = True
    force = [attacker] if r.passed else []
    if not r.passed:
        ctx.emit(Message(message=f"{with_verb(attacker.name, 'fails', 'fail')} its threat test: it does not assault "
                                 "(it may still move)"))
    for p in partners:  # each unit tests separately (§8.5): partners may go in without the lead
        pb, pt = threat_bonus(p, defender), morale.ASSAULT_ATTACKER.get(p.stats.confidence, 3)
        rp = morale.reaction_test(p.stats.die(), p.stats.leadership, pt, ctx.dice, bonus=pb, side=p.side, unit=p.id,
                                  why=f"threat test (+{pt}" + (f", house +{pb} to the roll)" if pb else ")"))
        if rp.passed:
            p.stats.activated = True
            force.append(p)
            ctx.emit(Message(message=f"{with_verb(p.name, 'joins', 'join')} the assault"))
        else:
            ctx.emit(Message(message=f"{with_verb(p.name, 'fails', 'fail')} its threat test and stays out"))
    return force, r


def _defender_breaks(state: DSState, force: list[DSUnit], defender: DSUnit, ctx: Context) -> bool:
    """The defender loses its activation and tests (Broken infantry routs first); True when it falls back."""
    d = defender.stats
    if not d.activated:
        d.activated = True
        ctx.emit(Message(message=f"{with_verb(defender.name, 'is', 'are')} assaulted and loses its activation"))
    if d.confidence == "BR" and defender.infantry() and not defender.vehicles():
        cas.set_confidence(state, defender, "RO", ctx, "Broken infantry assaulted")
    powered = any(e.kind == "infantry" and e.troop == "powered" for u in force for e in u.stats.alive())
    t = cas.test_confidence(state, defender, 3 if powered else 2, ctx, "assaulted")
    if t is not None and not t.passed or d.confidence == "RO":
        _defender_falls_back(state, force[0], defender, ctx)
        return True
    return False


def _rounds(state: DSState, force: list[DSUnit], defender: DSUnit, through_soft: bool, ctx: Context) -> None:
    """Rounds of close combat until one side is destroyed, falls back or the rounds run out (§8.5 steps 5-9)."""
    d = defender.stats
    terrain = state.board.terrain_at(defender.at)
    area = "urban" if terrain == "urban" else "woods" if terrain in ("light_woods", "dense_woods") else "open"
    d_cover = "dug_in" if state.dug_in(defender) else ter.cover(state.board, defender.at, frozenset(state.rubble))
    extra = 0
    for rnd in range(MAX_ROUNDS):
        first = rnd == 0
        befores = {u.id: u.stats.alive() for u in force}
        d_before = defender.stats.alive()
        a_pos = inf.assault_position(False, "open", first, through_soft)
        d_pos = inf.assault_position(True, d_cover, first)
        hits_d: list[Element] = []
        for u in force:
            hits_d += [x for x in _side_fire(state, u, defender, d_pos, d.hull_down and first, area, ctx,
                                             allies=[x for x in force if x is not u]) if x not in hits_d]
        shot_at = force[rnd % len(force)]  # the defender's fire goes at the attacking units in turn [R]
        hits_a = _side_fire(state, defender, shot_at, a_pos, False, area, ctx)
        for e in hits_d:
            e.lost = True
        for e in hits_a:
            e.lost = True
        ctx.emit(Message(message=f"assault round {rnd + 1}: {with_verb(shot_at.name, 'loses', 'lose')} {len(hits_a)}, "
                                 f"{with_verb(defender.name, 'loses', 'lose')} {len(hits_d)}"))
        cas.after_losses(state, defender, d_before, ctx, infantry_attacked=True, test=False)
        lead = force[0]
        if not defender.alive:
            ctx.emit(Message(message=f"{with_verb(defender.name, 'is', 'are')} destroyed: "
                                     f"{with_verb(lead.name, 'takes', 'take')} the position"))
            _occupy(lead, defender.at, ctx)
            for u in force:
                cas.after_losses(state, u, befores[u.id], ctx, infantry_attacked=u is shot_at and bool(hits_a),
                                 test=False)
            follow_through(state, lead, defender, ctx)
            return
        td = cas.test_confidence(state, defender, 1 if 2 * len(hits_d) < len(d_before) else 3, ctx, "assault round")
        if td is not None and not td.passed:
            for u in force:
                cas.after_losses(state, u, befores[u.id], ctx, test=False)
            _defender_falls_back(state, lead, defender, ctx)
            return
        for u in force:
            cas.after_losses(state, u, befores[u.id], ctx, infantry_attacked=u is shot_at and bool(hits_a), test=False)
        force = [u for u in force if u.alive]
        for u in list(force):
            lost = len(hits_a) if u is shot_at else 0
            ta = cas.test_confidence(state, u, (1 if 2 * lost < len(befores[u.id]) else 3) + extra, ctx,
                                     "assault round")
            if ta is not None and not ta.passed:
                cas.withdraw(state, u, defender.at, ctx, "the assault fails")
                force.remove(u)
                extra = 1  # the rest carry on at +1 on every further test (§8.5)
        if not force:
            return


def _occupy(attacker: DSUnit, at: Hex, ctx: Context) -> None:
    start = attacker.at
    attacker.at = at
    ctx.emit(Moved(unit=attacker.id, path=(start, at), plural=plural_name(attacker.name)))


def _defender_falls_back(state: DSState, attacker: DSUnit, defender: DSUnit, ctx: Context) -> None:
    held = defender.at
    cas.withdraw(state, defender, attacker.at, ctx, "gives up the position")
    if (defender.at != held or defender.eliminated) and state.unit_at(held) is None:
        _occupy(attacker, held, ctx)
    follow_through(state, attacker, defender, ctx)


FOLLOW_THREAT = {"destroyed": 1, "withdrew": 2}
"""The winner's follow-through reaction test: +1 if the defenders were destroyed, +2 if they withdrew (§8.5)."""


def follow_through(state: DSState, attacker: DSUnit, defender: DSUnit, ctx: Context) -> None:
    """Optional (§8.5 step 10, option `follow_through`): the winner takes a reaction test; passing, it gets an extra
    full activation whose move starts from the captured position (once an activation [R])."""
    if not state.options.get("follow_through", False) or state.followed or not attacker.alive:
        return
    how = "withdrew" if defender.alive else "destroyed"
    s = attacker.stats
    r = morale.reaction_test(s.die(), s.leadership, FOLLOW_THREAT[how], ctx.dice, side=attacker.side,
                             unit=attacker.id, why=f"follow-through (+{FOLLOW_THREAT[how]})")
    if r.passed:
        state.follow_through = True
        state.follow_from = attacker.at
        ctx.emit(Message(message=f"{with_verb(attacker.name, 'follows', 'follow')} through: an extra full activation, "
                                 f"moving on from {attacker.at} towards the nearest objective"))


def objectives(state: DSState) -> list[Hex]:
    return [Hex(*h) for c in state.victory if c.kind == "hold" for h in c.hexes]


def follow_move_ok(state: DSState, unit: DSUnit, dest: Hex) -> bool:
    """A follow-through move goes on towards the nearest objective: it may not end farther from it than the
    captured position [R]; with no objective in the scenario, any move."""
    if not state.followed or state.current != unit.id or state.follow_from is None:
        return True
    goals = objectives(state)
    if not goals:
        return True
    near = min(goals, key=lambda h: (state.follow_from.distance(h), h))
    return dest.distance(near) <= state.follow_from.distance(near)


def _side_fire(state: DSState, side: DSUnit, enemy: DSUnit, enemy_pos: str, enemy_hull_down: bool, area: str,
               ctx: Context, allies: list[DSUnit] = ()) -> list[Element]:
    """One side's simultaneous fire in a round: the enemy elements it kills (marked, not yet removed). `allies`:
    the other units of a combined assault (their infantry silences APFCs too: "friendly infantry involved in the
    assault combat")."""
    who = dict(side=side.side, unit=side.id)
    inf_targets = enemy.infantry()
    veh_targets = enemy.vehicles()
    dead: list[Element] = []
    ii = vi = 0
    friendly_infantry = bool(side.infantry()) or any(a.infantry() for a in allies)

    def next_inf():
        nonlocal ii
        live = [t for t in inf_targets if t not in dead]
        if not live:
            return None
        ii += 1
        return live[(ii - 1) % len(live)]

    for e in side.stats.alive():
        if e.kind == "infantry":
            if inf_targets and (te := next_inf()) is not None:
                kill = inf.assault_kill(te.troop, te.team, area)
                _, k = inf.assault_draw(e.troop, e.team, kill, enemy_pos, ctx.dice, pool=state.pool, **who)
                if k:
                    dead.append(te)
            elif veh_targets and e.team in ("rifle", "commando"):
                live = [t for t in veh_targets if t not in dead]
                if live:
                    te = live[vi % len(live)]
                    vi += 1
                    drawn = state.pool.draw(2, ctx.dice, **who)
                    valid, _ = w.vehicle_validity("IAVR", 0, te.design.armour_kind, apfc=te.design.apfc)
                    if cas.apply_vehicle(state, enemy, te, ch.read_vehicle(drawn, valid, te.armour()), ctx, firer=e):
                        te.lost = False  # removed with the others after both sides have drawn
                        dead.append(te)
            continue
        if e.systems_down:
            continue
        n = systems(e)
        live_v = [t for t in veh_targets if t not in dead]
        if live_v:
            # house: any weapon but GMSs at enemy vehicles, 4-6 on a d6 (hull down 6, soft 5-6 in round 1)
            for wpn in [g for g in e.guns() if not g.type.startswith("GMS")][:n]:
                live_v = [t for t in veh_targets if t not in dead]
                if not live_v:
                    break
                te = live_v[vi % len(live_v)]
                vi += 1
                cover = "hull_down" if enemy_hull_down else ("soft" if enemy_pos == "soft" else "open")
                shot = fp.assault_vehicle_shot(wpn.type, wpn.cls, te.armour(), ctx.dice, cover=cover,
                                               first_round=True, armour_kind=te.design.armour_kind,
                                               pool=state.pool, **who)
                if shot.result and cas.apply_vehicle(state, enemy, te, shot.result, ctx, firer=e):
                    te.lost = False
                    dead.append(te)
                n -= 1
        # APSWs and RFACs firing as APSWs use fire controls (house multiple FCS), 3 chits each
        rfacs = sum(1 for g in e.guns() if g.type == "RFAC")
        for _ in range(inf.vehicle_assault_systems(n, 1 + (e.design.extra_apsw if e.design else 0), rfacs)):
            te = next_inf()
            if te is None:
                break
            drawn = state.pool.draw(3, ctx.dice, **who)
            if ch.read_infantry(drawn, w.assault_validity(enemy_pos), inf.assault_kill(te.troop, te.team, area)):
                dead.append(te)
        if e.design and e.design.apfc and not friendly_infantry:
            te = next_inf()  # APFCs need no fire control and fire at one infantry element a round: 2 chits
            if te is not None:
                drawn = state.pool.draw(2, ctx.dice, **who)
                if ch.read_infantry(drawn, w.firefight_validity(enemy_pos if enemy_pos != "dug_in" else "dug_in"),
                                    te.kill()):
                    dead.append(te)
    return list({id(x): x for x in dead}.values())

