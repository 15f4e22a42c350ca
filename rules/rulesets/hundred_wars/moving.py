"""Phase 5: units with Move counters roll and move; contact, ram and suicide; space speed; levels (teleports:
teleports.py)."""

from __future__ import annotations

from rules import reaction
from rules.core import Context, Refusal
from rules.events import Changed, Moved
from rules.hexgrid import Hex, find_path
from rules.reaction import Pause
from rules.rulesets.hundred_wars import engage, field, melee, mode_dice
from rules.rulesets.hundred_wars import terrain as ter
from rules.rulesets.hundred_wars.procedures import fire as fp
from rules.rulesets.hundred_wars.procedures import movement as mp
from rules.rulesets.hundred_wars.procedures.combat import suicide
from rules.rulesets.hundred_wars.psi_reach import ready_in_range
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.teleports import TP_REROLL, tp_queue  # noqa: F401  (preview.py reads them here)
from rules.rulesets.hundred_wars.units import HwUnit
from rules.words import agree, plural_name

REROLL = "psi_move"
"""The pause after a movement roll: the side it went against may re-roll it with a psionic pip."""
SUICIDE_REROLL = "psi_suicide"
"""The pause after a suicide attack's dice: the side they went against may re-roll the Fire or Armour die."""
DUMMY_MOVE = 10
"""A dummy blind's Move when its owner chose none to imitate (dummies.py), unless the `dummy_move` option says."""


def move_factor(state: HwState, u: HwUnit) -> int:
    """A unit's Move in its mode; a blind's is its group's lowest (text: "Groups"), a dummy's the Move it
    imitates (or DUMMY_MOVE)."""
    if u.blind:
        inside = [state.units[i] for i in u.contents if not state.units[i].eliminated]
        if not inside:
            return u.imitates if u.imitates is not None else int(state.options.get("dummy_move", DUMMY_MOVE))
        return min(max((m.factor for m in x.stats.move), default=0) for x in inside)
    return u.stats.move_factor(u.mode or "")


def path_for(state: HwState, u: HwUnit, goal: Hex) -> list[Hex]:
    """The shortest free path toward `goal`; an occupied goal is approached, not entered."""
    mode = u.mode or "ground"
    occupied = {o.at for o in state.units.values() if o.at is not None and not o.eliminated}  # state.occupied()'s keys
    room = field.open_hexes(state.board, mode)

    def step(a: Hex, b: Hex):
        if b not in room:  # off the map, or not a hex this mode may be in
            return None
        if b in occupied and b != goal:
            return None
        return 1

    path = find_path(u.at, goal, step) or [u.at]
    if len(path) > 1 and path[-1] in occupied:
        path = path[:-1]
    return path


def group_movers(state: HwState, u: HwUnit, alone: bool = False) -> list[HwUnit]:
    """Its group's units with the same Move counter, not yet moved: they move together (text: "Groups").

    `alone`: the text's other choice for differing factors, 'a separate roll for the differing units'.
    """
    if alone or u.blind or u.mode == "space" or u.counter_attack or not state.options.get("groups", True):
        return [u]
    return [g for g in field.group(state, u) if g.counter == u.counter and not g.moved and not g.counter_attack
            and g.mode == u.mode and g.counter_level == u.counter_level]


def differs(state: HwState, u: HwUnit) -> bool:
    """Whether its moving group's Move factors differ (then a separate roll may be chosen, text: "Groups")."""
    return len({move_factor(state, m) for m in group_movers(state, u)}) > 1


def move_unit(state: HwState, side: str, uid: str, accelerate: bool, ctx: Context, alone: bool = False) -> None:
    """'Once under a move order, a unit must roll and move each turn': 1d100, terrain worst case (AHW-A06, A07).

    A group moves together on one roll with its lowest Move factor (text: "Groups"), or, when its factors
    differ and the owner chooses `alone`, this unit rolls and moves by itself.
    """
    u = state.units.get(uid)
    if u is None or u.side != side or not u.on_map or u.counter is None:
        raise Refusal(f"{uid} has no Move counter of yours")
    if u.moved:
        raise Refusal(f"{u.name} {agree(u.agrees_as, 'has', 'have')} moved this phase")
    if alone and not differs(state, u):
        raise Refusal(f"{u.name}'s group all have the same Move: it moves together on one roll")
    movers = group_movers(state, u, alone)
    for m in movers:
        m.moved = True
    factor = min(move_factor(state, m) for m in movers)
    run = {"unit": u.id, "movers": [m.id for m in movers], "factor": factor, "accelerate": accelerate}
    run["roll"] = roll_move(state, run, ctx)
    if not offer_reroll(state, run, ctx):
        walk_on(state, run, ctx)


