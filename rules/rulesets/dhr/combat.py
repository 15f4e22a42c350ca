"""DHR attacks in the game: gather the inputs from the state, call the pure procedures
(`rules.rulesets.dhr.procedures`), and apply their results (casualties, wrecks, retreats).

Firing ("Firing", "Terrain Saves", "Armor Saves", "Morale"), machine-gun line fire
(DHR-A10), melee ("Melee", DHR-A13), and the optional rules: area effect, armoured
vehicles with the damage table and overruns, special figures (Leader, RTO, Medic,
Wizard, Champion) and crew-served weapons.
"""

from __future__ import annotations

from rules.actions import Action
from rules.core import Context, Refusal
from rules.events import Changed, Eliminated, Message, Moved, Retreated
from rules.hexgrid import Hex
from rules.rulesets.dhr import procedures as P
from rules.rulesets.dhr.actions import Call, Cast, Fire, Melee, Overrun
from rules.rulesets.dhr.state import DHRState, attached, host_at, hosts, mp_of
from rules.rulesets.dhr.terrain import cover_dv, edge_dv, hex_dv, line_on, spec
from rules.rulesets.dhr.units import DHRUnit, SpellData, Weapon
from rules.words import count

ARTILLERY = "artillery"
AIR = "air"


def opt(state: DHRState, key: str) -> bool:
    return bool(state.options.get(key, False))


# --- inputs from the state -------------------------------------------------------------------


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


def line_targets(state: DHRState, u: DHRUnit, target: DHRUnit) -> list[DHRUnit]:
    """Enemy units in the hexes the line of sight passes through, nearest first, the target last (DHR-A10)."""
    out: list[DHRUnit] = []
    seen: set[str] = set()
    d = u.at.distance(target.at)
    # a hex on the line is i hexes from one end and d - i from the other: only such units can be on it
    by_hex = {e.at: e for e in enemy_hosts(state, u.side)
              if e.id != target.id and u.at.distance(e.at) + e.at.distance(target.at) == d}
    if not by_hex:
        return [target]
    for step in line_on(state.board, u.at, target.at)[1:]:
        for h in step.hexes:
            e = by_hex.get(h)
            if e is not None and e.id not in seen and e.id != target.id:
                out.append(e)
                seen.add(e.id)
    return [*out, target]


# --- legal attacks -----------------------------------------------------------------------------


def attack_actions(state: DHRState, u: DHRUnit) -> list[Action]:
    out: list[Action] = []
    active = state.active_unit == u.id
    attacked = state.attacked if active else False
    enemies = enemy_hosts(state, u.side)
    for i, w in enumerate(u.stats.weapons):
        if not weapon_usable(state, u, i, w):
            continue
        for e in enemies:
            dist = u.at.distance(e.at)
            if armoured(state, e) and not w.armament:
                continue
            if is_area(state, w):
                if P.range_penalty(dist, w.range) < u.rating:
                    out.append(Fire(side=u.side, unit=u.id, at=e.at, weapon=i, slots=1))
                continue
            crowd = along = None
            for slots in range(1, len(w.rof) + 1):
                if fire_number(u, w, dist, slots) < 1:
                    break
                out.append(Fire(side=u.side, unit=u.id, at=e.at, weapon=i, slots=slots))
                if not w.line or armoured(state, e):
                    continue
                total = firers(u, w) * sum(w.rof[:slots])
                if crowd is None:
                    crowd = in_hex(state, e) if opt(state, "special_figures") else [e]
                    along = line_targets(state, u, e)
                if len(crowd) > 1:
                    # traversing fire over every figure in the hex (DHR-A10), the default first
                    for split in dice_choices(total, [f.figures for f in crowd]):
                        if split != [total] + [0] * (len(crowd) - 1):
                            out.append(Fire(side=u.side, unit=u.id, at=e.at, weapon=i, slots=slots, dice=split))
                if len(along) > 1:
                    out.append(Fire(side=u.side, unit=u.id, at=e.at, weapon=i, slots=slots, line=True))
                    for split in dice_choices(total, [t.figures for t in along])[1:]:
                        out.append(Fire(side=u.side, unit=u.id, at=e.at, weapon=i, slots=slots, line=True,
                                        dice=split))
    if not attacked and u.attached_to is None:
        adjacent = [e for e in enemies if e.at.distance(u.at) == 1]
        mp = state.mp_left if active else mp_of(state, u)
        if u.stats.vehicle and opt(state, "vehicles"):
            if mp >= 1:
                out.extend(Overrun(side=u.side, unit=u.id, at=e.at) for e in adjacent if not armoured(state, e))
        elif u.stats.melee > 0:
            out.extend(Melee(side=u.side, unit=u.id, at=e.at) for e in adjacent if not armoured(state, e))
    if opt(state, "special_figures") and u.stats.special == "wizard":
        out.extend(cast_actions(state, u, enemies))
    if opt(state, "special_figures") and u.stats.special == "rto" and not attacked:
        for e in enemies:
            if u.artillery > 0:
                out.append(Call(side=u.side, unit=u.id, at=e.at, strike=ARTILLERY))
            if u.air > 0:
                out.append(Call(side=u.side, unit=u.id, at=e.at, strike=AIR))
    return out


