"""A shot in stages, so that psionic pips can act during it (text: "Psionic": 'fire or cancel the fire from one
enemy system, reroll any 1 die ... including during the enemy's actions').

aim -> (the target's side may cancel the fire) -> the Range roll -> (the side it went against may re-roll it)
-> reveal, ADS, the Fire and Armour rolls -> (the side they went against may re-roll one of them) -> damage.

A pause is offered only to a side with a psionic unit that may still use a pip this phase within range, so games
without psionics never stop. The shot in progress is a plain dict kept in the pause (rules/reaction.py).
"""

from __future__ import annotations

from rules import reaction
from rules.core import Context
from rules.events import Changed
from rules.hexgrid import Hex
from rules.reaction import Pause
from rules.rulesets.hundred_wars import contest, engage, field, firing, mode_dice
from rules.rulesets.hundred_wars.procedures import fire as fp
from rules.rulesets.hundred_wars.procedures import specials as sp
from rules.rulesets.hundred_wars.psi_reach import ready_in_range
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwUnit

CANCEL = "psi_fire"
"""The pause before the Range roll: the target's side may cancel the fire with a pip."""
REROLL = "psi_die"
"""The pause after a roll of the shot: the side it went against may re-roll a die with a pip."""
DICE = ("range", "fire", "armour")


def fire(state: HwState, side: str, uid: str, w: int, at: Hex, ctx: Context) -> None:
    """Phase 4: the unit's weapon fires at the enemy at `at` (firing.aim says why it may not)."""
    firer, target = firing.aim(state, side, uid, w, at)
    start(state, firer, w, target, side, ctx)


def start(state: HwState, firer: HwUnit, w: int, target: HwUnit, by: str, ctx: Context, cancellable: bool = True) -> None:
    """The weapon is spent and the target marked; `by` is the side that rolls and allocates odd damage."""
    firer.fired.append(w)
    state.fired_at.setdefault(target.id, []).append(firer.id)
    shot = {"firer": firer.id, "w": w, "target": target.id, "by": by, "stage": "aim"}
    if cancellable and offer_cancel(state, shot, firer, target, ctx):
        return
    proceed(state, shot, ctx)


def offer_cancel(state: HwState, shot: dict, firer: HwUnit, target: HwUnit, ctx: Context) -> bool:
    """The target's side first, then the others in player order: one with a pip in range of the firer may cancel."""
    others = [target.side] + [s for s in state.order or state.side_ids() if s not in (target.side, shot["by"])]
    for other in others:
        cancel, ads = ready_in_range(state, other, firer.at), ads_simulable(state, shot, other)
        if other != shot["by"] and (cancel or ads):
            how = " or ".join(w for w, ok in (("cancel", cancel), ("intercept as an ADS", ads)) if ok)
            reaction.pause(state, Pause(kind=CANCEL, actor=shot["by"], reactor=other, data=dict(shot),
                                        prompt=f"{how} the fire of {firer.name} with a psionic pip (y), "
                                               "or let it fire (d)"), ctx)
            return True
    return False


def ads_simulable(state: HwState, shot: dict, side: str) -> list[HwUnit]:
    """The side's psionic units that may simulate an ADS against this shot: 'Any incoming attack ... with a Fire
    above 35 can be intercepted within range' -- a shot at one of the side's units within psionic range."""
    target, firer = state.units[shot["target"]], state.units[shot["firer"]]
    weapon = firer.stats.weapon(shot["w"])
    if target.side != side or weapon is None or not sp.ads_applies(weapon.fire):
        return []
    return ready_in_range(state, side, target.at)


def range_result(state: HwState, shot: dict) -> fp.RangeResult:
    return fp.range_outcome(shot["range"], shot["d"], state.hex_cm, shot["level"], shot["kind"])


def fire_result(shot: dict) -> fp.FireResult:
    return fp.fire_outcome(shot["fire"], shot["armour"], shot["fire_factor"], shot["armour_factor"], good=shot["good"],
                           level=shot["level"], kind=shot["kind"], double=shot["double"])


