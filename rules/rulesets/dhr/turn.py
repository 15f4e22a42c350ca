"""The DHR turn: the chip bag, commanders in turn, activations, movement with terrain checks.

Initiative ("Initiative", DHR-A21): every unit on the map puts a chip of its side
in the bag, marked with its type (By Type) or its id (By Unit), option
`chip_draw`. A chip is pulled at random (one die roll over the chips left: the
bag holds no order until then, so no view can leak one). The chip's side acts:
By Unit, that very unit; By Type, one unit of that type that has not gone this
round, chosen by acting with it. Once the unit has gone its chip is set aside.
When the bag is empty the round (turn) ends and the bag is filled again.

Convention: each time a side is selected the next of its players commands, in
the order the scenario lists them (youngest first), then round again.

Movement ("Movement", hex based, DHR-A04/A05): one MP per hex; a step into
terrain or across a hexside feature with DV > 0 spends that MP on a check, a d6
HIGHER than the DV; on a failure another MP buys an automatic pass, except on
challenge terrain, which is rolled (a MP each) until passed. A road followed
along its length is DV 0.
"""

from __future__ import annotations

from rules.actions import Action
from rules.dice import KEYED
from rules.core import Context, Decision, Refusal, Setup, side_of
from rules.events import Changed, InitiativePassed, Message, Moved, PhaseChanged
from rules.hexgrid import Hex, nearest_first, path_to, reachable, ring
from rules.words import count, possessive
from rules.rulesets.dhr import combat, victory
from rules.rulesets.dhr.combat import remove_unit  # noqa: F401  (a unit is gone: combat.py)
from rules.rulesets.dhr.actions import Attach, Call, Cast, Cross, Draw, Drop, End, Fire, Melee, Move, Overrun
from rules.rulesets.dhr.procedures.movement import terrain_check
from rules.rulesets.dhr.state import DHRSide, DHRState, attached, host_at, hosts, mp_of  # noqa: F401
from rules.rulesets.dhr.terrain import TERRAIN, cached_step_check, spec, step_check
from rules.rulesets.dhr.units import DHRStats, DHRUnit

# --- options ------------------------------------------------------------------------------


def opt(state: DHRState, key: str) -> bool:
    return bool(state.options.get(key, False))


def by_type(state: DHRState) -> bool:
    return str(state.options.get("chip_draw", "unit")) == "type"


def specials_on(state: DHRState) -> bool:
    return opt(state, "special_figures")


def extra_challenge(state: DHRState) -> frozenset[str]:
    raw = str(state.options.get("challenge", "") or "")
    return frozenset(t.strip() for t in raw.split(",") if t.strip())


# --- set-up -------------------------------------------------------------------------------


def setup(setup: Setup, seed: int, options: dict, dice: int = KEYED) -> DHRState:
    units: dict[str, DHRUnit] = {}
    for u in setup.units:
        stats = DHRStats(**u.stats)
        units[u.id] = DHRUnit(
            id=u.id, side=u.side, name=u.name, kind=u.kind, at=u.at, stats=stats,
            figures=stats.figures, start_figures=stats.figures,
            artillery=stats.artillery, air=stats.air,
        )
    state = DHRState(
        ruleset="dhr", scenario=setup.name, seed=seed, dice=dice, board=setup.board,
        sides=[side_of(DHRSide, s) for s in setup.sides],
        units=units, options=dict(options), victory=list(setup.victory), max_turns=setup.max_turns,
        phase="draw", active_side=setup.sides[0].id,
    )
    unknown = sorted(extra_challenge(state) - set(TERRAIN))
    if unknown:
        raise ValueError(f"More challenge terrain: unknown terrain {', '.join(map(repr, unknown))} "
                         f"(known: {', '.join(sorted(TERRAIN))})")
    _place_attached(state)
    state.bag = fill_bag(state)
    return state


def _place_attached(state: DHRState) -> None:
    """Special figures that start attached: with the option on they stand with their unit;
    with it off they are plain one-figure units in the nearest free hex."""
    for u in state.units.values():
        host = state.units.get(u.stats.attached_to) if u.stats.attached_to else None
        if host is None or host.at is None or host.side != u.side:
            if u.stats.attached_to:
                raise ValueError(f"{u.id}: attached_to {u.stats.attached_to!r} is no unit of its side on the map")
            continue
        if specials_on(state) and u.stats.special:
            u.attached_to = host.id
            u.at = host.at
            continue
        if u.at is not None and u.at != host.at:
            continue
        taken = {v.at for v in state.units.values() if v.at is not None and v.id != u.id and v.attached_to is None}
        for radius in range(1, 6):
            free = [h for h in nearest_first(host.at, ring(host.at, radius))
                    if state.board.in_bounds(h) and h not in taken]
            if free:
                u.at = free[0]
                break


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


