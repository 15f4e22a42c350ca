"""Phase 4: who may fire at what (range, line of sight, spotters, elevation, priorities), ADS and ECM in a shot, repairs,
ECM jams and attacks on an ADS. The shot itself runs in shot.py."""

from __future__ import annotations

from rules import reaction
from rules.core import Context, Refusal
from rules.events import Changed
from rules.hexgrid import Hex
from rules.reaction import Pause
from rules.rulesets.hundred_wars import contest, ecm, field
from rules.rulesets.hundred_wars.procedures import fire as fp
from rules.rulesets.hundred_wars.procedures import specials as sp
from rules.rulesets.hundred_wars.psi_reach import ready_in_range
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwUnit, factor_of, lower
from rules.words import agree


def spotter(state: HwState, firer: HwUnit, target: HwUnit, reach: int) -> HwUnit | None:
    """'Spotter is needed within range of firer and within line of sight and range of the target.'"""
    for s in state.live(firer.side):
        if s.id == firer.id or s.blind:
            continue
        sees = max(s.stats.max_range, s.stats.orders_range)
        if (field.cm(state, firer.at, s.at) <= reach and field.cm(state, s.at, target.at) <= sees
                and not field.blocked_line(state, s, target)):
            return s
    return None


def why_not(state: HwState, firer: HwUnit, w: int, target: HwUnit) -> str:
    """Why the weapon may not fire at the target ('' when it may), priorities left aside."""
    weapon = firer.stats.weapon(w)
    if weapon is None or weapon.fire <= 0:
        return f"{firer.name} {agree(firer.agrees_as, 'has', 'have')} no such weapon"
    if w in firer.fired:
        return f"that weapon of {firer.name} has fired this phase"
    d = field.cm(state, firer.at, target.at)
    if d > weapon.range:
        return f"the target is {d} cm away, beyond the Range of {weapon.range} cm (AHW-A09)"
    pieces = field.piece_map(state.board)  # looked up once, not for each hex (every shot checks every target)
    own, rolls = pieces.get(firer.at), state.terrain_rolls
    # `known_level(h, None)` of the pieces crossed but the firer's own: only a piece rolled impassable is impassable
    if any(p is not None and p != own and rolls.get(p) == "impassable"
           for p in map(pieces.get, [*field.between(firer.at, target.at), target.at])):
        return "the line of fire crosses terrain impassable at this time and place"
    lf, lt = fp.shot_levels(firer.level, target.level, firer.stats.large, target.stats.large)
    why = fp.elevation_refusal(lf, lt, weapon.kind, weapon.fire, target_underground=target.mode == "underground" and target.level < 0)
    if why:
        return why
    if weapon.kind == "indirect":
        if spotter(state, firer, target, weapon.range) is None:
            return "indirect fire needs a spotter within range of the firer with the target in sight and range"
    elif field.blocked_line(state, firer, target):
        if weapon.kind == "direct" or spotter(state, firer, target, weapon.range) is None:
            return "another unit stands in the line of fire"
    return ""


def candidates(state: HwState, firer: HwUnit, among: set[str] | None = None) -> list[fp.Candidate]:
    """The enemies on the table (those of `among` only, when given) as the target priorities weigh them."""
    out = []
    live = state.live()
    friends = [f for f in live if f.side == firer.side and f.id != firer.id]
    at_me = state.fired_at.get(firer.id, [])
    at_friends = {x for f in friends for x in state.fired_at.get(f.id, ())}
    friend_hexes = {f.at for f in friends}
    for e in live:
        if e.side == firer.side or (among is not None and e.id not in among):
            continue
        out.append(fp.Candidate(
            id=e.id, distance=field.cm(state, firer.at, e.at), in_contact=firer.at.distance(e.at) == 1,
            firing_at_me=e.id in at_me,
            engaging_friends=e.id in at_friends or any(n in friend_hexes for n in e.at.neighbours()),
        ))
    return out


