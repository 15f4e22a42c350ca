"""DHR movement: the legal moves of the active unit and walking a path, with terrain checks.

Movement ("Movement", hex based, DHR-A04/A05): one MP per hex; a step into
terrain or across a hexside feature with DV > 0 spends that MP on a check, a d6
HIGHER than the DV; on a failure another MP buys an automatic pass, except on
challenge terrain, which is rolled (a MP each) until passed. A road followed
along its length is DV 0.
"""

from __future__ import annotations

from rules.actions import Action
from rules.core import Context, Refusal
from rules.events import Message, Moved
from rules.hexgrid import Hex, path_to, reachable
from rules.rulesets.dhr.actions import Move
from rules.rulesets.dhr.options import extra_challenge
from rules.rulesets.dhr.procedures.movement import terrain_check
from rules.rulesets.dhr.state import DHRState, attached, hosts
from rules.rulesets.dhr.terrain import cached_step_check, spec, step_check
from rules.rulesets.dhr.units import DHRUnit
from rules.words import agree, count, plural_name, with_verb


def no_move_reason(state: DHRState, u: DHRUnit) -> str:
    """Why the active unit may not move now ('' when it may): the text's reasons, in full."""
    if u.attached_to is not None:
        return f"{with_verb(u.name, 'moves', 'move')} with the unit it is attached to (drop out first)"
    if state.attacked:
        return f"{with_verb(u.name, 'has', 'have')} attacked: a unit may not move after attacking"
    if u.mp_lost:
        return f"{u.name} cannot move (mobility kill)"
    if state.mp_left < 1:
        return f"{with_verb(u.name, 'has', 'have')} no movement points left"
    return ""


def wreck_set(state: DHRState) -> frozenset[Hex]:
    return frozenset(state.wrecks)


def step_cost(state: DHRState, occupied: dict[Hex, DHRUnit]):
    """A movement cost for path finding: 1 MP a hex, a hair more where a check is needed
    (so paths avoid checks when it costs no more hexes)."""
    board = state.board
    wrecks = wreck_set(state)
    extra = extra_challenge(state)

    def cost(a: Hex, b: Hex):
        if not board.in_bounds(b) or b in occupied:
            return None
        chk = cached_step_check(board, a, b, extra, wrecks)
        if chk.impassable:
            return None
        return 1 + chk.dv / 1000 + (0.01 if chk.challenge else 0)

    return cost


def pending_pass(state: DHRState, u: DHRUnit) -> Hex | None:
    """The hex the active unit may enter by an automatic pass after its failed check, if any: none once
    another unit stands there (a special figure dropped into it meanwhile), which the move would refuse."""
    if (state.active_unit != u.id or len(state.failed_step) != 2 or state.attacked
            or state.mp_left < 1 or u.at != Hex(*state.failed_step[0])):
        return None
    step = Hex(*state.failed_step[1])
    return None if step in hosts(state) else step


def move_actions(state: DHRState, u: DHRUnit, mp: int) -> list[Action]:
    occupied = hosts(state)
    came = reachable(u.at, mp + 0.5, step_cost(state, occupied))
    out: list[Action] = []
    for h in came:
        if h != u.at:
            out.append(Move(side=u.side, unit=u.id, path=path_to(came, h)[1:]))
    return out


def _check_destination(state: DHRState, u: DHRUnit, path: list[Hex], occupied: dict[Hex, DHRUnit]) -> None:
    """Refuse a move by its real problem, the destination first: off the map, impassable, taken,
    too far for the MP left, or no way there."""
    dest = path[-1]
    if not state.board.in_bounds(dest):
        raise Refusal(f"{dest} is off the map")
    t = spec(state.board.terrain_at(dest))
    if t.impassable:
        raise Refusal(f"{dest} is impassable ({t.label})")
    if dest in occupied:
        raise Refusal(f"{dest} is taken by {occupied[dest].name}")
    mp = state.mp_left
    if mp < 1:
        raise Refusal(f"{with_verb(u.name, 'has', 'have')} no movement points left")
    if u.at.distance(dest) > mp:
        raise Refusal(f"{u.name} cannot reach {dest} with {mp} MP ({u.at.distance(dest)} hexes away)")