def roll_move(state: HwState, run: dict, ctx: Context, purpose: str = "movement") -> int:
    u, factor, n = state.units[run["unit"]], run["factor"], len(run["movers"])
    who = "" if u.blind else f"up to {min(factor, 100)} cm (Move {factor}" + (", the group's lowest)" if n > 1 else ")")
    (roll,) = ctx.dice.roll(1, 100, purpose, side=u.side, unit=u.id, rule=mp.R_MOVE, outcome=who)
    return roll


def reroll_side(state: HwState, run: dict) -> str | None:
    """(hexwar) The side a movement roll went against, that may re-roll it with a psionic pip in range of the
    mover: the mover's own side on a roll short of its Move, the first enemy side in player order on a full one.
    Never for a blind (whether its roll is short would tell its Move) nor a space unit (speeding up or slowing
    down makes 'against' the owner's choice)."""
    u = state.units[run["unit"]]
    if u.blind or (u.mode or "ground") == "space":
        return None
    if run["roll"] < run["factor"]:
        return u.side if ready_in_range(state, u.side, u.at) else None
    return next((s for s in state.order or state.side_ids() if s != u.side and ready_in_range(state, s, u.at)), None)


def offer_reroll(state: HwState, run: dict, ctx: Context) -> bool:
    side = reroll_side(state, run)
    if side is None:
        return False
    reaction.pause(state, Pause(kind=REROLL, actor=state.units[run["unit"]].side, reactor=side, data=dict(run),
                                prompt="re-roll the movement die with a psionic pip (y), or keep it (d)"), ctx)
    return True


def reroll(state: HwState, run: dict, psi: HwUnit, ctx: Context) -> None:
    """A psionic pip re-rolls the movement die; the side the new roll goes against may re-roll in turn."""
    run["roll"] = roll_move(state, run, ctx, f"movement (psionic re-roll by {psi.name})")
    if not offer_reroll(state, run, ctx):
        walk_on(state, run, ctx)


def walk_on(state: HwState, run: dict, ctx: Context) -> None:
    """The movers walk the roll (a space unit first changes speed by it, AHW-A21)."""
    u, roll, factor = state.units[run["unit"]], run["roll"], run["factor"]
    if (u.mode or "ground") == "space":
        before = u.speed
        u.speed = mp.space_speed(u.speed, roll, factor, run["accelerate"])
        ctx.emit(Changed(unit=u.id, field="speed", before=before, after=u.speed, why="space movement (AHW-A21)"))
        roll, factor = u.speed, max(u.speed, 1)
    if u.counter is None:
        return
    goal = Hex(*u.counter)
    movers = [state.units[i] for i in run["movers"]]
    order = [m.id for m in sorted(movers, key=lambda m: (m.at.distance(goal) if m.on_map else 0, m.id))]
    walk_rest(state, {"left": order, "roll": roll, "factor": factor}, ctx)


def walk_rest(state: HwState, walk: dict, ctx: Context) -> None:
    """The movers not yet walked walk in turn; a close combat that waits for a psionic re-roll (melee.py) takes the
    rest of the walk along (`then`), to go on when it is decided."""
    left = list(walk["left"])
    while left:
        m = state.units[left.pop(0)]
        if m.on_map and m.counter is not None and advance(state, m, walk["roll"], walk["factor"], ctx):
            state.paused[-1].data["then"] = {**walk, "left": left}
            return


def mobility(state: HwState, u: HwUnit) -> str:
    """The unit's Mobile speciality this phase: as bought, or both reductions by a psionic pip (psionics.mobile)."""
    return "both" if u.id in state.psi_mobile else u.stats.mobile_in(u.mode or "ground")


