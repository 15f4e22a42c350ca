"""Close combat in stages, so that a psionic pip may re-roll one of its dice (text: "Close Combat (CQB)",
"Psionic": 'reroll any 1 die ... including during the enemy's actions').

contact -> (blinds revealed) -> one bout per enemy side: every unit in contact rolls 1d100 -> (the side the bout
went against may re-roll one die with a pip) -> damage -> the next bout -> what the contact interrupted (the rest
of a group's move: `then`, run by reactions.py).

A bout in progress is a plain dict kept in the pause (rules/reaction.py). A pause is offered only to the losing
side, with a psionic unit that may still use a pip this phase within range of the die's unit, so games without
psionics never stop. A tie does no damage (AHW-A17) and goes against nobody: no pause.
"""

from __future__ import annotations

from rules import reaction
from rules.core import Context
from rules.reaction import Pause
from rules.rulesets.hundred_wars import engage, field
from rules.rulesets.hundred_wars.procedures.combat import CqbResult, cqb_die, cqb_result
from rules.rulesets.hundred_wars.psi_reach import ready_in_range
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwUnit

REROLL = "psi_cqb"
"""The pause after the dice of a bout: the losing side may re-roll one of them with a pip."""


def contact(state: HwState, mover: HwUnit, ctx: Context) -> bool:
    """Contact reveals blinds on both sides, then the real units in base to base contact fight (AHW-A30).
    True when a bout waits for a psionic re-roll."""
    if mover.eliminated or mover.at is None:
        return False
    near = field.adjacent_enemies(state, mover.at, mover.side)
    if not near:
        return False
    ours = [mover]
    if mover.blind:
        ours = engage.reveal(state, mover, ctx, "contacted the enemy")
    for e in near:
        if e.blind and not e.eliminated:
            engage.reveal(state, e, ctx, f"contacted by {mover.name}")
    return fight(state, ours, ctx)


def fight(state: HwState, ours: list[HwUnit], ctx: Context) -> bool:
    """'Immediately any time enemy units come into base to base contact each unit rolls 1d100': one bout per enemy
    side in contact. True when a bout waits for a psionic re-roll (the rest runs when it is decided)."""
    ours = [u for u in ours if u.on_map]
    if not ours:
        return False
    side = ours[0].side
    others = sorted({e.side for u in ours for e in field.adjacent_enemies(state, u.at, side) if not e.blind})
    return next_bout(state, {"ours": [u.id for u in ours], "others": others}, ctx)


def next_bout(state: HwState, bout: dict, ctx: Context) -> bool:
    """Roll the next bout; True when it pauses for a re-roll, False when every bout is over."""
    while bout["others"]:
        other = bout["others"].pop(0)
        ours = [state.units[i] for i in bout["ours"] if state.units[i].on_map]
        if not ours:
            return False
        side = ours[0].side
        theirs = [e for e in {x.id: x for u in ours for x in field.adjacent_enemies(state, u.at, side)}.values()
                  if e.side == other and not e.blind]
        mine = [u for u in ours if any(u.at.distance(e.at) == 1 for e in theirs)]
        if not mine or not theirs:
            continue
        weak = (any(engage.weakest(u, theirs[0]) for u in mine), any(engage.weakest(e, mine[0]) for e in theirs))
        bout.update(sides=[side, other], weak=list(weak), a=[[u.id, u.stats.cqb] for u in mine],
                    b=[[e.id, e.stats.cqb] for e in theirs], scores={})
        for uid, factor in (*bout["a"], *bout["b"]):
            bout["scores"][uid] = cqb_die(uid, factor, ctx.dice, state.units[uid].side)
        if offer_reroll(state, bout, ctx):
            return True
        settle(state, bout, ctx)
    return False


def result(bout: dict) -> CqbResult:
    return cqb_result([tuple(x) for x in bout["a"]], [tuple(x) for x in bout["b"]], bout["scores"],
                      weak_spot=tuple(bout["weak"]))


def against(bout: dict) -> str | None:
    """The side the bout went against: the loser (None on a tie)."""
    r = result(bout)
    return None if r.loser is None else bout["sides"][r.loser]


def rerollable(state: HwState, bout: dict, side: str) -> list[tuple[str, HwUnit]]:
    """(die's unit, psionic unit) pairs: any die of the bout, its own or the enemy's, with that unit in range."""
    out = []
    for uid, _ in (*bout["a"], *bout["b"]):
        u = state.units[uid]
        if u.on_map:
            out += [(uid, p) for p in ready_in_range(state, side, u.at)]
    return out


def offer_reroll(state: HwState, bout: dict, ctx: Context) -> bool:
    side = against(bout)
    if side is None or not rerollable(state, bout, side):
        return False
    reaction.pause(state, Pause(kind=REROLL, actor=bout["sides"][0], reactor=side, data=dict(bout),
                                prompt="re-roll one die of the close combat with a psionic pip (y), "
                                       "or keep the dice (d)"), ctx)
    return True


def reroll(state: HwState, bout: dict, uid: str, psi: HwUnit, ctx: Context) -> bool:
    """A pip re-rolls one unit's die; the side the new result goes against may re-roll in turn. True if paused."""
    factor = dict((k, f) for k, f in (*bout["a"], *bout["b"]))[uid]
    bout["scores"][uid] = cqb_die(uid, factor, ctx.dice, state.units[uid].side,
                                  f"close combat (psionic re-roll by {psi.name})")
    if offer_reroll(state, bout, ctx):
        return True
    return go_on(state, bout, ctx)


def go_on(state: HwState, bout: dict, ctx: Context) -> bool:
    """The bout's dice stand: damage, then the next bout. True when another bout pauses."""
    settle(state, bout, ctx)
    return next_bout(state, bout, ctx)


def settle(state: HwState, bout: dict, ctx: Context) -> None:
    r = result(bout)
    if r.loser is None:
        return
    mine = [state.units[i] for i, _ in bout["a"]]
    theirs = [state.units[i] for i, _ in bout["b"]]
    losers, winner_side = (mine, bout["sides"][1]) if r.loser == 0 else (theirs, bout["sides"][0])
    engage.deal(state, losers, r.damage, winner_side, ctx, f"close combat {r.totals[0]} to {r.totals[1]}")