def dice_choices(total: int, figures: list[int]) -> list[list[int]]:
    """A few meaningful shares of `total` dice over targets, the default (a die per figure,
    nearest first) first; then all on each target, and an even split. Any other share is
    accepted by `apply` too (`valid_split`), these are only the ones offered."""
    default = P.spread_dice(total, figures)
    out = [default]
    for i in range(len(figures)):
        out.append([total if j == i else 0 for j in range(len(figures))])
    base, extra = divmod(total, len(figures))
    out.append([base + (1 if j < extra else 0) for j in range(len(figures))])
    seen: list[list[int]] = []
    for split in out:
        if split not in seen and sum(split) > 0:
            seen.append(split)
    return seen


def valid_split(split: list[int], total: int, n: int) -> str | None:
    """Why a share of dice is not valid, or None: one count per target, none negative,
    at least one die and no more than the dice available."""
    if len(split) != n:
        return f"the dice must be shared over {count(n, 'target')}, not {len(split)}"
    if any(x < 0 for x in split):
        return "a share of dice cannot be negative"
    if sum(split) < 1 or sum(split) > total:
        return f"the shares add up to {sum(split)} dice: they must come to between 1 and {total}"
    return None


def cast_actions(state: DHRState, u: DHRUnit, enemies: list[DHRUnit]) -> list[Action]:
    """A Wizard's spells (special figures option): each spell once per activation, at any enemy
    in range (a touch spell: adjacent), not at armoured vehicles (vehicles option)."""
    out: list[Action] = []
    if u.figures <= 0:
        return out
    for i, sp in enumerate(u.stats.spells):
        if state.active_unit == u.id and i in state.cast:
            continue
        for e in enemies:
            if armoured(state, e):
                continue
            dist = u.at.distance(e.at)
            if sp.range == 0:
                if dist != 1:
                    continue
            elif P.range_penalty(dist, sp.range) >= u.rating:
                continue
            out.append(Cast(side=u.side, unit=u.id, at=e.at, spell=i))
    return out


def has_attack(state: DHRState, u: DHRUnit) -> bool:
    return bool(attack_actions(state, u))


# --- applying attacks ---------------------------------------------------------------------------------


def apply_attack(state: DHRState, u: DHRUnit, action: Action, ctx: Context) -> None:
    target = host_at(state, Hex(*action.at))
    if target is None:
        raise Refusal(f"no enemy at {Hex(*action.at)}")
    if target.side == u.side:
        raise Refusal(f"{target.name} at {Hex(*action.at)} is your own unit")
    legal = attack_actions(state, u)
    if isinstance(action, Fire) and action.dice:
        base = action.model_copy(update={"dice": []})
        if base not in legal or not any(isinstance(a, Fire) and a.dice and a.model_copy(update={"dice": []}) == base
                                        for a in legal):
            raise Refusal(_why_not(state, u, base, target) if base not in legal
                          else "only a machine gun shares its dice (line fire, or traversing fire over the "
                               "figures of a hex with special figures in it)")
        w = u.stats.weapons[action.weapon]
        n = len(line_targets(state, u, target)) if action.line else len(in_hex(state, target))
        why = valid_split(list(action.dice), firers(u, w) * sum(w.rof[:action.slots]), n)
        if why:
            raise Refusal(why)
    elif action not in legal:
        raise Refusal(_why_not(state, u, action, target))
    if isinstance(action, Fire):
        fire(state, u, target, action, ctx)
    elif isinstance(action, Cast):
        cast(state, u, target, action, ctx)
    elif isinstance(action, Melee):
        melee(state, u, target, ctx)
    elif isinstance(action, Overrun):
        overrun(state, u, target, ctx)
    elif isinstance(action, Call):
        call(state, u, target, action.strike, ctx)