def _refuse_path(state: DHRState, u: DHRUnit, dest: Hex, occupied: dict[Hex, DHRUnit], why: str) -> Refusal:
    """The refusal for a path that cannot be walked: the destination's own problem when no
    path reaches it at all, else what is wrong with this path. Searched only on a refusal,
    so a legal move (and a replay) never pays for it."""
    mp = state.mp_left
    if dest not in reachable(u.at, mp + 0.5, step_cost(state, occupied)):
        return Refusal(f"{u.name} cannot reach {dest} with {mp} MP: the way is blocked")
    return Refusal(why)


def do_move(state: DHRState, u: DHRUnit, path: list[Hex], ctx: Context) -> None:
    if u.attached_to is not None:
        raise Refusal(f"{with_verb(u.name, 'moves', 'move')} with the unit it is attached to: drop out first (x)")
    if state.attacked:
        raise Refusal(f"{with_verb(u.name, 'has', 'have')} attacked: it cannot move again this activation")
    path = [Hex(*h) for h in path]
    if path and path[0] == u.at:
        path = path[1:]
    if not path:
        raise Refusal(f"{with_verb(u.name, 'is', 'are')} already at {u.at}: choose another hex")
    occupied = hosts(state)
    board = state.board
    wrecks = wreck_set(state)
    extra = extra_challenge(state)
    _check_destination(state, u, path, occupied)
    if len(path) > state.mp_left:  # every step costs at least one MP
        raise _refuse_path(state, u, path[-1], occupied,
                           f"the path is {count(len(path), 'hex')} long and {with_verb(u.name, 'has', 'have')} {state.mp_left} MP")
    walked = [u.at]
    here = u.at
    bought = pending_pass(state, u)
    state.failed_step = []
    for b in path:
        if here.distance(b) != 1:
            raise _refuse_path(state, u, path[-1], occupied,
                               f"the path jumps from {here} to {b}, which are not next to each other")
        if not board.in_bounds(b):
            raise _refuse_path(state, u, path[-1], occupied, f"the path leaves the map at {b}")
        if b in occupied:
            raise _refuse_path(state, u, path[-1], occupied, f"the path crosses {b}, where {with_verb(occupied[b].name, 'stands', 'stand')}")
        chk = step_check(board, here, b, extra, wrecks)
        if chk.impassable:
            raise _refuse_path(state, u, path[-1], occupied, f"the path crosses {b}, which is impassable ({chk.what})")
        if state.mp_left < 1:
            if len(walked) == 1:
                raise Refusal(f"{with_verb(u.name, 'has', 'have')} no movement points left")
            break
        if bought is not None and len(walked) == 1 and b == bought and not chk.challenge:
            # the automatic pass the failed check left open: another MP, no roll (DHR-A04)
            state.mp_left -= 1
            ctx.emit(Message(message=f"{with_verb(u.name, 'spends', 'spend')} another MP and {agree(u.name, 'crosses', 'cross')} the {chk.what.lower()} (DHR-A04)"))
        else:
            res = terrain_check(chk.dv, state.mp_left, ctx.dice, challenge=chk.challenge, buy_auto_pass=False,
                                side=u.side, unit=u.id)
            state.mp_left = res.mp_left
            if not res.passed:
                if not chk.challenge and state.mp_left >= 1:
                    state.failed_step = [here, b]
                    ctx.emit(Message(message=f"{with_verb(u.name, 'fails', 'fail')} to get across the {chk.what.lower()}: spend another "
                                             f"MP to cross (cross) or stop ({state.mp_left} MP left)"))
                else:
                    ctx.emit(Message(message=f"{with_verb(u.name, 'fails', 'fail')} to get across the {chk.what.lower()} "
                                             f"({state.mp_left} MP left)"))
                break
        here = b
        walked.append(b)
    if len(walked) > 1:
        u.at = here
        for f in attached(state, u.id):
            f.at = here
        ctx.emit(Moved(unit=u.id, path=tuple(walked), plural=plural_name(u.name)))