def targets(state: HwState, firer: HwUnit, w: int) -> list[HwUnit]:
    """Enemies the weapon may fire at: in range and sight, of the first priority class that has any (option
    `target_priority`), and the target a group-mate already fired at when it is one of them (option `groups`)."""
    weapon = firer.stats.weapon(w)
    if weapon is None or weapon.fire <= 0 or w in firer.fired:
        return []  # `why_not` says so of every target
    reach = weapon.range  # those beyond it are left out before `why_not` is asked (it refuses them too)
    able = [e for e in state.live() if e.side != firer.side and field.cm(state, firer.at, e.at) <= reach
            and not why_not(state, firer, w, e)]
    if able and state.options.get("target_priority", True):  # weighed among those it may fire at only
        ids = set(fp.priority_targets(candidates(state, firer, {a.id for a in able})))
        able = [a for a in able if a.id in ids]
    if able and state.options.get("groups", True):  # a group fires 'at the same targets when possible'
        mates = {g.id for g in field.group(state, firer)} - {firer.id}
        able = [a for a in able if mates & set(state.fired_at.get(a.id, []))] or able
    return able


def aim(state: HwState, side: str, uid: str, w: int, at: Hex) -> tuple[HwUnit, HwUnit]:
    """(firer, target) of a shot the side may fire now, or a Refusal saying why not (the shot itself: shot.py)."""
    firer = state.units.get(uid)
    target = state.unit_at(at)
    if firer is None or firer.side != side or not firer.on_map or firer.blind:
        raise Refusal(f"{uid} is not a unit of yours on the table (a blind does not fire: reveal it first)")
    if target is None or target.side == side:
        raise Refusal(f"there is no enemy at {at}")
    why = why_not(state, firer, w, target)
    if why:
        raise Refusal(why)
    if target.id not in {t.id for t in targets(state, firer, w)}:
        raise Refusal("target priorities: an enemy in contact, firing at it, engaging friends or closer comes first, "
                      "and a group fires at its group-mates' target when it can")
    return firer, target


def ads_guard(state: HwState, firer: HwUnit, target: HwUnit, fire: int) -> tuple[HwUnit, HwUnit | None] | None:
    """(the target side's first ADS unit with the target in range, the firer side's first ECM unit with that ADS in
    range) when the Fire is above 35 (the interception itself: shot.py, a contest of contest.py)."""
    if not sp.ads_applies(fire):
        return None
    guard = next((a for a in state.live(target.side) if not a.blind and ads_factor(state, a)
                  and field.cm(state, a.at, target.at) <= a.stats.ads_range), None)
    if guard is None:
        return None
    jam = next((e for e in state.live(firer.side) if not e.blind and e.stats.ecm
                and field.cm(state, e.at, guard.at) <= e.stats.ecm_range), None)
    return guard, jam


def homing_guard(state: HwState, firer: HwUnit, target: HwUnit) -> tuple[HwUnit, HwUnit | None] | None:
    """(the target side's best ECM unit with the target in range, the firer side's best ECM in range of it)."""
    guard = max((e for e in state.live(target.side) if not e.blind and e.stats.ecm
                 and field.cm(state, e.at, target.at) <= e.stats.ecm_range), key=lambda e: e.stats.ecm, default=None)
    if guard is None:
        return None
    counter = max((e for e in state.live(firer.side) if not e.blind and e.stats.ecm
                   and field.cm(state, e.at, guard.at) <= e.stats.ecm_range), key=lambda e: e.stats.ecm, default=None)
    return guard, counter


def ads_factor(state: HwState, u: HwUnit) -> int:
    """The unit's ADS less what enemy ECM took off it this turn."""
    return max(u.stats.ads - state.ads_cut.get(u.id, 0), 0)


# --- repairs, psionics, ECM ------------------------------------------------------------


