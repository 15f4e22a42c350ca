"""DHR attacks carried out: fire (with line and traversing fire, DHR-A10, and crew checks,
DHR-A14), area effect (DHR-A17), armament against armour (DHR-A15/A16/A27), a Wizard's spell,
a vehicle overrun, an RTO's strike, and melee (DHR-A13). Each calls the pure procedures and hands
the damage to `losses.py`."""

from __future__ import annotations

from rules.core import Context
from rules.events import Changed, Message, Moved
from rules.hexgrid import Hex
from rules.rulesets.dhr import procedures as P
from rules.rulesets.dhr.actions import Cast, Fire
from rules.rulesets.dhr.fighters import (
    AIR, armoured, combatant, firers, in_hex, is_area, leader_rating, line_targets, mp_of_unit, opt, save_dv,
)
from rules.rulesets.dhr.losses import _apply_fire_result, _hex_results, _morale, remove_unit, retreat, take_casualties
from rules.rulesets.dhr.state import DHRState, attached, host_at
from rules.rulesets.dhr.terrain import cover_dv, hex_dv
from rules.rulesets.dhr.units import DHRUnit, SpellData, Weapon
from rules.words import agree, plural_name, with_verb


def _start_attack(state: DHRState) -> None:
    state.attacked = True


def fire(state: DHRState, u: DHRUnit, target: DHRUnit, action: Fire, ctx: Context) -> None:
    w = u.stats.weapons[action.weapon]
    dist = u.at.distance(target.at)
    _start_attack(state)
    state.fired.append(action.weapon)
    if opt(state, "crew_served") and (u.stats.crew_served or w.crew_served) and not state.crew_checked:
        check = P.crew_check(u.rating, u.crew_lost, ctx.dice, leader_rating=leader_rating(state, u),
                             side=u.side, unit=u.id)
        if not check.passed:
            for i, other in enumerate(u.stats.weapons):
                if (u.stats.crew_served or other.crew_served) and i not in state.fired:
                    state.fired.append(i)
            why = "cannot fire (target below 1)" if not check.possible else f"{agree(u.name, 'fails', 'fail')} its crew check"
            ctx.emit(Message(message=f"{u.name} {why}: the gun does not fire (Crew Served Weapons, DHR-A14)"))
            return
        state.crew_checked = True
    firer = P.Firer(firers(u, w), u.rating, w.range, tuple(w.rof), w.attack, u.side, u.id)
    if is_area(state, w):
        area_fire(state, u, target, w, dist, ctx)
        return
    if armoured(state, target):
        vehicle_fire(state, u, target, w, firer, dist, action.slots, ctx)
        return
    if action.line:
        targets = line_targets(state, u, target, w)
        lts = [P.LineTarget(_fired_at(state, u, e, w), u.at.distance(e.at), save_dv(state, u.at, e.at), e.at)
               for e in targets]
        res = P.resolve_line_fire(firer, lts, ctx.dice, slots=action.slots, allocation=list(action.dice) or None)
        for e, r in zip(targets, res.results):
            if r.damage is not None:
                _apply_fire_result(state, e, r.damage, r.morale, u.at, ctx)
        return
    if action.dice:
        traverse(state, u, target, w, firer, action, ctx)
        return
    c = _fired_at(state, u, target, w)
    res = P.resolve_fire(firer, c, ctx.dice, distance=dist, save_dv=save_dv(state, u.at, target.at),
                         slots=action.slots, purpose=f"fire {w.name}", morale=False)
    if res.damage is not None:
        take_casualties(state, target, res.damage.casualties, res.damage.wounds, ctx, res.damage.medic_saved)
        _morale(state, target, c, res.damage, u.at, ctx)


