"""Campaigns without a file format: forces carried between battles, repair bonus rolls, replacements, captures.

Text: "Repair Bonus" and "Captures". After a battle every damaged unit rolls
1d100 and restores damage points up to the score; the loser rolls 1d100 and
every other side 2d100 for a pool spent on further repairs, replacements of
destroyed units and new units; each full 100 of the pool may add 1 point to
any one unit (AHW-A24). Units of non-winning sides left on the table with 0
Move and 0 Fire are captured: the winner keeps one (and may repair it) or
turns 10% of its remaining value into its pool. The lead's campaign *file*
kind stores a `Campaign`; this module never reads or writes files.
"""

from __future__ import annotations

import math
from fractions import Fraction

from pydantic import BaseModel, Field

from rules.core import Refusal, UnitSetup
from rules.dice import Dice
from rules.rulesets.hundred_wars.costing import unit_cost
from rules.rulesets.hundred_wars.procedures.specials import scuttle
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwStats, factor_of, key_label, lower
from rules.words import count, with_verb

R_REPAIR = "Repair Bonus; AHW-A24"
R_CAPTURE = "Captures"
UPGRADE_COST = 100
"""'Each roll of 100 allows 1 point to be added to any one unit' (AHW-A24)."""
unit_stats = HwStats
"""The stats of a unit bought from an army list (the campaign's spending, rules/contract.py `CampaignSpending`)."""
SALVAGE = 10
"""Per cent of a captured unit's remaining points value that goes to the pool."""


class CampaignUnit(BaseModel):
    id: str
    side: str
    name: str
    kind: str = ""
    stats: HwStats
    bought: HwStats
    """The factors as bought (repairs restore up to these)."""
    captured_from: str = ""

    @property
    def damage(self) -> int:
        """Factor points lost: Armour, Fire, Move and Orders below what was bought."""
        return sum(factor_of(self.bought, k) - factor_of(self.stats, k) for k in repair_keys(self.bought))


class Stranded(BaseModel):
    """A unit of the losing team left on the table with 0 Move (and some Fire: else it is captured), which its
    side may try to scuttle between battles; its factors as the battle ended."""

    id: str
    side: str
    name: str
    fire: int
    armour: int


class Campaign(BaseModel):
    sides: list[str]
    forces: dict[str, list[CampaignUnit]] = Field(default_factory=dict)
    destroyed: dict[str, list[CampaignUnit]] = Field(default_factory=dict)
    captured: list[CampaignUnit] = Field(default_factory=list)
    """Units taken by the last battle's winner, waiting to be claimed or salvaged."""
    pools: dict[str, int] = Field(default_factory=dict)
    winner: str | None = None
    battles: int = 0
    stranded: list[Stranded] = Field(default_factory=list)
    """The last battle's stranded units that may still be scuttled (one attempt each)."""
    scuttled: list[str] = Field(default_factory=list)
    """What the scuttle rolls since the last battle did, in words."""
    seed: int = 0
    """The last battle's game seed: seeds the between-battle dice (scuttle rolls), never the clock."""

    def unit(self, side: str, uid: str) -> CampaignUnit:
        for u in self.forces.get(side, []):
            if u.id == uid:
                return u
        raise Refusal(f"{uid} is not in {side}'s force")


def repair_keys(stats: HwStats) -> list[str]:
    return ["armour"] + [f"fire:{i}" for i in range(len(stats.weapons))] + [f"move:{m.mode}" for m in stats.move] + ["orders"]


def start(state: HwState) -> Campaign:
    """A campaign whose forces are the scenario's units as bought."""
    c = Campaign(sides=state.side_ids())
    for u in state.units.values():
        if not u.blind:
            c.forces.setdefault(u.side, []).append(
                CampaignUnit(id=u.id, side=u.side, name=u.name, kind=u.kind, stats=u.start.model_copy(deep=True),
                             bought=u.start.model_copy(deep=True)))
    return c


def stranded(u) -> bool:
    """'0 Move points and 0 Fire points'."""
    return u.stats.total_move == 0 and u.stats.total_fire == 0