def repair_key(u: HwUnit) -> str | None:
    """The factor a repair restores: the first damaged one (Armour, Fire, Move, Orders) not locked by a 10."""
    keys = ["armour"] + [f"fire:{i}" for i in range(len(u.stats.weapons))] + [f"move:{m.mode}" for m in u.stats.move] + ["orders"]
    for k in keys:
        if k not in u.locked and factor_of(u.stats, k) < factor_of(u.start, k):
            return k
    return None


REPAIR_REROLL = "psi_repair"
"""The pause after a Field Repairs roll: the side it went against may re-roll it with a psionic pip."""


def repair(state: HwState, side: str, uid: str, at: Hex, ctx: Context) -> None:
    """'Roll below factor on 1d10 to repair 1 point per turn during Fire phase. Must be in base to base.'"""
    fixer = state.units.get(uid)
    target = state.unit_at(at)
    if fixer is None or fixer.side != side or not fixer.on_map or fixer.blind or not fixer.stats.field_repairs:
        raise Refusal(f"{uid} is not a unit of yours with Field Repairs")
    if fixer.repaired:
        raise Refusal(f"{fixer.name} {agree(fixer.agrees_as, 'has', 'have')} repaired this turn")
    if target is None or target.side != side or target.blind or fixer.at.distance(at) > 1:
        raise Refusal(f"no unit of yours in base to base contact at {at}")
    key = repair_key(target)
    if key is None:
        raise Refusal(f"{target.name} {agree(target.agrees_as, 'has', 'have')} no damage that can still be repaired")
    fixer.repaired = True
    fix = {"fixer": fixer.id, "target": target.id, "key": key}
    fix["roll"] = sp.roll_repair(fixer.stats.field_repairs, ctx.dice, side=side, unit=fixer.id).roll
    if not offer_repair_reroll(state, fix, ctx):
        finish_repair(state, fix, ctx)


def repair_reroll_side(state: HwState, fix: dict) -> str | None:
    """(hexwar) The side a repair roll went against, that may re-roll it with a psionic pip in range of the repairer:
    a repair goes against the other sides (the first in player order that can), no repair against its own."""
    fixer = state.units[fix["fixer"]]
    if sp.field_repair(fixer.stats.field_repairs, fix["roll"]).repaired:
        return next((s for s in state.order or state.side_ids() if s != fixer.side
                     and ready_in_range(state, s, fixer.at)), None)
    return fixer.side if ready_in_range(state, fixer.side, fixer.at) else None


def offer_repair_reroll(state: HwState, fix: dict, ctx: Context) -> bool:
    side = repair_reroll_side(state, fix)
    if side is None:
        return False
    fixer = state.units[fix["fixer"]]
    reaction.pause(state, Pause(kind=REPAIR_REROLL, actor=fixer.side, reactor=side, data=dict(fix),
                                prompt=f"re-roll the Field Repairs die of {fixer.name} with a psionic pip (y), "
                                       "or keep it (d)"), ctx)
    return True


def repair_reroll(state: HwState, fix: dict, psi: HwUnit, ctx: Context) -> None:
    fixer = state.units[fix["fixer"]]
    (fix["roll"],) = ctx.dice.roll(1, 10, f"field repairs (psionic re-roll by {psi.name})", side=fixer.side,
                                   unit=fixer.id, need=fixer.stats.field_repairs, test="<", rule=sp.R_REPAIR)
    if not offer_repair_reroll(state, fix, ctx):
        finish_repair(state, fix, ctx)


def finish_repair(state: HwState, fix: dict, ctx: Context) -> None:
    """The repair roll stands: below the factor, 1 point back; a 10, no further repairs on that factor."""
    fixer, target, key = state.units[fix["fixer"]], state.units[fix["target"]], fix["key"]
    r = sp.field_repair(fixer.stats.field_repairs, fix["roll"])
    if r.repaired and not target.eliminated:
        lower(target.stats, key, -1)
        ctx.emit(Changed(unit=target.id, field=key, before=None, after="+1", why=f"field repairs by {fixer.name}"))
    if r.locked:
        target.locked.append(key)