def die_unit(shot: dict, die: str) -> str:
    """Whose die it is: the Range and Fire dice are the firer's, the Armour die the target's."""
    return shot["target"] if die == "armour" else shot["firer"]


def against(state: HwState, shot: dict) -> str:
    """The side the dice rolled so far went against: the firer's on a miss, the target's on a hit."""
    target_side = state.units[shot["target"]].side
    if shot["stage"] == "range":
        return target_side if range_result(state, shot).effective else shot["by"]
    return target_side if fire_result(shot).hit else shot["by"]


def rerollable(state: HwState, shot: dict, side: str) -> list[tuple[str, HwUnit]]:
    """(die, psionic unit) pairs the side may re-roll now: a die of this stage, a unit with its owner in range."""
    dice = ("range",) if shot["stage"] == "range" else ("fire", "armour")
    out = []
    for die in dice:
        owner = state.units[die_unit(shot, die)]
        out += [(die, p) for p in ready_in_range(state, side, owner.at)]
    return out


def offer_reroll(state: HwState, shot: dict, ctx: Context) -> bool:
    side = against(state, shot)
    found = rerollable(state, shot, side)
    if not found:
        return False
    dice = sorted({d for d, _ in found}, key=DICE.index)
    reaction.pause(state, Pause(kind=REROLL, actor=shot["by"], reactor=side, data=dict(shot),
                                prompt=f"re-roll the {' or the '.join(dice)} die with a psionic pip (y), "
                                       "or keep the dice (d)"), ctx)
    return True


def roll(state: HwState, shot: dict, die: str, ctx: Context, purpose: str = "") -> int:
    """Roll one die of the shot (again, for a psionic re-roll: `purpose` says so in the dice log)."""
    firer, target = state.units[shot["firer"]], state.units[shot["target"]]
    if die == "range":
        return fp.range_roll(shot["d"], state.hex_cm, shot["level"], ctx.dice, kind=shot["kind"], side=shot["by"],
                             unit=firer.id, purpose=purpose or "range").roll
    if die == "fire":
        return fp.fire_die(shot["fire_factor"], shot["good"], ctx.dice, purpose or "fire", side=shot["by"], unit=firer.id)
    explained = fp.armour_modifiers(target.stats.armour, field.arc(target, firer.at), all_round=target.stats.all_round,
                                    rear_bulk=target.stats.rear_armour)
    return fp.armour_die(shot["armour_factor"], ctx.dice, purpose or "armour", side=target.side, unit=target.id,
                         modifiers=explained)


def reroll(state: HwState, shot: dict, die: str, psi: HwUnit, ctx: Context) -> None:
    """A psionic pip re-rolls one die; the side the new result goes against may then re-roll in turn."""
    shot[die] = roll(state, shot, die, ctx, f"{die} (psionic re-roll by {psi.name})")
    if not offer_reroll(state, shot, ctx):
        proceed(state, shot, ctx)


