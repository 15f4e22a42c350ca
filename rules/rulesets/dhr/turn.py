"""The DHR turn: set-up, whose decision it is, the legal actions and applying one.

The chip bag and activations are in activation.py, movement with terrain checks in moves.py,
special figures joining and leaving units in attaching.py, the options they read in options.py.
"""

from __future__ import annotations

from rules.actions import Action
from rules.core import Context, Decision, Refusal, Setup, side_of
from rules.dice import KEYED
from rules.hexgrid import Hex, nearest_first, ring
from rules.rulesets.dhr import combat
from rules.rulesets.dhr.actions import Attach, Call, Cast, Cross, Draw, Drop, End, Fire, Melee, Move, Overrun
from rules.rulesets.dhr.activation import (
    activate, candidates, chip_label, commander, draw_next, end_activation, fill_bag, may_go_on,
)
from rules.rulesets.dhr.attaching import attach_actions, do_attach, do_drop, drop_actions
from rules.rulesets.dhr.combat import remove_unit  # noqa: F401  (a unit is gone: combat.py)
from rules.rulesets.dhr.moves import do_move, move_actions, no_move_reason, pending_pass
from rules.rulesets.dhr.options import by_type, extra_challenge, specials_on
from rules.rulesets.dhr.state import DHRSide, DHRState, attached, host_at, hosts, mp_of  # noqa: F401
from rules.rulesets.dhr.terrain import TERRAIN, step_check  # noqa: F401  (preview.py reads it here)
from rules.rulesets.dhr.units import DHRStats, DHRUnit
from rules.words import possessive, with_verb

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


# --- decisions ------------------------------------------------------------------------------


def deciding(state: DHRState) -> str | None:
    """The side `decision` names, without its prompt: the prompt lists the active unit's attacks, which
    `apply` and `legal_actions` (asked after the service's own `decision`) never read."""
    if state.phase == "over" or state.result is not None:
        return None
    if state.phase == "draw" or state.chip is None:
        return state.active_side or state.sides[0].id
    return state.chip.partition(":")[0]


def decision(state: DHRState) -> Decision:
    side = deciding(state)
    if side is None:
        return Decision(side=None, prompt="the game is over")
    if state.phase == "draw" or state.chip is None:
        return Decision(side=side, prompt="draw a chip from the bag", player=commander(state, side))
    if state.active_unit:
        prompt = active_prompt(state, state.units[state.active_unit])
    elif by_type(state):
        prompt = f"chip {chip_label(state, state.chip)}: act with one of them, or end"
    else:
        prompt = f"chip {chip_label(state, state.chip)}: act with it, or end"
    return Decision(side=side, prompt=prompt, player=commander(state, side))


# --- helpers -----------------------------------------------------------------------------------


ATTACK_WORDS = {"fire": "fire", "melee": "melee", "cast": "cast a spell", "overrun": "overrun",
                "call": "call a strike", "attach": "attach", "drop": "drop out"}


def active_prompt(state: DHRState, u: DHRUnit) -> str:
    """What the active unit may still do: only what it may (no "move" after it fired), and why not move."""
    kinds = {a.kind for a in combat.attack_actions(state, u)}
    why = no_move_reason(state, u)
    can = ([] if why else ["move"]) + [w for k, w in ATTACK_WORDS.items() if k in kinds] + ["end"]
    what = ", ".join(can[:-1]) + " or " + can[-1] if len(can) > 1 else can[0]
    return f"{u.name}: {what} " + (f"({state.mp_left} MP left)" if not why else f"({why})")


# --- legal actions ------------------------------------------------------------------------------


def legal_actions(state: DHRState, side: str) -> list[Action]:
    if deciding(state) != side:
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


def side_name(state: DHRState, side: str | None) -> str:
    """A side's name for messages (its id only when no such side is known)."""
    return state.side(side).name if side in state.side_ids() else str(side)


def _not_this_chip(state: DHRState, u: DHRUnit) -> str:
    if u.id in state.activated:
        return f"{with_verb(u.name, 'has', 'have')} already acted this turn"
    if state.chip is not None:
        side = state.chip.partition(":")[0]
        if side != u.side:
            return f"the chip drawn is {side_name(state, side)}'s"
        return f"the chip drawn is {chip_label(state, state.chip)}: {u.name} may not act on it"
    return f"{u.name} may not act on this chip"


# --- apply ------------------------------------------------------------------------------------------


def apply(state: DHRState, action: Action, ctx: Context) -> None:
    side = deciding(state)
    if side is None:
        raise Refusal("the game is over")
    if action.side != side:
        raise Refusal(f"it is {possessive(side_name(state, side))} turn to decide, not {possessive(side_name(state, action.side))}")
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
            raise Refusal(f"{with_verb(u.name, 'has', 'have')} no failed terrain check into {Hex(*action.to)}: only right after a failed check "
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
        raise Refusal(f"{with_verb(u.name, 'belongs', 'belong')} to {side_name(state, u.side)}")
    if not u.on_map:
        raise Refusal(f"{with_verb(u.name, 'is', 'are')} no longer on the map")
    return u