def jam(state: HwState, side: str, uid: str, at: Hex, ctx: Context) -> None:
    """ECM: 'Remove 1d10 pips from any enemy commander within range but not to less than 2.'"""
    e = state.units.get(uid)
    cmd = state.unit_at(at)
    if e is None or e.side != side or not e.on_map or e.blind or not e.stats.ecm or uid in state.jammed:
        raise Refusal(f"{uid} is not an ECM unit of yours that may jam now")
    if cmd is None or cmd.side == side or cmd.blind or cmd.stats.orders == 0 or field.cm(state, e.at, at) > e.stats.ecm_range:
        raise Refusal(f"no enemy commander within ECM range at {at}")
    state.jammed.append(uid)
    c = contest.contest(state, "jam", e, ecm.best_ecm(state, cmd.side, e), cmd.side, "ECM jam", at=list(at))
    if not contest.roll(state, c, ctx):
        finish_jam(state, c, ctx)


def finish_jam(state: HwState, c: dict, ctx: Context) -> None:
    """On a success 1d10 pips off the commander, not below 2."""
    e, cmd = state.units[c["ecm"]], state.unit_at(Hex(*c["at"]))
    if not contest.result(c).success or cmd is None:
        return
    side, uid = e.side, e.id
    (n,) = ctx.dice.roll(1, 10, "pips removed", side=side, unit=uid, rule=sp.R_ECM)
    before = state.pips.get(cmd.id, 0)
    state.pips[cmd.id] = sp.pips_after_ecm(before, n)
    ctx.emit(Changed(unit=cmd.id, field="pips", before=before, after=state.pips[cmd.id], why=f"jammed by {e.name}"))


def ads_targets(state: HwState, e: HwUnit) -> list[HwUnit]:
    """Enemy ADS units (their ADS not yet 0) within the ECM unit's range."""
    if e.blind or not e.stats.ecm or e.id in state.ecm_ads:
        return []
    return [a for a in state.live() if a.side != e.side and not a.blind and ads_factor(state, a)
            and field.cm(state, e.at, a.at) <= e.stats.ecm_range]


def ecm_ads(state: HwState, side: str, uid: str, at: Hex, ctx: Context) -> None:
    """ECM: 'Combat an enemy ADS. Roll below your ECM and also beat the enemy's ADS roll to reduce the ADS by the
    difference' (AHW-A23: margins). One attack per ECM unit per turn; the cut lasts to the end of the turn."""
    e = state.units.get(uid)
    if e is None or e.side != side or not e.on_map or e.blind or not e.stats.ecm or uid in state.ecm_ads:
        raise Refusal(f"{uid} is not an ECM unit of yours that may attack an ADS now")
    target = state.unit_at(at)
    if target is None or target.id not in {a.id for a in ads_targets(state, e)}:
        raise Refusal(f"no enemy ADS within {e.name}'s ECM range at {at}")
    state.ecm_ads.append(uid)
    c = contest.contest(state, "ads", e, target, target.side, "ECM against ADS", foe_factor=ads_factor(state, target),
                        foe_die="ADS", foe_purpose="ADS")
    if not contest.roll(state, c, ctx):
        finish_ecm_ads(state, c, ctx)


def finish_ecm_ads(state: HwState, c: dict, ctx: Context) -> None:
    """'reduce the ADS by the difference' (AHW-A23), not below 0, to the end of the turn."""
    e, target, factor = state.units[c["ecm"]], state.units[c["foe"]], c["foe_factor"]
    cut = sp.ads_vs_ecm(factor, e.stats.ecm, c["mine"], c["theirs"])
    if cut:
        state.ads_cut[target.id] = state.ads_cut.get(target.id, 0) + cut
        ctx.emit(Changed(unit=target.id, field="ads", before=factor, after=factor - cut, why=f"ECM of {e.name}"))