def advance(state: HwState, u: HwUnit, roll: int, factor: int, ctx: Context) -> bool:
    """Walk toward the counter as far as the roll and the worst terrain allow; then contact, ram or suicide.
    True when the walk waits for a psionic re-roll of a terrain die, or its close combat for one of its dice."""
    path = path_for(state, u, Hex(*u.counter))
    before = set(state.terrain_rolls)
    walk = {"unit": u.id, "roll": roll, "factor": factor, "path": [list(h) for h in path], "steps": 0,
            "level": start_level(state, u, ctx)}
    if offer_terrain(state, u, walk, before, ctx):
        return True  # the start hex's piece was rolled now: its die may be re-rolled before the first step
    return walk_steps(state, walk, ctx, started=True)


def start_level(state: HwState, u: HwUnit, ctx: Context | None) -> str:
    """The level of the hex the walk starts from (its piece rolled now if it never was), as Mobile makes it."""
    return ter.for_mobile(field.start_level(state, u.at, u.mode or "ground", u.side, ctx), mobility(state, u))


def step_level(state: HwState, u: HwUnit, frm: Hex, to: Hex, ctx: Context | None) -> str:
    """The level of one step of the walk (its piece rolled now if it never was), as Mobile makes it."""
    return ter.for_mobile(field.entry_level(state, frm, to, u.mode or "ground", u.side, ctx), mobility(state, u))


def walk_path(state: HwState, u: HwUnit) -> list[Hex]:
    """The path the walk follows: toward the counter, stopping at the first hex past the start that touches an
    enemy (contact stops the move)."""
    path = path_for(state, u, Hex(*u.counter))
    for i, h in enumerate(path[1:], start=1):
        if field.adjacent_enemies(state, h, u.side):
            return path[: i + 1]
    return path


def offer_terrain(state: HwState, u: HwUnit, walk: dict, before: set[str], ctx: Context) -> bool:
    """Pieces rolled since `before` wait for a psionic re-roll (mode_dice.py), the walk kept as it stands; never
    for a blind (the pause's data would tell its Move). True when one waits."""
    new = mode_dice.rolled_since(state, before)
    if not new or u.blind:
        return False
    others = [s for s in state.order or state.side_ids() if s != u.side]
    return mode_dice.offer(state, {"pieces": new, "actor": u.side, "others": others, "walk": dict(walk)}, ctx)


def walk_steps(state: HwState, walk: dict, ctx: Context, started: bool = False) -> bool:
    """The walk's steps from where it is; a piece rolled on entering may pause it (mode_dice.py), then this goes on
    from the same step with the level as it stands. True when something waits. `started`: `advance` has just
    worked out the start's level, and no re-roll came between."""
    u = state.units[walk["unit"]]
    side = u.side
    path = [Hex(*h) for h in walk["path"]]
    changes = u.counter_level is not None
    steps = walk["steps"]
    level = start_level(state, u, ctx) if steps == 0 and not started else walk["level"]  # as a re-roll left it
    for nxt in path[steps + 1:]:
        if steps and field.adjacent_enemies(state, path[steps], side):
            break  # contact stops the move
        before = set(state.terrain_rolls)
        entered = step_level(state, u, path[steps], nxt, ctx)
        walk.update(steps=steps, level=level)
        if offer_terrain(state, u, walk, before, ctx):
            return True
        w = ter.worst((level, entered))
        if w == "impassable" or (steps + 1) * state.hex_cm > mp.distance(walk["roll"], walk["factor"], w,
                                                                          changes_level=changes):
            break
        level, steps = w, steps + 1
    return finish_walk(state, u, path[: steps + 1], ctx)


def finish_walk(state: HwState, u: HwUnit, taken: list[Hex], ctx: Context) -> bool:
    """The unit is where its walk ended: its counter, then contact, ram or suicide. True when a bout waits."""
    goal = Hex(*u.counter)
    target = state.unit_at(goal) if u.counter_attack else None
    steps = len(taken) - 1
    changes = u.counter_level is not None
    u.walked = (state.turn, taken[0], taken[-1])
    if steps:
        u.facing = taken[-2].direction_to(taken[-1]) or u.facing
        u.at = taken[-1]
        ctx.emit(Moved(unit=u.id, path=tuple(taken), plural=plural_name(u.agrees_as)))
    if changes and steps:
        ctx.emit(Changed(unit=u.id, field="level", before=u.level, after=u.counter_level, why="climb or dive"))
        u.level, u.counter_level = u.counter_level, None
    if u.at == goal or (u.at.distance(goal) == 1 and state.unit_at(goal) is not None):
        u.counter = None  # arrived, or next to the unit that holds the hex
    if target is not None and not target.eliminated and u.at.distance(target.at) == 1:
        attack, u.counter_attack = u.counter_attack, ""
        if target.blind:
            placed = engage.reveal(state, target, ctx, f"contacted by {u.name}")
            target = placed[0] if placed else None
        if target is not None and attack == "ram":
            engage.ram_attack(state, u, target, ctx)
            return False
        if target is not None and attack == "suicide":
            return suicide_attack(state, u, target, steps * state.hex_cm, ctx)
    return melee.contact(state, u, ctx)