def _why_not(state: DHRState, u: DHRUnit, action: Action, target: DHRUnit) -> str:
    """Why a refused attack is not legal, in the player's words (the first problem found)."""
    active = state.active_unit == u.id
    dist = u.at.distance(target.at)
    at = f"{target.name} at {target.at}"
    if isinstance(action, (Melee, Overrun, Call)) and active and state.attacked:
        return f"{u.name} has already attacked this activation"
    if isinstance(action, Fire):
        if not 0 <= action.weapon < len(u.stats.weapons):
            return f"{u.name} has no weapon number {action.weapon}"
        w = u.stats.weapons[action.weapon]
        if active and action.weapon in state.fired:
            return f"the {w.name} has already fired this activation"
        if w.armament and u.weapon_out and opt(state, "vehicles"):
            return f"{u.name}'s {w.name} is knocked out"
        if u.stats.special == "rto" and u.attached_to is not None:
            return f"{u.name} works the radio while attached: his unit does the shooting"
        if firers(u, w) <= 0:
            return f"no figure of {u.name} is left to fire the {w.name}"
        if armoured(state, target) and not w.armament:
            return f"the {w.name} cannot hurt {target.name}, an armoured vehicle (it has no armament dice)"
        if not 1 <= action.slots <= len(w.rof):
            return f"the {w.name} has {count(len(w.rof), 'RoF slot')}, not {action.slots}"
        if is_area(state, w) and action.slots != 1:
            return f"the {w.name} is an area weapon: it fires one slot"
        return (f"{at} is too far for the {w.name}: {dist} hexes at range {w.range}"
                + (f" with {action.slots} RoF slots" if action.slots > 1 else "")
                + f" leaves {u.name} (Rating {u.rating}) nothing to roll (DHR-A02)")
    if isinstance(action, Melee):
        if u.attached_to is not None:
            return f"{u.name} fights in its unit's melee, not on its own"
        if dist != 1:
            return f"{at} is not next to {u.name}"
        if u.stats.vehicle and opt(state, "vehicles"):
            return f"{u.name} is a vehicle: it overruns (o) instead of fighting in melee"
        if armoured(state, target):
            return f"{target.name} is an armoured vehicle: it cannot be fought in melee"
        if u.stats.melee <= 0:
            return f"{u.name} does not fight in melee"
        return f"{u.name} cannot close with {at}"
    if isinstance(action, Cast):
        if u.stats.special != "wizard" or not opt(state, "special_figures"):
            return f"{u.name} is not a Wizard: only a Wizard casts spells" if opt(state, "special_figures") \
                else "special figures are off in this game: no spells"
        if not 0 <= action.spell < len(u.stats.spells):
            return f"{u.name} has no spell number {action.spell}"
        sp = u.stats.spells[action.spell]
        if active and action.spell in state.cast:
            return f"{u.name} has already cast {sp.name} this activation"
        if sp.range == 0 and dist != 1:
            return f"{sp.name} is a touch spell: {at} is not next to {u.name}"
        return f"{at} is too far for {sp.name} ({dist} hexes at range {sp.range})"
    if isinstance(action, Overrun):
        if not (u.stats.vehicle and opt(state, "vehicles")):
            return f"{u.name} is not a vehicle: only vehicles overrun" if opt(state, "vehicles") \
                else "armoured vehicles are off in this game: no overruns"
        if dist != 1:
            return f"{at} is not next to {u.name}"
        if armoured(state, target):
            return f"{target.name} is an armoured vehicle: only infantry can be overrun"
        return f"{u.name} has no movement point left to overrun"
    if isinstance(action, Call):
        if not opt(state, "special_figures"):
            return "special figures are off in this game: no RTO calls"
        if u.stats.special != "rto":
            return f"{u.name} is not an RTO: only an RTO calls artillery or air strikes"
        left = u.air if action.strike == AIR else u.artillery
        if left <= 0:
            return f"{u.name} has no {'air strikes' if action.strike == AIR else 'artillery missions'} left"
        return f"{u.name} cannot call a strike on {at}"
    return f"{u.name} cannot attack {at}"


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
            why = "cannot fire (target below 1)" if not check.possible else "fails its crew check"
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
        targets = line_targets(state, u, target)
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


def _hex_results(state: DHRState, host: DHRUnit, crowd: list[DHRUnit], damages: list, attacker_at: Hex,
                 ctx: Context, *, dv: int, untenable: bool = False) -> None:
    """Casualties on every unit of a hex, then one morale check for the unit (DHR-A23), with the
    figures of the hex lost counted as its casualties (attached figures stick with it)."""
    lr = leader_rating(state, host)  # the Leader in the blow steadies the check, even if he fell in it
    lost = 0
    for f, d in zip(crowd, damages):
        if d is None:
            continue
        lost += d.casualties
        take_casualties(state, f, d.casualties, d.wounds, ctx, d.medic_saved)
    if not host.on_map:
        return
    m = P.morale_check(host.rating, dv, lost, ctx.dice, leader_rating=lr, untenable=untenable,
                       side=host.side, unit=host.id)
    if m.retreat:
        retreat(state, host, m.retreat, attacker_at, ctx)


def _morale(state: DHRState, target: DHRUnit, c: P.Combatant, damage, attacker_at: Hex, ctx: Context) -> None:
    """Morale after every attack, even with no casualties (DHR-A23), once the casualties are off."""
    m = P.after_attack_morale(c, damage, ctx.dice)
    if m is not None and m.retreat and target.on_map:
        retreat(state, target, m.retreat, attacker_at, ctx)