def proceed(state: HwState, shot: dict, ctx: Context) -> None:
    """Run the shot on from its stage: each roll may pause it for a psionic re-roll; `proceed` picks it up again.

    aim -> homing (the target side's ECM may restore its cover) -> roll_range -> range (re-roll) -> reveal, the
    ADS interception -> roll_damage -> damage (re-roll) -> the result. The two ECM/ADS contests are contest.py's
    (their dice may be re-rolled too); `after_homing` and `after_intercept` go on from them.
    """
    firer, target = state.units[shot["firer"]], state.units[shot["target"]]
    if firer.eliminated or not firer.on_map or target.eliminated or not target.on_map:
        return
    weapon = firer.stats.weapon(shot["w"])
    lf, lt = fp.shot_levels(firer.level, target.level, firer.stats.large, target.stats.large)
    if shot["stage"] == "aim":
        before = set(state.terrain_rolls)
        level = fp.elevation_level(lf, lt, field.fire_level(state, firer.at, target.at, ctx, shot["by"]))
        new = mode_dice.rolled_since(state, before)
        others = [target.side] + [x for x in state.order or state.side_ids() if x not in (target.side, shot["by"])]
        if new and mode_dice.offer(state, {"pieces": new, "actor": shot["by"], "others": others, "shot": dict(shot)}, ctx):
            return  # a terrain die may be re-rolled first; the shot aims again with the level as it stands
        shot.update(stage="roll_range", level=level, kind=weapon.kind, d=field.cm(state, firer.at, target.at))
        found = firing.homing_guard(state, firer, target) if weapon.kind == "homing" else None
        if found is not None:  # 'Disrupt Homing Weapons ... restore cover bonus'
            guard, counter = found
            c = contest.contest(state, "homing", guard, counter, firer.side, "ECM against homing", shot=dict(shot))
            if not contest.roll(state, c, ctx):
                after_homing(state, c, ctx)
            return
    if shot["stage"] == "roll_range":
        shot["stage"] = "range"
        shot["range"] = roll(state, shot, "range", ctx)
        if offer_reroll(state, shot, ctx):
            return
    if shot["stage"] == "range":
        rr = range_result(state, shot)
        if not rr.effective:
            return
        if target.blind:
            at = target.at
            placed = engage.reveal(state, target, ctx, f"a successful attack by {firer.name}")
            target = next((u for u in placed if u.at == at), placed[0] if placed else None)
            if target is None:
                return
            lf, lt = fp.shot_levels(firer.level, target.level, firer.stats.large, target.stats.large)
        armour = fp.armour_against(target.stats.armour, field.arc(target, firer.at), all_round=target.stats.all_round,
                                   rear_bulk=target.stats.rear_armour)
        double = fp.doubles_damage(indirect_good_hit=rr.good and weapon.kind == "indirect",
                                   from_above=fp.from_above(lf, lt), from_below=fp.from_below(lf, lt),
                                   top_armour=target.stats.top_armour, mine_proof=target.stats.mine_proof)
        shot.update(stage="roll_damage", target=target.id, good=rr.good, armour_factor=armour, double=double,
                    fire_factor=max(weapon.fire - shot.get("psi_ads", 0), 0))
        found = firing.ads_guard(state, firer, target, weapon.fire)
        if found is not None:  # 'Roll below your ADS and also beat any enemy ECM roll'
            guard, jam = found
            c = contest.contest(state, "intercept", guard, jam, firer.side, "ADS", my_factor=firing.ads_factor(state, guard),
                                my_die="ADS", foe_purpose="ECM against ADS", shot=dict(shot))
            if not contest.roll(state, c, ctx):
                after_intercept(state, c, ctx)
            return
    if shot["stage"] == "roll_damage":
        shot["stage"] = "damage"
        shot["fire"] = roll(state, shot, "fire", ctx)
        shot["armour"] = roll(state, shot, "armour", ctx)
        if offer_reroll(state, shot, ctx):
            return
    r = fire_result(shot)
    if r.destroyed:
        engage.destroy(state, target, ctx, f"fire of {firer.name}: Fire {r.fire_score} double Armour {r.armour_score}")
    elif r.hit:
        engage.deal(state, [target], r.damage, shot["by"], ctx, f"fire of {firer.name}")


def after_homing(state: HwState, c: dict, ctx: Context) -> None:
    """The homing ECM contest stands: on a success the shot meets the terrain as direct fire; the Range roll next."""
    shot = dict(c["shot"])
    if contest.result(c).success:
        shot["kind"] = "direct"
        ctx.emit(Changed(unit=shot["target"], field="cover", before="homing", after="restored",
                         why=f"ECM of {state.units[c['ecm']].name}"))
    proceed(state, shot, ctx)


def after_intercept(state: HwState, c: dict, ctx: Context) -> None:
    """The ADS contest stands: on a success the Fire is cut by ten times the difference; the Fire and Armour next."""
    shot = dict(c["shot"])
    r = contest.result(c)
    cut = 10 * r.difference if r.success else 0
    if cut:
        before = shot["fire_factor"]
        shot["fire_factor"] = max(before - cut, 0)
        ctx.emit(Changed(unit=shot["firer"], field="fire", before=before, after=shot["fire_factor"],
                         why=f"intercepted by {state.units[c['ecm']].name}'s ADS"))
    proceed(state, shot, ctx)
