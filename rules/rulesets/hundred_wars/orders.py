"""Phases 1-3: the Orders roll, pips and who may spend them, blinds placed and Move counters issued (text: "Orders", "Pips")."""

from __future__ import annotations

from rules import reaction
from rules.core import Context, Refusal
from rules.events import Changed
from rules.hexgrid import Hex
from rules.rulesets.hundred_wars import field
from rules.rulesets.hundred_wars import terrain as ter
from rules.rulesets.hundred_wars.procedures.orders import orders_reach, roll_pips
from rules.reaction import Pause
from rules.rulesets.hundred_wars.psi_reach import ready_in_range
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwUnit
from rules.words import agree

REROLL = "psi_orders"
"""The pause after an Orders roll: the side it went against may re-roll it with a psionic pip."""
CHANGE_DURING_MOVE = 2
"""'For 1 extra pip you may change a Move order during move': 1 + 1 pips (AHW-A25)."""


def where(state: HwState, u: HwUnit) -> Hex | None:
    """A unit's place on the table: its hex, or its blind's hex while hidden (None in reserve)."""
    if u.at is not None and not u.eliminated:
        return u.at
    b = state.blind_of(u.id)
    return b.at if b is not None and not b.eliminated else None


def reach(state: HwState, cmd: HwUnit, to: Hex) -> bool:
    """Within the commander's Orders Range across the worst terrain between (AHW-A07; pieces not yet rolled count Easy)."""
    here = where(state, cmd)
    if here is None:
        return False
    levels = [field.known_level(state, h, None) or "easy" for h in [*field.between(here, to), to] if h != here]
    r = orders_reach(cmd.stats.orders_range, ter.worst(levels))
    return field.cm(state, here, to) <= r


def payer(state: HwState, side: str, n: int, to: Hex | None) -> HwUnit | None:
    """The commander who pays `n` pips for an order at `to` (any commander for a blind): the one with most pips."""
    able = [c for c in state.commanders(side) if state.pips.get(c.id, 0) >= n and (to is None or reach(state, c, to))]
    return max(able, key=lambda c: (state.pips[c.id], c.id), default=None)


def spend(state: HwState, side: str, n: int, to: Hex | None, what: str) -> HwUnit:
    cmd = payer(state, side, n, to)
    if cmd is None:
        need = f"{n} pip{'s' if n > 1 else ''}"
        where_ = "" if to is None else f" with {to} within Orders range"
        raise Refusal(f"no commander has {need} left{where_} to {what}")
    state.pips[cmd.id] -= n
    return cmd


def roll_orders(state: HwState, side: str, ctx: Context) -> bool:
    """Phase 1: each commander rolls 1d10; pips = the roll if below Orders, else the full Orders (AHW-A03).
    True when a roll waits for a psionic re-roll (then `offer_rerolls` goes on when it is decided)."""
    cmds = state.commanders(side)
    for c in cmds:
        state.pips[c.id] = roll_pips(c.stats.orders, ctx.dice, side=side, unit=c.id).pips
        if not c.on_map:  # under a blind or off the table: only its side may know it is there (view.py)
            ctx.events[-1] = ctx.events[-1].model_copy(update={"seen_by": (side,)})
    return offer_rerolls(state, [c.id for c in cmds], ctx)


def reroll_side(state: HwState, c: HwUnit) -> str | None:
    """(hexwar) The side an Orders roll went against, that may re-roll it with a psionic pip in range of the
    commander: its own side when the pips fell short of its Orders, else the first enemy side in player order.
    Only for a commander on the table and revealed (under a blind or off the table its Orders stay hidden)."""
    if not c.on_map or c.blind or c.eliminated:
        return None
    if state.pips.get(c.id, 0) < c.stats.orders:
        return c.side if ready_in_range(state, c.side, c.at) else None
    return next((s for s in state.order or state.side_ids() if s != c.side and ready_in_range(state, s, c.at)), None)


def offer_rerolls(state: HwState, cmds: list[str], ctx: Context) -> bool:
    """Offer each commander's roll in turn to the side it went against; True when one waits."""
    for i, cid in enumerate(cmds):
        c = state.units[cid]
        side = reroll_side(state, c)
        if side is not None:
            reaction.pause(state, Pause(kind=REROLL, actor=c.side, reactor=side, data={"cmds": cmds[i:]},
                                        prompt=f"re-roll the Orders die of {c.name} with a psionic pip (y), "
                                               "or keep it (d)"), ctx)
            return True
    return False


def reroll(state: HwState, cmds: list[str], psi: HwUnit, ctx: Context) -> bool:
    """A pip re-rolls the first commander's Orders die; the side the new roll goes against may re-roll in turn."""
    c = state.units[cmds[0]]
    before = state.pips.get(c.id, 0)
    state.pips[c.id] = roll_pips(c.stats.orders, ctx.dice, side=c.side, unit=c.id,
                                 purpose=f"orders (psionic re-roll by {psi.name})").pips
    ctx.emit(Changed(unit=c.id, field="pips", before=before, after=state.pips[c.id], why=f"psionics of {psi.name}"))
    return offer_rerolls(state, cmds, ctx)