def target_toward(state: HwState, target: HwUnit, attacker_at: Hex) -> int:
    """The target's motion this turn toward the attacker, in cm: its walk's start to end, measured from where the
    attacker stands; negative when it moved away ("movement of the target away from the attacker is subtracted")."""
    if target.walked is None or target.walked[0] != state.turn:
        return 0
    _, frm, to = target.walked
    return (Hex(*frm).distance(attacker_at) - Hex(*to).distance(attacker_at)) * state.hex_cm


def suicide_attack(state: HwState, u: HwUnit, target: HwUnit, speed: int, ctx: Context) -> bool:
    """The combined speed is a mutual Fire factor: the attacker's walk plus the target's motion toward it this
    turn, less its motion away (text: "Ram / Suicide Attacks"). The attacker is destroyed whatever the dice; the
    Fire and Armour dice against the target may wait for a psionic re-roll (by the side they went against, with a
    pip in range of the target). True when they wait."""
    r = suicide(speed, target_toward(state, target, u.at), u.stats.armour, target.stats.armour, ctx.dice,
                sides=(u.side, target.side), units=(u.id, target.id))
    engage.destroy(state, u, ctx, "self-destructed")
    blow = {"attacker": u.id, "target": target.id, "fire_factor": r.fire, "armour_factor": target.stats.armour,
            "fire": r.on_target.fire_roll, "armour": r.on_target.armour_roll}
    if offer_suicide_reroll(state, blow, ctx):
        return True
    suicide_damage(state, blow, ctx)
    return False


def suicide_result(blow: dict) -> fp.FireResult:
    return fp.fire_outcome(blow["fire"], blow["armour"], blow["fire_factor"], blow["armour_factor"])


def offer_suicide_reroll(state: HwState, blow: dict, ctx: Context) -> bool:
    """A hit goes against the target's side, a miss against the attacker's (hexwar)."""
    target, attacker = state.units[blow["target"]], state.units[blow["attacker"]]
    side = target.side if suicide_result(blow).hit else attacker.side
    if target.eliminated or not target.on_map or not ready_in_range(state, side, target.at):
        return False
    reaction.pause(state, Pause(kind=SUICIDE_REROLL, actor=attacker.side, reactor=side, data=dict(blow),
                                prompt="re-roll the Fire or the Armour die of the suicide attack with a psionic pip "
                                       "(y), or keep the dice (d)"), ctx)
    return True


def suicide_reroll(state: HwState, blow: dict, die: str, psi: HwUnit, ctx: Context) -> bool:
    target, attacker = state.units[blow["target"]], state.units[blow["attacker"]]
    again = f" (psionic re-roll by {psi.name})"
    if die == "fire":
        blow["fire"] = fp.fire_die(blow["fire_factor"], False, ctx.dice, "fire" + again, side=attacker.side,
                                   unit=attacker.id)
    else:
        blow["armour"] = fp.armour_die(blow["armour_factor"], ctx.dice, "armour" + again, side=target.side,
                                       unit=target.id)
    if offer_suicide_reroll(state, blow, ctx):
        return True
    suicide_damage(state, blow, ctx)
    return False


def suicide_damage(state: HwState, blow: dict, ctx: Context) -> None:
    target, attacker = state.units[blow["target"]], state.units[blow["attacker"]]
    r = suicide_result(blow)
    if r.destroyed:
        engage.destroy(state, target, ctx, f"suicide attack by {attacker.name}")
    else:
        engage.deal(state, [target], r.damage, attacker.side, ctx, f"suicide attack by {attacker.name}")