# --- decisions ------------------------------------------------------------------------------


def commander(state: DHRState, side: str) -> str | None:
    s = state.side(side)
    if not s.players:
        return None
    return s.players[s.commander % len(s.players)]


def decision(state: DHRState) -> Decision:
    if state.phase == "over" or state.result is not None:
        return Decision(side=None, prompt="the game is over")
    if state.phase == "draw" or state.chip is None:
        side = state.active_side or state.sides[0].id
        return Decision(side=side, prompt="draw a chip from the bag", player=commander(state, side))
    side = state.chip.partition(":")[0]
    if state.active_unit:
        prompt = active_prompt(state, state.units[state.active_unit])
    elif by_type(state):
        prompt = f"chip {chip_label(state, state.chip)}: act with one of them, or end"
    else:
        prompt = f"chip {chip_label(state, state.chip)}: act with it, or end"
    return Decision(side=side, prompt=prompt, player=commander(state, side))


# --- helpers -----------------------------------------------------------------------------------


def no_move_reason(state: DHRState, u: DHRUnit) -> str:
    """Why the active unit may not move now ('' when it may): the text's reasons, in full."""
    if u.attached_to is not None:
        return f"{u.name} moves with the unit it is attached to (drop out first)"
    if state.attacked:
        return f"{u.name} has attacked: a unit may not move after attacking"
    if u.mp_lost:
        return f"{u.name} cannot move (mobility kill)"
    if state.mp_left < 1:
        return f"{u.name} has no movement points left"
    return ""


ATTACK_WORDS = {"fire": "fire", "melee": "melee", "cast": "cast a spell", "overrun": "overrun",
                "call": "call a strike", "attach": "attach", "drop": "drop out"}


def active_prompt(state: DHRState, u: DHRUnit) -> str:
    """What the active unit may still do: only what it may (no "move" after it fired), and why not move."""
    kinds = {a.kind for a in combat.attack_actions(state, u)}
    why = no_move_reason(state, u)
    can = ([] if why else ["move"]) + [w for k, w in ATTACK_WORDS.items() if k in kinds] + ["end"]
    what = ", ".join(can[:-1]) + " or " + can[-1] if len(can) > 1 else can[0]
    return f"{u.name}: {what} " + (f"({state.mp_left} MP left)" if not why else f"({why})")


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


# --- legal actions ------------------------------------------------------------------------------


def candidates(state: DHRState) -> list[DHRUnit]:
    """Units that may act on the drawn chip now."""
    if state.active_unit:
        return [state.units[state.active_unit]]
    return [state.units[u] for u in state.eligible if state.units[u].on_map and u not in state.activated]


def legal_actions(state: DHRState, side: str) -> list[Action]:
    d = decision(state)
    if d.side != side:
        return []
    if state.phase == "draw" or state.chip is None:
        return [Draw(side=side)]
    out: list[Action] = []
    for u in candidates(state):
        out.extend(unit_actions(state, u))
    if state.active_unit and specials_on(state):
        for f in attached(state, state.active_unit):
            out.extend(drop_actions(state, f))
    out.append(End(side=side))
    return out


def fresh_mp(state: DHRState, u: DHRUnit) -> int:
    return state.mp_left if state.active_unit == u.id else mp_of(state, u)


def unit_actions(state: DHRState, u: DHRUnit) -> list[Action]:
    out: list[Action] = []
    mp = fresh_mp(state, u)
    attacked = state.attacked if state.active_unit == u.id else False
    if u.attached_to is None and mp > 0 and not attacked:
        step = pending_pass(state, u)
        if step is not None:
            out.append(Cross(side=u.side, unit=u.id, to=step))
        out.extend(move_actions(state, u, mp))
    out.extend(combat.attack_actions(state, u))
    if specials_on(state) and u.stats.special:
        if u.attached_to is None and mp > 0 and not attacked:
            out.extend(attach_actions(state, u))
        if u.attached_to is not None:
            out.extend(drop_actions(state, u))
    return out


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


def attach_actions(state: DHRState, f: DHRUnit) -> list[Action]:
    out: list[Action] = []
    for h in f.at.neighbours():
        host = host_at(state, h)
        if host and host.side == f.side and not host.stats.special and not host.stats.vehicle:
            out.append(Attach(side=f.side, unit=f.id, at=h))
    return out


def drop_actions(state: DHRState, f: DHRUnit) -> list[Action]:
    host = state.units.get(f.attached_to or "")
    if host is None or not host.on_map:
        return []
    occupied = hosts(state)
    out: list[Action] = []
    for h in host.at.neighbours():
        if state.board.in_bounds(h) and h not in occupied:
            if not step_check(state.board, host.at, h).impassable:
                out.append(Drop(side=f.side, unit=f.id, at=h))
    return out