def _fired_at(state: DHRState, u: DHRUnit, target: DHRUnit, w: Weapon) -> P.Combatant:
    dv = cover_dv(state.board, target.at, u.at, frozenset(state.wrecks))
    return combatant(state, target, terrain_dv=dv, attack=w.attack)


def _apply_fire_result(state: DHRState, target: DHRUnit, damage, morale, attacker_at: Hex, ctx: Context) -> None:
    take_casualties(state, target, damage.casualties, damage.wounds, ctx, damage.medic_saved)
    if morale is not None and morale.retreat and target.on_map:
        retreat(state, target, morale.retreat, attacker_at, ctx)


def take_casualties(state: DHRState, u: DHRUnit, lost: int, wounds: int, ctx: Context, negated: int = 0) -> None:
    if negated:
        ctx.emit(Message(message=f"the medic saves {negated} of {u.name} (DHR-A24)"))
    if toughness(state, u) > 1 and u.wounds != wounds:
        ctx.emit(Changed(unit=u.id, field="wounds", before=u.wounds, after=wounds, why="hits shrugged off"))
        u.wounds = wounds
    if lost <= 0:
        return
    before = u.figures
    u.figures = max(0, u.figures - lost)
    ctx.emit(Changed(unit=u.id, field="figures", before=before, after=u.figures, why="casualties"))
    if u.figures == 0:
        if u.stats.vehicle and opt(state, "vehicles") and u.at not in state.wrecks:
            state.wrecks.append(u.at)
            state.smoke.append(u.at)
        remove_unit(state, u, ctx, "all figures lost")


def retreat(state: DHRState, u: DHRUnit, hexes: int, away_from: Hex, ctx: Context) -> None:
    """Run away from the attacker, one hex per point the check failed by, ignoring terrain
    hindrance (DHR-A12); each step takes the free hex farthest from the attacker. A unit that
    cannot get farther away stops (the hexes it could not take are reported)."""
    if not u.on_map or u.attached_to is not None:
        return
    board = state.board
    occupied = {h for h, v in hosts(state).items() if v.id != u.id}
    start = u.at
    path = [start]
    here = start
    dq, dr = start.q - away_from.q, start.r - away_from.r
    for _ in range(hexes):
        d0 = here.distance(away_from)
        options = [h for h in here.neighbours()
                   if board.in_bounds(h) and h not in occupied and not spec(board.terrain_at(h)).impassable
                   and h.distance(away_from) > d0]
        if not options:
            break
        here = min(options, key=lambda h: (_off_line(h.q - start.q, h.r - start.r, dq, dr), h.r, h.q))
        path.append(here)
    lost = hexes - (len(path) - 1)
    if len(path) > 1:
        u.at = here
        for f in attached(state, u.id):
            f.at = here
    ctx.emit(Retreated(unit=u.id, path=tuple(path), lost=lost))
    if state.active_unit == u.id:
        state.mp_left = 0


def _off_line(vq: int, vr: int, dq: int, dr: int) -> float:
    """How far the offset (vq, vr) strays from the line through direction (dq, dr), in cube space:
    a retreat runs straight away from the attacker where the map allows."""
    v = (vq, vr, -vq - vr)
    d = (dq, dr, -dq - dr)
    dd = sum(x * x for x in d) or 1
    vd = sum(a * b for a, b in zip(v, d))
    return sum(x * x for x in v) - vd * vd / dd


# --- optional rules -------------------------------------------------------------------------------------


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
        ctx.emit(Message(message=f"{target.name} is an armoured vehicle: the blast does not harm it"))
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
        ctx.emit(Changed(unit=target.id, field="mobile", before=True, after=False, why="mobility kill"))
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


def mp_of_unit(u: DHRUnit) -> int:
    return 0 if u.mp_lost else u.stats.mp


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
    ctx.emit(Message(message=f"{u.name} casts {sp.name} at {target.name}"))
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
        ctx.emit(Moved(unit=u.id, path=(a_at, d_at)))
        ctx.emit(Message(message=f"{u.name} takes the hex (Melee)"))


def remove_unit(state: DHRState, u: DHRUnit, ctx: Context, why: str) -> None:
    """A unit is gone: its attached figures drop out where they stand."""
    u.eliminated = True
    u.figures = 0
    ctx.emit(Eliminated(unit=u.id, why=why))
    for f in attached(state, u.id):
        f.attached_to = None
        ctx.emit(Changed(unit=f.id, field="attached", before=u.id, after=None, why="its unit is gone"))
        # it stands alone in the hex now; if another unit holds it, it is lost with the unit
    if state.active_unit == u.id:
        state.attacked = True
        state.mp_left = 0