def scuttle_rolls(state: HwState, side: str, dice: Dice) -> list[str]:
    """The losing team may try to destroy its stranded units: under their own Fire and over their Armour (1d100)."""
    gone = []
    for u in state.units.values():
        if u.side == side and u.on_map and not u.blind and u.stats.total_move == 0:
            (roll,) = dice.roll(1, 100, "scuttle", side=side, unit=u.id, rule=R_CAPTURE)
            if scuttle(roll, u.stats.total_fire, u.stats.armour):
                u.eliminated = True
                gone.append(u.id)
    return gone


def end_battle(c: Campaign, state: HwState, dice: Dice) -> Campaign:
    """Carry the battle's outcome into the campaign: losses, captures, repair rolls and the bonus pools."""
    result = state.result
    if result is None:
        raise Refusal("the battle is not over")
    c = c.model_copy(deep=True)
    c.battles += 1
    c.winner = result.winner
    c.captured, c.stranded, c.scuttled, c.seed = [], [], [], state.seed
    for side in c.sides:
        kept, lost = [], []
        for cu in c.forces.get(side, []):
            u = state.units.get(cu.id)
            if u is None:
                kept.append(cu)
                continue
            now = cu.model_copy(update={"stats": u.stats.model_copy(deep=True)})
            if u.eliminated:
                lost.append(now)
            elif result.winner is not None and side != result.winner and u.on_map and stranded(u):
                c.captured.append(now.model_copy(update={"side": result.winner, "captured_from": side}))
            else:
                kept.append(now)
                if result.winner is not None and side != result.winner and u.on_map and not u.blind \
                        and u.stats.total_move == 0 and scuttle_chance(u.stats.total_fire, u.stats.armour):
                    c.stranded.append(Stranded(id=u.id, side=side, name=u.name, fire=u.stats.total_fire,
                                               armour=u.stats.armour))
        c.forces[side] = kept
        c.destroyed.setdefault(side, []).extend(lost)
    for side in c.sides:  # 'roll 1d100 for each damaged unit and restore any damage points up to the 1d100 score'
        for cu in c.forces[side]:
            if cu.damage:
                (roll,) = dice.roll(1, 100, "repair bonus", side=side, unit=cu.id, rule=R_REPAIR)
                restore(cu, roll)
    loser = loser_of(c, state)
    for side in c.sides:  # 'The loser rolls 1d100 (any others roll 2d100)'
        n = 1 if side == loser else 2
        c.pools[side] = c.pools.get(side, 0) + sum(dice.roll(n, 100, "repair pool", side=side, rule=R_REPAIR))
    return c


def scuttle_chance(fire: int, armour: int) -> Fraction:
    """The exact chance 1d100 comes 'under their own Fire factor and exceeding their Armour factor'."""
    return Fraction(sum(1 for f in range(1, 101) if scuttle(f, fire, armour)), 100)


def scuttle_unit(c: Campaign, side: str, uid: str, dice: Dice) -> bool:
    """(hexwar) Between battles the losing team may try once to scuttle each stranded unit: destroyed on a success
    (it joins the destroyed, to be replaced like any other), kept on a failure."""
    st = next((x for x in c.stranded if x.id == uid and x.side == side), None)
    if st is None:
        raise Refusal(f"{uid} is not a stranded unit of {side} that may still be scuttled")
    c.stranded.remove(st)
    (roll,) = dice.roll(1, 100, "scuttle", side=side, unit=uid, need=st.fire, test="<", rule=R_CAPTURE)
    gone = scuttle(roll, st.fire, st.armour)
    if gone:
        cu = c.unit(side, uid)
        c.forces[side].remove(cu)
        c.destroyed.setdefault(side, []).append(cu)
    c.scuttled.append(f"{st.name}: 1d100 = {roll} (under Fire {st.fire}, over Armour {st.armour}): "
                      + ("scuttled" if gone else "not scuttled"))
    return gone


def loser_of(c: Campaign, state: HwState) -> str | None:
    from rules.rulesets.hundred_wars.victory import damage_received

    dmg = {s: damage_received(state, s) for s in c.sides}
    most = max(dmg.values())
    worst = [s for s, d in dmg.items() if d == most]
    return worst[0] if len(worst) == 1 else None


def restore(cu: CampaignUnit, points: int) -> int:
    """Give back up to `points` damage points, Armour first, then Fire, Move, Orders; returns the points used."""
    used = 0
    for k in repair_keys(cu.bought):
        gap = factor_of(cu.bought, k) - factor_of(cu.stats, k)
        n = min(gap, points - used)
        if n > 0:
            lower(cu.stats, k, -n)
            used += n
    return used