def side_name(state: DHRState, side: str | None) -> str:
    """A side's name for messages (its id only when no such side is known)."""
    return state.side(side).name if side in state.side_ids() else str(side)


def _not_this_chip(state: DHRState, u: DHRUnit) -> str:
    if u.id in state.activated:
        return f"{u.name} has already acted this turn"
    if state.chip is not None:
        side = state.chip.partition(":")[0]
        if side != u.side:
            return f"the chip drawn is {side_name(state, side)}'s"
        return f"the chip drawn is {chip_label(state, state.chip)}: {u.name} may not act on it"
    return f"{u.name} may not act on this chip"


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
        raise Refusal(f"{u.name} has no movement points left")
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


def _why_no_drop(state: DHRState, f: DHRUnit, at: Hex) -> str:
    host = state.units.get(f.attached_to or "")
    where = host.at if host is not None and host.at is not None else f.at
    if where.distance(at) != 1:
        why = f"it is not next to {where}"
    elif not state.board.in_bounds(at):
        why = "it is off the map"
    elif host_at(state, at) is not None:
        why = f"{host_at(state, at).name} stands there"
    else:
        why = "it is impassable"
    return f"{f.name} cannot drop out into {at}: {why}"


# --- apply ------------------------------------------------------------------------------------------


def apply(state: DHRState, action: Action, ctx: Context) -> None:
    d = decision(state)
    if d.side is None:
        raise Refusal("the game is over")
    if action.side != d.side:
        raise Refusal(f"it is {possessive(side_name(state, d.side))} turn to decide, not {possessive(side_name(state, action.side))}")
    if isinstance(action, Draw):
        if state.phase != "draw" and state.chip is not None:
            raise Refusal("a chip is already drawn: act with it, or end the activation (e)")
        draw_next(state, ctx)
        return
    if state.chip is None:
        raise Refusal("draw a chip first (d)")
    if isinstance(action, End):
        end_activation(state, ctx)
        return
    if isinstance(action, Drop):
        f = own_unit(state, action)
        do_drop(state, f, action.at, ctx)
        return
    u = own_unit(state, action)
    if u.id not in [c.id for c in candidates(state)]:
        raise Refusal(_not_this_chip(state, u))
    activate(state, u, ctx)
    if isinstance(action, Move):
        do_move(state, u, list(action.path), ctx)
    elif isinstance(action, Cross):
        if pending_pass(state, u) != Hex(*action.to):
            taken = hosts(state).get(Hex(*action.to))
            if taken is not None:
                raise Refusal(f"{Hex(*action.to)} is taken by {taken.name}: {u.name} cannot cross into it")
            raise Refusal(f"{u.name} has no failed terrain check into {Hex(*action.to)}: only right after a failed check "
                          "may it spend another MP to cross")
        do_move(state, u, [Hex(*action.to)], ctx)
    elif isinstance(action, Attach):
        do_attach(state, u, action.at, ctx)
    elif isinstance(action, (Fire, Melee, Overrun, Call, Cast)):
        combat.apply_attack(state, u, action, ctx)
    else:
        raise Refusal(f"you cannot {action.kind} in DHR")
    if state.active_unit and not may_go_on(state):
        end_activation(state, ctx)


def own_unit(state: DHRState, action: Action) -> DHRUnit:
    uid = getattr(action, "unit", "") or ""
    u = state.units.get(uid)
    if u is None:
        raise Refusal(f"there is no unit {uid!r}")
    if u.side != action.side:
        raise Refusal(f"{u.name} belongs to {side_name(state, u.side)}")
    if not u.on_map:
        raise Refusal(f"{u.name} is no longer on the map")
    return u


def activate(state: DHRState, u: DHRUnit, ctx: Context) -> None:
    if state.active_unit == u.id:
        return
    if state.active_unit is not None:
        raise Refusal(f"{state.units[state.active_unit].name} is acting on this chip: {u.name} must wait for another")
    state.active_unit = u.id
    state.mp_left = mp_of(state, u)
    state.attacked = False
    state.fired = []
    state.cast = []
    state.failed_step = []
    state.crew_checked = False
    ctx.emit(Message(message=f"{u.name} activates ({state.mp_left} MP)"))


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