def traverse(state: DHRState, u: DHRUnit, target: DHRUnit, w: Weapon, firer: P.Firer, action: Fire,
             ctx: Context) -> None:
    """Traversing fire (DHR-A10): a machine gun shares its dice over the figures of one hex, the
    unit and the special figures attached to it; each takes its own saves; then the unit checks
    morale once, counting every figure of the hex just lost (its figures stick with it)."""
    crowd = in_hex(state, target)
    dist = u.at.distance(target.at)
    sdv = save_dv(state, u.at, target.at)
    lts = [P.LineTarget(_fired_at(state, u, f, w), dist, sdv, f.at) for f in crowd]
    res = P.resolve_line_fire(firer, lts, ctx.dice, slots=action.slots, allocation=list(action.dice),
                              traverse=True, morale=False)
    _hex_results(state, target, crowd, [r.damage for r in res.results], u.at, ctx,
                 dv=cover_dv(state.board, target.at, u.at, frozenset(state.wrecks)))


def _fired_at(state: DHRState, u: DHRUnit, target: DHRUnit, w: Weapon) -> P.Combatant:
    dv = cover_dv(state.board, target.at, u.at, frozenset(state.wrecks))
    return combatant(state, target, terrain_dv=dv, attack=w.attack)


def area_fire(state: DHRState, u: DHRUnit, target: DHRUnit, w: Weapon, dist: int, ctx: Context) -> None:
    """Area Effect (optional; DHR-A17): 1D6 to land on the hex, then every figure in it
    saves with the hex's DV, armour unless the attack is untenable (flame, gas)."""
    hit = P.area_hit(u.rating, ctx.dice, distance=dist, weapon_range=w.range, melee=dist <= 1 and w.range <= 1,
                     side=u.side, unit=u.id)
    if not hit.hit:
        ctx.emit(Message(message=f"the {w.name} misses the hex"))
        return
    _area_on_hex(state, target, u.at, ctx, attack=w.attack, light=w.light or None, untenable=w.untenable)


def area_targets(state: DHRState, target: DHRUnit, attack: str, untenable: bool) -> tuple[list[DHRUnit], list[P.Combatant], int]:
    """Who an area attack on the target's hex hits: the unit and every special figure attached to
    it ("every defending figure in that hex"), as combatants; and the hex's DV."""
    hdv = hex_dv(state.board, target.at, frozenset(state.wrecks))
    crowd = in_hex(state, target)
    dv = 0 if untenable else hdv
    return crowd, [combatant(state, f, terrain_dv=dv, attack=attack, untenable=untenable) for f in crowd], hdv


def _area_on_hex(state: DHRState, target: DHRUnit, from_hex: Hex, ctx: Context, *, attack: str,
                 light: int | None, untenable: bool, armour: bool = True) -> None:
    if armoured(state, target):
        ctx.emit(Message(message=f"{with_verb(target.name, 'is', 'are')} an armoured vehicle: the blast does not harm it"))
        return
    crowd, cs, hdv = area_targets(state, target, attack, untenable)
    results = [P.area_effect_on(c, ctx.dice, light=light, armour=armour and not untenable, save_dv=hdv,
                                morale=False) for c in cs]
    _hex_results(state, target, crowd, [r.damage for r in results], from_hex, ctx,
                 dv=0 if untenable else hdv, untenable=untenable)


