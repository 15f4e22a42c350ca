"""ECM against a new order: 'Cancel a new enemy order or order change issued with in range' (text: "ECM").

A Move counter issued, changed or removed on a unit within range of an enemy ECM unit pauses the game
(rules/reaction.py): the ECM side may try to cancel it (`jam` at the ordered unit: its ECM roll against the
ordering side's best ECM in range, 'Combat an enemy ECM attack ... beat the enemy's ECM roll', AHW-A23) or let
it stand (`done`). A cancelled order puts the counters back as they were; the pips stay spent.
"""

from __future__ import annotations

from rules import reaction
from rules.core import Context, Refusal
from rules.events import Changed
from rules.hexgrid import Hex
from rules.reaction import Pause
from rules.rulesets.hundred_wars import contest, field
from rules.rulesets.hundred_wars.psi_reach import ready_in_range
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwUnit

KIND = "ecm_order"


def able(state: HwState, side: str, at: Hex) -> list[HwUnit]:
    """The side's revealed ECM units within range of `at` that have not used their ECM this turn."""
    # state.live(side) without its list, the units with no ECM (most) left out first: asked after every order
    return [e for e in state.units.values() if e.stats.ecm and e.side == side and e.at is not None and not e.eliminated
            and not e.blind and e.id not in state.ecm_used and field.cm(state, e.at, at) <= e.stats.ecm_range]


def snapshot(units: list[HwUnit]) -> dict[str, list]:
    """Each unit's Move counter as it is (to put back): [hex or None, attack, level]."""
    return {u.id: [list(u.counter) if u.counter is not None else None, u.counter_attack, u.counter_level] for u in units}


def offer(state: HwState, side: str, unit: HwUnit, before: dict[str, list], ctx: Context) -> None:
    """After a new order: the first other side (in player order) with an ECM unit in range may react."""
    if unit.at is None:
        return
    for other in [s for s in state.order or state.side_ids() if s != side]:
        if able(state, other, unit.at) or ready_in_range(state, other, unit.at):
            reaction.pause(state, Pause(kind=KIND, actor=side, reactor=other, data={
                "unit": unit.id, "at": list(unit.at), "before": before},
                prompt=f"cancel the new Move order of {unit.name} with ECM (j) or a psionic pip (y), "
                       "or let it stand (d)"), ctx)
            return


def choices(state: HwState, side: str) -> list[tuple[str, Hex]]:
    """(ECM unit, the ordered unit's hex) the reacting side may try the cancel with."""
    p = reaction.waiting(state, KIND)
    if p is None or p.reactor != side:
        return []
    at = Hex(*p.data["at"])
    return [(e.id, at) for e in able(state, side, at)]


def react(state: HwState, side: str, ecm_unit: str | None, ctx: Context) -> None:
    """The reacting side tries the cancel with `ecm_unit` (None: lets the order stand)."""
    p = reaction.waiting(state, KIND)
    if p is None or p.reactor != side:
        raise Refusal("no enemy order waits for your ECM")
    if ecm_unit is None:
        reaction.resume(state, ctx, HANDLERS, cut=False)
        return
    at = Hex(*p.data["at"])
    e = state.units.get(ecm_unit)
    if e is None or e.id not in {x.id for x in able(state, side, at)}:
        raise Refusal(f"{ecm_unit} is not an ECM unit of yours in range that may still use its ECM this turn")
    state.ecm_used.append(e.id)
    c = contest.contest(state, "order", e, best_ecm(state, p.actor, e), p.actor, "ECM: cancel an order")
    if not contest.roll(state, c, ctx):
        finish(state, c, ctx)


def best_ecm(state: HwState, side: str, e: HwUnit) -> HwUnit | None:
    """The side's best revealed ECM unit with the ECM unit `e` in range: its roll is the one to beat (AHW-A23)."""
    return max((x for x in state.live(side) if not x.blind and x.stats.ecm
                and field.cm(state, x.at, e.at) <= x.stats.ecm_range), key=lambda x: x.stats.ecm, default=None)


def finish(state: HwState, c: dict, ctx: Context) -> None:
    """The contest's dice stand: the order is cancelled on a success (the waiting order's pause resumes)."""
    reaction.resume(state, ctx, HANDLERS, cut=contest.result(c).success)


def _restore(state: HwState, p: Pause, ctx: Context, cut: bool) -> None:
    """The rest of the ordering side's action: nothing if the order stands; the counters put back if cut."""
    if not cut:
        return
    for uid, (hex_, attack, level) in p.data["before"].items():
        u = state.units[uid]
        after = u.counter
        u.counter, u.counter_attack, u.counter_level = (Hex(*hex_) if hex_ else None), attack, level
        ctx.emit(Changed(unit=uid, field="counter", before=str(Hex(*after)) if after else None,
                         after=str(u.counter) if u.counter else None, why="the new order cancelled by ECM"))


HANDLERS = {KIND: _restore}
