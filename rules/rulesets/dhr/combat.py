"""DHR attacks in the game: which attacks a unit may make, why one is refused, and handing a
legal one to `attacks.py`, which calls the pure procedures (`rules.rulesets.dhr.procedures`) with
the inputs `fighters.py` gathers from the state and applies their results (`losses.py`).

Firing ("Firing", "Terrain Saves", "Armor Saves", "Morale"), machine-gun line fire
(DHR-A10), melee ("Melee", DHR-A13), and the optional rules: area effect, armoured
vehicles with the damage table and overruns, special figures (Leader, RTO, Medic,
Wizard, Champion) and crew-served weapons.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.actions import Action
from rules.core import Context, Refusal
from rules.hexgrid import Hex
from rules.rulesets.dhr import procedures as P
from rules.rulesets.dhr.actions import Call, Cast, Fire, Melee, Overrun
from rules.rulesets.dhr.attacks import call, cast, fire, melee, overrun
from rules.rulesets.dhr.fighters import (
    AIR, ARTILLERY, armoured, enemy_hosts, fire_number, firers, in_hex, is_area, line_targets, opt, weapon_usable,
)
from rules.rulesets.dhr.state import DHRState, host_at, mp_of
from rules.rulesets.dhr.units import DHRUnit
from rules.words import agree, count, with_verb

# read here by preview.py, turn.py and the tests (moved out of this module when it grew)
from rules.rulesets.dhr.attacks import _fired_at, area_targets  # noqa: F401
from rules.rulesets.dhr.fighters import (  # noqa: F401
    combatant, has_medic, leader_rating, mp_of_unit, save_dv,
)
from rules.rulesets.dhr.losses import remove_unit  # noqa: F401


# --- legal attacks -----------------------------------------------------------------------------


def attack_actions(state: DHRState, u: DHRUnit) -> list[Action]:
    return list(_attacks(state, u))


def _attacks(state: DHRState, u: DHRUnit) -> Iterator[Action]:
    """The attacks of `attack_actions`, one at a time: `has_attack` stops at the first (asked after every move and
    attack of an activation, whether it goes on)."""
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
                    yield Fire(side=u.side, unit=u.id, at=e.at, weapon=i, slots=1)
                continue
            crowd = along = None
            for slots in range(1, len(w.rof) + 1):
                if fire_number(u, w, dist, slots) < 1:
                    break
                yield Fire(side=u.side, unit=u.id, at=e.at, weapon=i, slots=slots)
                if not w.line or armoured(state, e):
                    continue
                total = firers(u, w) * sum(w.rof[:slots])
                if crowd is None:
                    crowd = in_hex(state, e) if opt(state, "special_figures") else [e]
                    along = line_targets(state, u, e, w)
                if len(crowd) > 1:
                    # traversing fire over every figure in the hex (DHR-A10), the default first
                    for split in dice_choices(total, [f.figures for f in crowd]):
                        if split != [total] + [0] * (len(crowd) - 1):
                            yield Fire(side=u.side, unit=u.id, at=e.at, weapon=i, slots=slots, dice=split)
                if len(along) > 1:
                    yield Fire(side=u.side, unit=u.id, at=e.at, weapon=i, slots=slots, line=True)
                    for split in dice_choices(total, [t.figures for t in along])[1:]:
                        yield Fire(side=u.side, unit=u.id, at=e.at, weapon=i, slots=slots, line=True, dice=split)
    if not attacked and u.attached_to is None:
        adjacent = [e for e in enemies if e.at.distance(u.at) == 1]
        mp = state.mp_left if active else mp_of(state, u)
        if u.stats.vehicle and opt(state, "vehicles"):
            if mp >= 1:
                yield from (Overrun(side=u.side, unit=u.id, at=e.at) for e in adjacent if not armoured(state, e))
        elif u.stats.melee > 0:
            yield from (Melee(side=u.side, unit=u.id, at=e.at) for e in adjacent if not armoured(state, e))
    if opt(state, "special_figures") and u.stats.special == "wizard":
        yield from cast_actions(state, u, enemies)
    if opt(state, "special_figures") and u.stats.special == "rto" and not attacked:
        for e in enemies:
            if u.artillery > 0:
                yield Call(side=u.side, unit=u.id, at=e.at, strike=ARTILLERY)
            if u.air > 0:
                yield Call(side=u.side, unit=u.id, at=e.at, strike=AIR)


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
    return next(_attacks(state, u), None) is not None


# --- applying attacks ---------------------------------------------------------------------------------


def apply_attack(state: DHRState, u: DHRUnit, action: Action, ctx: Context) -> None:
    target = host_at(state, Hex(*action.at))
    if target is None:
        raise Refusal(f"no enemy at {Hex(*action.at)}")
    if target.side == u.side:
        raise Refusal(f"{target.name} at {Hex(*action.at)} {agree(target.name, 'is', 'are')} your own unit")
    legal = attack_actions(state, u)
    if isinstance(action, Fire) and action.dice:
        base = action.model_copy(update={"dice": []})
        if base not in legal or not any(isinstance(a, Fire) and a.dice and a.model_copy(update={"dice": []}) == base
                                        for a in legal):
            raise Refusal(_why_not(state, u, base, target) if base not in legal
                          else "only a machine gun shares its dice (line fire, or traversing fire over the "
                               "figures of a hex with special figures in it)")
        w = u.stats.weapons[action.weapon]
        n = len(line_targets(state, u, target, w)) if action.line else len(in_hex(state, target))
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
        return f"{with_verb(u.name, 'has', 'have')} already attacked this activation"
    if isinstance(action, Fire):
        if not 0 <= action.weapon < len(u.stats.weapons):
            return f"{with_verb(u.name, 'has', 'have')} no weapon number {action.weapon}"
        w = u.stats.weapons[action.weapon]
        if active and action.weapon in state.fired:
            return f"the {w.name} has already fired this activation"
        if w.armament and u.weapon_out and opt(state, "vehicles"):
            return f"{u.name}'s {w.name} is knocked out"
        if u.stats.special == "rto" and u.attached_to is not None:
            return f"{with_verb(u.name, 'works', 'work')} the radio while attached: his unit does the shooting"
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
            return f"{with_verb(u.name, 'fights', 'fight')} in its unit's melee, not on its own"
        if dist != 1:
            return f"{at} is not next to {u.name}"
        if u.stats.vehicle and opt(state, "vehicles"):
            return f"{with_verb(u.name, 'is', 'are')} a vehicle: it overruns (o) instead of fighting in melee"
        if armoured(state, target):
            return f"{with_verb(target.name, 'is', 'are')} an armoured vehicle: it cannot be fought in melee"
        if u.stats.melee <= 0:
            return f"{with_verb(u.name, 'does', 'do')} not fight in melee"
        return f"{u.name} cannot close with {at}"
    if isinstance(action, Cast):
        if u.stats.special != "wizard" or not opt(state, "special_figures"):
            return f"{with_verb(u.name, 'is', 'are')} not a Wizard: only a Wizard casts spells" if opt(state, "special_figures") \
                else "special figures are off in this game: no spells"
        if not 0 <= action.spell < len(u.stats.spells):
            return f"{with_verb(u.name, 'has', 'have')} no spell number {action.spell}"
        sp = u.stats.spells[action.spell]
        if active and action.spell in state.cast:
            return f"{with_verb(u.name, 'has', 'have')} already cast {sp.name} this activation"
        if sp.range == 0 and dist != 1:
            return f"{sp.name} is a touch spell: {at} is not next to {u.name}"
        return f"{at} is too far for {sp.name} ({dist} hexes at range {sp.range})"
    if isinstance(action, Overrun):
        if not (u.stats.vehicle and opt(state, "vehicles")):
            return f"{with_verb(u.name, 'is', 'are')} not a vehicle: only vehicles overrun" if opt(state, "vehicles") \
                else "armoured vehicles are off in this game: no overruns"
        if dist != 1:
            return f"{at} is not next to {u.name}"
        if armoured(state, target):
            return f"{with_verb(target.name, 'is', 'are')} an armoured vehicle: only infantry can be overrun"
        return f"{with_verb(u.name, 'has', 'have')} no movement point left to overrun"
    if isinstance(action, Call):
        if not opt(state, "special_figures"):
            return "special figures are off in this game: no RTO calls"
        if u.stats.special != "rto":
            return f"{with_verb(u.name, 'is', 'are')} not an RTO: only an RTO calls artillery or air strikes"
        left = u.air if action.strike == AIR else u.artillery
        if left <= 0:
            return f"{with_verb(u.name, 'has', 'have')} no {'air strikes' if action.strike == AIR else 'artillery missions'} left"
        return f"{u.name} cannot call a strike on {at}"
    return f"{u.name} cannot attack {at}"