def vehicle_fire(state: DHRState, u: DHRUnit, target: DHRUnit, w: Weapon, firer: P.Firer, dist: int, slots: int,
                 ctx: Context) -> None:
    """Armament against armour (optional; DHR-A15/A16/A27): to hit, terrain saves, one contest per hit."""
    table = opt(state, "damage_table")
    res = P.resolve_vehicle_fire(firer, w.armament, target.stats.armour_dice, ctx.dice, distance=dist,
                                 save_dv=save_dv(state, u.at, target.at), slots=slots, damage_table=table,
                                 target_side=target.side, target_unit=target.id)
    if not res.roll.possible:
        return
    dmg = res.damage
    if dmg.effects:
        ctx.emit(Message(message=f"{target.name}: {', '.join(dmg.effects)}"))
    if dmg.weapon_out and not target.weapon_out:
        target.weapon_out = True
        ctx.emit(Changed(unit=target.id, field="main weapon", before="ok", after="knocked out", why="damage table"))
    if dmg.crew_casualties:
        before = target.rating
        target.rating_loss += dmg.crew_casualties
        ctx.emit(Changed(unit=target.id, field="rating", before=before, after=target.rating, why="crew casualty"))
    if dmg.immobile and not dmg.killed and not target.mp_lost:
        target.mp_lost = True
        ctx.emit(Changed(unit=target.id, field="mobile", before=True, after=False, why="mobility kill",
                         plural=plural_name(target.name)))
    if dmg.killed:
        before = target.figures
        target.figures -= 1
        ctx.emit(Changed(unit=target.id, field="figures", before=before, after=target.figures,
                         why="crew bails" if dmg.crew_bailed else "killed"))
        if target.figures <= 0:
            target.figures = 0
            if target.at not in state.wrecks:
                state.wrecks.append(target.at)
            if dmg.smoke and target.at not in state.smoke:
                state.smoke.append(target.at)
            remove_unit(state, target, ctx, "knocked out: a wreck, immobile cover")
            return
        # a unit of several vehicles lost one; the rest fight on, damage flags cleared
        target.mp_lost = False
        target.weapon_out = False
    # the crew checks morale like any attacked unit (DHR-A23): Rating (after crew casualties) +
    # cover DV - (vehicles lost + crew casualties of this attack); a vehicle that cannot move
    # (mobility kill, MP 0) stays where it is (vehicle_morale_casualties; docs/rules/dhr.md)
    m = P.morale_check(target.rating, cover_dv(state.board, target.at, u.at, frozenset(state.wrecks)),
                       vehicle_morale_casualties(dmg), ctx.dice, leader_rating=leader_rating(state, target),
                       side=target.side, unit=target.id)
    if m.retreat:
        if mp_of_unit(target) == 0:
            ctx.emit(Message(message=f"{target.name} cannot move: it stays where it is"))
        else:
            retreat(state, target, m.retreat, u.at, ctx)


def vehicle_morale_casualties(dmg: P.VehicleDamage) -> int:
    """Casualties 'just taken' by a vehicle unit for its morale check: a vehicle knocked out
    counts 1, each crew casualty of the damage table 1 more."""
    return (1 if dmg.killed else 0) + dmg.crew_casualties


def cast(state: DHRState, u: DHRUnit, target: DHRUnit, action: Cast, ctx: Context) -> None:
    """Wizard (special figures option): a spell of his book through the procedures' `cast_spell`.
    An area spell lands on the hex (1D6 <= Rating - range penalty; a touch spell hits without a
    roll) and hits every figure in it; any other spell is a shot with its dice at the unit, with
    the terrain save along the line of sight. Casting is the Wizard's attack: he moves no more."""
    sp: SpellData = u.stats.spells[action.spell]
    _start_attack(state)
    state.cast.append(action.spell)
    dist = u.at.distance(target.at)
    spell = P.Spell(sp.name, sp.range, sp.dice, sp.area, sp.light or None, sp.armour, sp.attack)
    ctx.emit(Message(message=f"{with_verb(u.name, 'casts', 'cast')} {sp.name} at {target.name}"))
    if sp.area:
        crowd, cs, hdv = area_targets(state, target, sp.attack, False)
        res = P.cast_spell(u.rating, spell, cs, ctx.dice, distance=dist, morale=False, side=u.side, unit=u.id)
        if not res.hit.hit:
            ctx.emit(Message(message=f"the {sp.name} misses the hex"))
            return
        _hex_results(state, target, crowd, [e.damage for e in res.effects], u.at, ctx, dv=hdv)
        return
    c = combatant(state, target, terrain_dv=cover_dv(state.board, target.at, u.at, frozenset(state.wrecks)),
                  attack=sp.attack)
    res = P.cast_spell(u.rating, spell, [c], ctx.dice, distance=dist, save_dv=save_dv(state, u.at, target.at),
                       side=u.side, unit=u.id)
    if res.damage is not None:
        _apply_fire_result(state, target, res.damage, res.morale, u.at, ctx)


