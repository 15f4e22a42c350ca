"""The DHR chip bag and activations: filling the bag, drawing a chip, the units that may act on
it, a unit activating, its activation ending, and the round ending when the bag is empty.

Initiative ("Initiative", DHR-A21): every unit on the map puts a chip of its side
in the bag, marked with its type (By Type) or its id (By Unit), option
`chip_draw`. A chip is pulled at random (one die roll over the chips left: the
bag holds no order until then, so no view can leak one). The chip's side acts:
By Unit, that very unit; By Type, one unit of that type that has not gone this
round, chosen by acting with it. Once the unit has gone its chip is set aside.
When the bag is empty the round (turn) ends and the bag is filled again.

Convention: each time a side is selected the next of its players commands, in
the order the scenario lists them (youngest first), then round again.
"""

from __future__ import annotations

from rules.core import Context, Refusal
from rules.events import InitiativePassed, Message, PhaseChanged
from rules.rulesets.dhr import combat, victory
from rules.rulesets.dhr.options import by_type, specials_on
from rules.rulesets.dhr.state import DHRState, attached, mp_of
from rules.rulesets.dhr.units import DHRUnit
from rules.words import with_verb


def chip_of(state: DHRState, u: DHRUnit) -> str:
    return f"{u.side}:{u.chip_type if by_type(state) else u.id}"


def chip_label(state: DHRState, chip: str) -> str:
    side, _, what = chip.partition(":")
    name = state.side(side).name if side in state.side_ids() else side
    if by_type(state):
        return f"{name} {what}"
    u = state.units.get(what)
    return f"{name} {u.name if u else what} ({what})"


def fill_bag(state: DHRState) -> list[str]:
    """A chip for every unit on the map (special figures too: the text's Champion chip)."""
    return sorted(chip_of(state, u) for u in state.units.values() if u.on_map)


def commander(state: DHRState, side: str) -> str | None:
    s = state.side(side)
    if not s.players:
        return None
    return s.players[s.commander % len(s.players)]


def candidates(state: DHRState) -> list[DHRUnit]:
    """Units that may act on the drawn chip now."""
    if state.active_unit:
        return [state.units[state.active_unit]]
    return [state.units[u] for u in state.eligible if state.units[u].on_map and u not in state.activated]


def activate(state: DHRState, u: DHRUnit, ctx: Context) -> None:
    if state.active_unit == u.id:
        return
    if state.active_unit is not None:
        acting = state.units[state.active_unit].name
        raise Refusal(f"{with_verb(acting, 'is', 'are')} acting on this chip: {u.name} must wait for another")
    state.active_unit = u.id
    state.mp_left = mp_of(state, u)
    state.attacked = False
    state.fired = []
    state.cast = []
    state.failed_step = []
    state.crew_checked = False
    ctx.emit(Message(message=f"{with_verb(u.name, 'activates', 'activate')} ({state.mp_left} MP)"))


def may_go_on(state: DHRState) -> bool:
    """Whether the active unit has anything left to do (else the activation ends by itself)."""
    u = state.units[state.active_unit]
    if not u.on_map:
        return False
    if state.mp_left > 0 and not state.attacked and u.attached_to is None:
        return True
    if specials_on(state) and (attached(state, u.id) or u.attached_to):
        return True
    return combat.has_attack(state, u)


def end_activation(state: DHRState, ctx: Context) -> None:
    chip = state.chip
    if state.active_unit:
        state.activated.append(state.active_unit)
        gone = state.units[state.active_unit].name
        ctx.emit(Message(message=f"{with_verb(gone, 'has', 'have')} gone"))
    elif chip and not by_type(state):
        state.activated.append(chip.partition(":")[2])
    if chip:
        state.set_aside.append(chip)
    state.chip = None
    state.eligible = []
    state.active_unit = None
    state.mp_left = 0
    state.attacked = False
    state.fired = []
    state.cast = []
    state.failed_step = []
    state.crew_checked = False
    draw_next(state, ctx)


def draw_next(state: DHRState, ctx: Context) -> None:
    """Pull chips until one can activate a unit; a round ends when the bag is empty."""
    for _ in range(2 * len(state.units) + 4):
        if victory.check(state) is not None:
            state.phase = "over"
            return
        if not state.bag:
            if not end_round(state, ctx):
                return
            continue
        if len(state.bag) == 1:
            idx = 0
        else:
            n = len(state.bag)
            (face,) = ctx.dice.roll(1, n, "chip draw", rule="Initiative; DHR-A21",
                                    outcome=lambda fs: chip_label(state, state.bag[fs[0] - 1]))
            idx = face - 1
        chip = state.bag.pop(idx)
        side, _, what = chip.partition(":")
        eligible = eligible_for(state, side, what)
        if not eligible:
            state.set_aside.append(chip)
            ctx.emit(Message(message=f"chip {chip_label(state, chip)}: no unit can use it, set aside"))
            continue
        state.chip = chip
        state.eligible = eligible
        state.phase = "activate"
        previous = state.active_side
        state.active_side = side
        s = state.side(side)
        count = state.selections.get(side, 0)
        state.selections[side] = count + 1
        if s.players:
            s.commander = count % len(s.players)
        who = f", {commander(state, side)} commands" if s.players else ""
        ctx.emit(InitiativePassed(from_side=previous, to_side=side, why=f"chip {chip_label(state, chip)}{who}"))
        return
    raise Refusal("the chip bag is stuck")  # pragma: no cover - defensive


def eligible_for(state: DHRState, side: str, what: str) -> list[str]:
    out = []
    for u in state.units.values():
        if u.side != side or not u.on_map or u.id in state.activated:
            continue
        if by_type(state):
            if u.chip_type == what:
                out.append(u.id)
        elif u.id == what:
            out.append(u.id)
    return sorted(out)


def end_round(state: DHRState, ctx: Context) -> bool:
    """The bag is empty: the turn ends, the bag is filled again. False when no unit is left."""
    state.turn += 1
    state.set_aside = []
    state.activated = []
    if victory.check(state) is not None:
        state.phase = "over"
        ctx.emit(PhaseChanged(turn=state.turn - 1, phase="end of turn: the game ends"))
        return False
    state.bag = fill_bag(state)
    ctx.emit(PhaseChanged(turn=state.turn, phase="new round: the chip bag is filled"))
    return bool(state.bag)