def _pay(c: Campaign, side: str, cost: int, what: str) -> None:
    if cost > c.pools.get(side, 0):
        raise Refusal(f"{what} costs {cost} points; {side}'s repair pool holds {c.pools.get(side, 0)}")
    c.pools[side] -= cost


def repair(c: Campaign, side: str, uid: str, points: int) -> None:
    """Spend pool points to restore damage points one for one."""
    cu = c.unit(side, uid)
    if points <= 0 or points > cu.damage:
        raise Refusal(f"{with_verb(cu.name, 'has', 'have')} {count(cu.damage, 'damage point')} to repair")
    _pay(c, side, points, f"repairing {count(points, 'point')}")
    restore(cu, points)


def replace(c: Campaign, side: str, uid: str) -> None:
    """Replace a destroyed unit at its bought points value."""
    lost = c.destroyed.get(side, [])
    cu = next((u for u in lost if u.id == uid), None)
    if cu is None:
        raise Refusal(f"{uid} is not a destroyed unit of {side}")
    _pay(c, side, unit_cost(cu.bought), f"replacing {cu.name}")
    lost.remove(cu)
    c.forces[side].append(cu.model_copy(update={"stats": cu.bought.model_copy(deep=True)}))


def buy(c: Campaign, side: str, uid: str, name: str, stats: HwStats, kind: str = "") -> None:
    """Create a new unit at its points cost."""
    if any(u.id == uid for f in c.forces.values() for u in f):
        raise Refusal(f"a unit {uid} already exists")
    _pay(c, side, unit_cost(stats), f"a new {name}")
    c.forces.setdefault(side, []).append(CampaignUnit(id=uid, side=side, name=name, kind=kind, stats=stats.model_copy(deep=True),
                                                      bought=stats.model_copy(deep=True)))


def upgrade(c: Campaign, side: str, uid: str, key: str) -> None:
    """Each full 100 of the pool adds 1 point to one factor of any one unit (AHW-A24)."""
    cu = c.unit(side, uid)
    if key not in repair_keys(cu.bought) and key != "cqb":
        raise Refusal(f"{key} is not a factor of {cu.name}")
    _pay(c, side, UPGRADE_COST, "adding a point")
    if key == "cqb":
        cu.stats.cqb += 1
        cu.bought.cqb += 1
        return
    lower(cu.stats, key, -1)
    lower(cu.bought, key, -1)


def upgrade_keys(cu: CampaignUnit) -> list[str]:
    """The factors a point may be added to: Armour, each Fire, each Move mode, Orders (a commander's) and CQB."""
    return [k for k in repair_keys(cu.bought) if k != "orders" or cu.bought.orders] + ["cqb"]


def factor_words(cu: CampaignUnit, key: str) -> tuple[str, int]:
    """(the factor's name, its value now): ('Fire 1', 16)."""
    if key == "cqb":
        return "CQB", cu.stats.cqb
    return key_label(key), factor_of(cu.stats, key)


def claim(c: Campaign, side: str, uid: str) -> None:
    """The winner adds a captured unit to its force (repairable with its pool)."""
    cu = next((u for u in c.captured if u.id == uid), None)
    if cu is None or side != c.winner:
        raise Refusal(f"{uid} is not a unit captured by {side}")
    c.captured.remove(cu)
    c.forces.setdefault(side, []).append(cu)


def salvage(c: Campaign, side: str, uid: str) -> int:
    """Or 10% of the captured unit's remaining points value goes to the pool (rounded up); the unit is discarded."""
    cu = next((u for u in c.captured if u.id == uid), None)
    if cu is None or side != c.winner:
        raise Refusal(f"{uid} is not a unit captured by {side}")
    c.captured.remove(cu)
    gain = math.ceil(unit_cost(cu.stats) * SALVAGE / 100)
    c.pools[side] = c.pools.get(side, 0) + gain
    return gain


def next_units(c: Campaign) -> list[UnitSetup]:
    """The forces carried into the next battle, every unit under a blind (no hex) with its factors as they are now."""
    return [UnitSetup(id=u.id, side=side, name=u.name, kind=u.kind, at=None,
                      stats=u.stats.model_dump(exclude_defaults=True))
            for side in c.sides for u in c.forces.get(side, [])]