def overrun(state: DHRState, u: DHRUnit, target: DHRUnit, ctx: Context) -> None:
    """Vehicle overrun (optional; DHR-A27): a d6 per figure, 1s are possible hits, terrain saves
    at the target's hex, no small-arms armour. The vehicle spends a movement point."""
    _start_attack(state)
    state.mp_left = max(0, state.mp_left - 1)
    dv = cover_dv(state.board, target.at, u.at, frozenset(state.wrecks))
    c = combatant(state, target, terrain_dv=dv, attack="overrun")
    res = P.vehicle_overrun(c, ctx.dice, save_dv=hex_dv(state.board, target.at, frozenset(state.wrecks)),
                            side=u.side, unit=u.id)
    state.fired = list(range(len(u.stats.weapons)))
    if res.damage is not None:
        _apply_fire_result(state, target, res.damage, res.morale, u.at, ctx)


def call(state: DHRState, u: DHRUnit, target: DHRUnit, strike: str, ctx: Context) -> None:
    """RTO (special figures option): a Rating check to get the call through, then an area
    attack on the hex by the battery or the aircraft (Area Effect, DHR-A17)."""
    _start_attack(state)
    state.fired = list(range(len(u.stats.weapons)))
    if strike == AIR:
        u.air -= 1
        asset = P.OffBoardAsset("air strike", rating=min(5, u.stats.strike_rating + 1))
    else:
        u.artillery -= 1
        asset = P.OffBoardAsset("artillery", rating=u.stats.strike_rating)
    ctx.emit(Changed(unit=u.id, field=strike, before=(u.air if strike == AIR else u.artillery) + 1,
                     after=u.air if strike == AIR else u.artillery, why="strike called"))
    host = state.units.get(u.attached_to or "")
    lr = leader_rating(state, host) if host else None
    contact = P.rating_check(u.rating, ctx.dice, leader_rating=lr, purpose="RTO call", side=u.side, unit=u.id,
                             rule="Special Figures: RTO (optional)")
    if not contact.passed:
        ctx.emit(Message(message=f"{u.name} cannot get the {asset.name} through"))
        return
    hit = P.area_hit(asset.rating, ctx.dice, side=u.side, unit=u.id)
    if not hit.hit:
        ctx.emit(Message(message=f"the {asset.name} misses the hex"))
        return
    _area_on_hex(state, target, u.at, ctx, attack="blast", light=None, untenable=False)


def melee(state: DHRState, u: DHRUnit, target: DHRUnit, ctx: Context) -> None:
    """Melee: both strike at once; the defender's terrain (its hex or the wall between) saves and
    steadies it, the attacker keeps only the DV of the hex it attacks from (Melee, Morale, DHR-A13).
    If the defender flees and the attacker holds, the attacker takes the hex."""
    _start_attack(state)
    state.fired = list(range(len(u.stats.weapons)))
    wrecks = frozenset(state.wrecks)
    a_dv = hex_dv(state.board, u.at, wrecks)
    d_dv = cover_dv(state.board, target.at, u.at, wrecks)
    attacker = combatant(state, u, terrain_dv=a_dv, attack=target.stats.melee_attack)
    defender = combatant(state, target, terrain_dv=d_dv, attack=u.stats.melee_attack)
    res = P.resolve_melee(attacker, defender, ctx.dice, morale=False)
    a_at, d_at = u.at, target.at
    dd, ad = res.defender_damage, res.attacker_damage
    take_casualties(state, target, dd.casualties, dd.wounds, ctx, dd.medic_saved)
    take_casualties(state, u, ad.casualties, ad.wounds, ctx, ad.medic_saved)
    # then morale on both sides, the defender first (DHR-A13)
    d_m = P.after_attack_morale(defender, dd, ctx.dice)
    a_m = P.after_attack_morale(attacker, ad, ctx.dice)
    if d_m is not None and d_m.retreat and target.on_map:
        retreat(state, target, d_m.retreat, a_at, ctx)
    if a_m is not None and a_m.retreat and u.on_map:
        retreat(state, u, a_m.retreat, d_at, ctx)
    defender_leaves = not target.on_map or target.at != d_at
    attacker_holds = u.on_map and u.at == a_at
    if defender_leaves and attacker_holds and host_at(state, d_at) is None:
        u.at = d_at
        for f in attached(state, u.id):
            f.at = d_at
        ctx.emit(Moved(unit=u.id, path=(a_at, d_at), plural=plural_name(u.name)))
        ctx.emit(Message(message=f"{with_verb(u.name, 'takes', 'take')} the hex (Melee)"))
