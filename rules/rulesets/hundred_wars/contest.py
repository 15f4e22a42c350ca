"""An ECM roll against the enemy's ECM (or ADS) roll as a stage, so that a psionic pip may re-roll one of its two
dice (text: "ECM": 'Roll below your ECM and also beat the enemy's ECM roll'; "Psionic": 'reroll any 1 die').

The ECM unit rolls 1d10, the defending side's unit rolls 1d10 against it (when it has one in range, AHW-A23) ->
(the side the contest went against may re-roll one of the two dice with a pip in range of that die's unit) ->
the use's effect (`finish`, in the module of the use: ecm.py, firing.py, teleporting.py; reactions.py picks it
up again after a pause).

A contest in progress is a plain dict kept in the pause: `use` (which ECM use), `ecm` (the ECM unit), `foe` (the unit
whose roll is to beat, or None), `my_factor`, `foe_factor`, `foe_die` ("ECM" or "ADS"), `defender` (the side the ECM
acts against), `purpose`, the dice `mine` and `theirs`, and the use's own data. A pause is offered only to a side
with a psionic unit that may use a pip in range of a die's unit, so games without psionics never stop.
"""

from __future__ import annotations

from rules import reaction
from rules.core import Context
from rules.reaction import Pause
from rules.rulesets.hundred_wars.procedures import specials as sp
from rules.rulesets.hundred_wars.psi_reach import ready_in_range
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwUnit

REROLL = "psi_ecm"
"""The pause after the dice of an ECM contest: the side it went against may re-roll one with a pip."""


def contest(state: HwState, use: str, e: HwUnit, foe: HwUnit | None, defender: str, purpose: str, *,
            foe_factor: int | None = None, foe_die: str = "ECM", my_factor: int | None = None, my_die: str = "ECM",
            foe_purpose: str = "counter-ECM", **data) -> dict:
    """A contest ready to roll: the factors default to the two units' ECM factors. An ADS intercepting a shot is
    the same contest with the ADS as `e` (`my_die`="ADS") and the firer's ECM as the foe."""
    factor = foe_factor if foe_factor is not None else (foe.stats.ecm if foe is not None else 0)
    return {"use": use, "ecm": e.id, "foe": foe.id if foe is not None else None,
            "my_factor": my_factor if my_factor is not None else e.stats.ecm, "my_die": my_die,
            "foe_factor": factor, "foe_die": foe_die, "foe_purpose": foe_purpose, "defender": defender,
            "purpose": purpose, **data}


def roll(state: HwState, c: dict, ctx: Context) -> bool:
    """Both dice; True when the contest waits for a psionic re-roll (then reactions.py finishes it)."""
    c["mine"] = roll_die(state, c, "mine", ctx)
    c["theirs"] = roll_die(state, c, "theirs", ctx) if c["foe"] else None
    return offer(state, c, ctx)


def roll_die(state: HwState, c: dict, die: str, ctx: Context, again: str = "") -> int:
    unit, factor, kind, purpose = ((c["ecm"], c["my_factor"], c.get("my_die", "ECM"), c["purpose"]) if die == "mine"
                                   else (c["foe"], c["foe_factor"], c["foe_die"], c.get("foe_purpose", "counter-ECM")))
    u = state.units[unit]
    if kind == "ADS":
        (r,) = ctx.dice.roll(1, 10, purpose + again, side=u.side, unit=u.id, need=factor, test="<=", rule=sp.R_ADS)
        return r
    return sp.ecm_roll(factor, ctx.dice, purpose + again, side=u.side, unit=u.id)


def result(c: dict) -> sp.Contest:
    return sp.contest(c["my_factor"], c["mine"], c["foe_factor"], c["theirs"])


def against(state: HwState, c: dict) -> str:
    """The side the contest went against: the defender's when the ECM succeeds, the ECM side's when it fails."""
    return c["defender"] if result(c).success else state.units[c["ecm"]].side


def die_units(c: dict) -> list[tuple[str, str]]:
    """(die, its unit) of the contest: the ECM unit's and the foe's (when it rolled)."""
    return [("mine", c["ecm"])] + ([("theirs", c["foe"])] if c["foe"] else [])


def rerollable(state: HwState, c: dict, side: str) -> list[tuple[str, HwUnit]]:
    """(die's unit, psionic unit) pairs the side may re-roll now."""
    out = []
    for _, uid in die_units(c):
        u = state.units[uid]
        if u.on_map:
            out += [(uid, p) for p in ready_in_range(state, side, u.at)]
    return out


def offer(state: HwState, c: dict, ctx: Context) -> bool:
    side = against(state, c)
    if not rerollable(state, c, side):
        return False
    reaction.pause(state, Pause(kind=REROLL, actor=state.units[c["ecm"]].side, reactor=side, data=dict(c),
                                prompt=f"re-roll a die of the ECM contest ({c['purpose']}) with a psionic pip (y), "
                                       "or keep the dice (d)"), ctx)
    return True


def reroll(state: HwState, c: dict, uid: str, psi: HwUnit, ctx: Context) -> bool:
    """A pip re-rolls the die of `uid`; the side the new result goes against may re-roll in turn. True if paused."""
    die = next(d for d, u in die_units(c) if u == uid)
    c[die] = roll_die(state, c, die, ctx, f" (psionic re-roll by {psi.name})")
    return offer(state, c, ctx)