def blind_spots(state: HwState, side: str) -> list[Hex]:
    edge = state.edges.get(side)
    if edge is None:
        return []
    taken = set(state.occupied())
    room = field.open_hexes(state.board, "ground")
    return [h for h in field.quarter(state.board, edge) if h not in taken and h in room]


def blind_spot(state: HwState, side: str, at: Hex) -> bool:
    """Whether `at` is among `blind_spots(state, side)`, asked without listing them."""
    edge = state.edges.get(side)
    return (edge is not None and at in field.open_hexes(state.board, "ground") and state.unit_at(at) is None
            and at in field.quarter(state.board, edge))


def place_blind(state: HwState, side: str, blind_id: str, at: Hex, ctx: Context) -> None:
    """'For 1 pip you may place one blind within your quarter of the table.'"""
    b = state.units.get(blind_id)
    if b is None or not b.blind or b.side != side:
        raise Refusal(f"{blind_id} is not one of your blinds")
    if b.at is not None or b.eliminated:
        raise Refusal(f"{b.name} {agree(b.agrees_as, 'is', 'are')} already on the table")
    if not blind_spot(state, side, at):
        raise Refusal(f"{at} is not a free hex of your home quarter")
    spend(state, side, 1, None, "place a blind")
    b.at = at
    b.facing = field.facing_from(state.edges[side])  # type: ignore[assignment]
    ctx.emit(Changed(unit=b.id, field="at", before=None, after=str(at), why="blind placed"))


def movable(state: HwState, u: HwUnit) -> bool:
    """A unit or blind on the table that can move (a blind always may: its group's lowest Move is rolled)."""
    return u.on_map and (u.blind or any(m.factor for m in u.stats.move))


def set_counter(state: HwState, side: str, uid: str, to: Hex, attack: str, level: int | None, ctx: Context,
                group: list[HwUnit] | None = None) -> None:
    """`group`: the unit's `followers` when the caller has them already (the action worked them out once)."""
    u = state.units.get(uid)
    if u is None or u.side != side or not movable(state, u):
        raise Refusal(f"{uid} is not a unit of yours on the table that can move")
    if not state.board.in_bounds(to) or to == u.at:
        raise Refusal(f"{to} is not a hex {u.name} can be sent to")
    if attack:
        target = state.unit_at(to)
        if target is None or target.side == side:
            raise Refusal(f"a {attack} attack needs an enemy at {to}")
        if u.blind:
            raise Refusal("a blind cannot ram or self-destruct; reveal it first")
    if level is not None and (u.blind or not level_ok(u, level)):
        raise Refusal(f"{u.name} cannot go to level {level}")
    n = CHANGE_DURING_MOVE if state.phase == "move" else 1
    if state.phase == "move" and (u.counter is None or u.moved):
        raise Refusal("during the move only an unmoved unit's Move order can be changed")
    spend(state, side, n, u.at, "issue a Move counter")
    issue(state, u, to, attack, level, ctx, group=group)


def issue(state: HwState, u: HwUnit, to: Hex | None, attack: str, level: int | None, ctx: Context,
          by: str = "", group: list[HwUnit] | None = None) -> None:
    """The unit and its group (`followers`, unless given) take the Move counter `to` (None: their counters are
    removed); `by`: a psionic pip."""
    for g in followers(state, u, attack) if group is None else group:
        before = g.counter
        if to is None and before is None:
            continue
        g.counter, g.counter_attack, g.counter_level = to, attack, level
        what = "Move counter" + (f" ({attack})" if attack else "") if to is not None else "Move counter removed"
        ctx.emit(Changed(unit=g.id, field="counter", before=(str(Hex(*before)) if before else None) if to else "set",
                         after=str(to) if to is not None else None,
                         why=what + (" (its group)" if g is not u else "") + (f" ({by})" if by else "")))


def followers(state: HwState, u: HwUnit, attack: str = "") -> list[HwUnit]:
    """The unit and its group, who 'will follow the same orders' (text: "Groups"; option `groups`)."""
    if attack or u.blind or not state.options.get("groups", True):
        return [u]
    return [g for g in field.group(state, u) if g is u or (g.mode == u.mode and movable(state, g)
                                                           and not (state.phase == "move" and g.moved))]


def level_ok(u: HwUnit, level: int) -> bool:
    """Depths and altitudes: sky 0..3, underground and sea 0..-3, one level from where it is."""
    allowed = {"sky": range(0, 4), "underground": range(-3, 1), "sea": range(-3, 1)}.get(u.mode or "", range(0, 1))
    return level in allowed and abs(level - u.level) == 1


def remove_counter(state: HwState, side: str, uid: str, ctx: Context, group: list[HwUnit] | None = None) -> None:
    u = state.units.get(uid)
    if u is None or u.side != side or u.counter is None:
        raise Refusal(f"{uid} has no Move counter of yours")
    spend(state, side, 1, u.at, "remove a Move counter")
    issue(state, u, None, "", None, ctx, group=group)