def do_move(state: DHRState, u: DHRUnit, path: list[Hex], ctx: Context) -> None:
    if u.attached_to is not None:
        raise Refusal(f"{u.name} moves with the unit it is attached to: drop out first (x)")
    if state.attacked:
        raise Refusal(f"{u.name} has attacked: it cannot move again this activation")
    path = [Hex(*h) for h in path]
    if path and path[0] == u.at:
        path = path[1:]
    if not path:
        raise Refusal(f"{u.name} is already at {u.at}: choose another hex")
    occupied = hosts(state)
    board = state.board
    wrecks = wreck_set(state)
    extra = extra_challenge(state)
    _check_destination(state, u, path, occupied)
    if len(path) > state.mp_left:  # every step costs at least one MP
        raise _refuse_path(state, u, path[-1], occupied,
                           f"the path is {count(len(path), 'hex')} long and {u.name} has {state.mp_left} MP")
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
            raise _refuse_path(state, u, path[-1], occupied, f"the path crosses {b}, where {occupied[b].name} stands")
        chk = step_check(board, here, b, extra, wrecks)
        if chk.impassable:
            raise _refuse_path(state, u, path[-1], occupied, f"the path crosses {b}, which is impassable ({chk.what})")
        if state.mp_left < 1:
            if len(walked) == 1:
                raise Refusal(f"{u.name} has no movement points left")
            break
        if bought is not None and len(walked) == 1 and b == bought and not chk.challenge:
            # the automatic pass the failed check left open: another MP, no roll (DHR-A04)
            state.mp_left -= 1
            ctx.emit(Message(message=f"{u.name} spends another MP and crosses the {chk.what.lower()} (DHR-A04)"))
        else:
            res = terrain_check(chk.dv, state.mp_left, ctx.dice, challenge=chk.challenge, buy_auto_pass=False,
                                side=u.side, unit=u.id)
            state.mp_left = res.mp_left
            if not res.passed:
                if not chk.challenge and state.mp_left >= 1:
                    state.failed_step = [here, b]
                    ctx.emit(Message(message=f"{u.name} fails to get across the {chk.what.lower()}: spend another "
                                             f"MP to cross (cross) or stop ({state.mp_left} MP left)"))
                else:
                    ctx.emit(Message(message=f"{u.name} fails to get across the {chk.what.lower()} "
                                             f"({state.mp_left} MP left)"))
                break
        here = b
        walked.append(b)
    if len(walked) > 1:
        u.at = here
        for f in attached(state, u.id):
            f.at = here
        ctx.emit(Moved(unit=u.id, path=tuple(walked)))


def do_attach(state: DHRState, f: DHRUnit, at: Hex, ctx: Context) -> None:
    if not specials_on(state) or not f.stats.special:
        raise Refusal(f"{f.name} is not a special figure: only special figures attach to units"
                      if specials_on(state) else "special figures are off in this game: no figure attaches to a unit")
    if f.attached_to is not None:
        raise Refusal(f"{f.name} is already attached to {state.units[f.attached_to].name}")
    at = Hex(*at)
    host = host_at(state, at)
    if host is None:
        raise Refusal(f"no unit at {at} for {f.name} to join")
    if host.side != f.side:
        raise Refusal(f"{host.name} at {at} is an enemy unit")
    if host.stats.special or host.stats.vehicle:
        raise Refusal(f"{f.name} can only join a unit of figures, not {host.name}")
    if f.at.distance(at) != 1:
        raise Refusal(f"{host.name} at {at} is not next to {f.name} at {f.at}")
    if state.mp_left < 1 or state.attacked:
        raise Refusal(f"{f.name} has " + ("attacked" if state.attacked else "no movement points left")
                      + f": it cannot join {host.name} this activation")
    state.mp_left -= 1
    walked = (f.at, at)
    f.at = at
    f.attached_to = host.id
    ctx.emit(Moved(unit=f.id, path=walked))
    ctx.emit(Changed(unit=f.id, field="attached", before=None, after=host.id, why="Special Figures"))


def do_drop(state: DHRState, f: DHRUnit, at: Hex, ctx: Context) -> None:
    if not specials_on(state) or f.attached_to is None:
        raise Refusal(f"{f.name} is not attached to a unit")  # also when special figures are off
    allowed = state.active_unit in (f.id, f.attached_to) or (
        state.active_unit is None and f.id in [c.id for c in candidates(state)])
    if not allowed:
        raise Refusal(f"{f.name} may drop out only on its own chip or while its unit acts")
    at = Hex(*at)
    if at not in [a.at for a in drop_actions(state, f)]:
        raise Refusal(_why_no_drop(state, f, at))
    if state.active_unit is None:
        activate(state, f, ctx)
    host = f.attached_to
    walked = (f.at, at)
    f.attached_to = None
    f.at = at
    ctx.emit(Changed(unit=f.id, field="attached", before=host, after=None, why="drops out"))
    ctx.emit(Moved(unit=f.id, path=walked))
    if state.active_unit == f.id:
        state.mp_left = max(0, state.mp_left - 1)
        if not may_go_on(state):
            end_activation(state, ctx)


# --- chips ---------------------------------------------------------------------------------------------


def end_activation(state: DHRState, ctx: Context) -> None:
    chip = state.chip
    if state.active_unit:
        state.activated.append(state.active_unit)
        ctx.emit(Message(message=f"{state.units[state.active_unit].name} has gone"))
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
