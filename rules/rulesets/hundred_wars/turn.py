"""Turns: the roll for player order, the five phases for every side in that order, and who decides now (text: "Turns")."""

from __future__ import annotations

from rules.actions import Action
from rules.core import Context, Decision, Refusal
from rules.events import Message
from rules.hexgrid import Hex, area
from rules import reaction
from rules.rulesets.hundred_wars import dummies
from rules.rulesets.hundred_wars import (
    carrying, ecm, engage, field, firing, melee, moving, placing, psionics, reactions, setup, shot, teleporting,
    teleports,
)
from rules.rulesets.hundred_wars import orders as od
from rules.rulesets.hundred_wars import terrain as ter
from rules.rulesets.hundred_wars import why
from rules.rulesets.hundred_wars.actions import (
    AgreeEnd, Allocate, Carry, ChooseEdge, Done, EcmAds, Fire, Gather, Jam, MoveUnit, PlaceBlind, PlacePiece, PsiReveal, RemoveCounter, Repair, Reveal,
    RollOff, RollOrders, SetCounter, Teleport,
)
from rules.rulesets.hundred_wars.phases import advance, begin_turn, end_turn  # noqa: F401 (turn.end_turn in tests)
from rules.rulesets.hundred_wars.state import PHASE_WORDS, PHASES, HwState
from rules.words import with_verb


def decision(state: HwState) -> Decision:
    paused = reaction.decision(state)
    if paused is not None:
        return paused
    if state.pending:
        p = state.pending[0]
        return Decision(side=p.allocator, prompt=f"allocate {p.damage} damage ({p.why})")
    if state.phase == "setup":
        return Decision(side=state.side_ids()[0], prompt="roll off to set up")
    if state.phase == "edge":
        return Decision(side=state.order[state.step], prompt="choose your table edge")
    if state.phase == "terrain":
        if state.shaping is not None:
            return Decision(side=state.active_side, prompt=placing.shaping_prompt(state))
        return Decision(side=state.active_side, prompt=f"place a terrain piece ({state.pieces_left.get(state.active_side, 0)} left)")
    return Decision(side=state.acting(), prompt=PHASE_WORDS[state.phase])


def legal_actions(state: HwState, side: str) -> list[Action]:
    d = decision(state)
    if d.side != side:
        return []
    if state.paused:
        return reactions.choices(state, side)
    if state.pending:
        return [Allocate(side=side, unit=u, first=k) for u, k in engage.choices(state)]
    if state.phase == "setup":
        return [RollOff(side=side)]
    if state.phase == "terrain":
        if state.shaping is not None:
            return [Done(side=side)] + [PlacePiece(side=side, terrain=state.shaping.terrain, at=h, gate=g)
                                        for h, g in placing.shape_choices(state)]
        return [Done(side=side)] + [PlacePiece(side=side, terrain=t, at=h) for t in placing.placeable(state)
                                    for h in placing.spots(state)]
    if state.phase == "edge":
        return [ChooseEdge(side=side, edge=e) for e in setup.free_edges(state)]  # type: ignore[arg-type]
    if state.phase == "orders":
        return [RollOrders(side=side)]
    out: list[Action] = [Done(side=side)] if phase_may_end(state, side) else []
    if side not in state.agreed_end:
        out.append(AgreeEnd(side=side))
    if state.phase == "blinds":
        out += blind_actions(state, side)
    elif state.phase == "counters":
        out += counter_actions(state, side, 1)
        out += [RemoveCounter(side=side, unit=u.id) for u in state.live(side)
                if u.counter is not None and od.payer(state, side, 1, u.at)]
        out += jam_actions(state, side)
        out += psi_order_actions(state, side)
        out += psi_jam_actions(state, side)
    elif state.phase == "fire":
        out += fire_actions(state, side)
    elif state.phase == "move":
        waiting = [u for u in state.live(side) if u.counter is not None and not u.moved]
        out += [MoveUnit(side=side, unit=u.id, accelerate=a) for u in waiting
                for a in ((True, False) if u.mode == "space" and not u.blind else (True,))]
        out += [MoveUnit(side=side, unit=u.id, alone=True) for u in waiting if moving.differs(state, u)]
        out += counter_actions(state, side, od.CHANGE_DURING_MOVE)
        out += teleport_actions(state, side)
        out += [Gather(side=side, unit=t, passenger=p.id) for t in teleports.teleporters(state, side)
                for p in carrying.gatherable(state, state.units[t])]
        out += [Carry(side=side, unit=p.id, at=c.at) for p, c in carrying.boardings(state, side)]
        out += [Carry(side=side, unit=p, at=h, off=True) for p, h in carrying.set_downs(state, side)]
        out += [Jam(side=side, unit=e.id, at=t.at) for e in state.live(side) for t in teleporting.hijackable(state, e)]
        out += psi_move_actions(state, side)
    return out


def blind_actions(state: HwState, side: str) -> list[Action]:
    if od.payer(state, side, 1, None) is None:
        return []
    spots = od.blind_spots(state, side)
    waiting = [b for b in state.units.values() if b.blind and b.side == side and b.at is None and not b.eliminated]
    moves = {b.id: dummies.imitable(state, side) if b.dummy else [None] for b in waiting}
    return [PlaceBlind(side=side, unit=b.id, at=h, move=m) for b in waiting for h in spots for m in moves[b.id]]


COUNTER_TURNS = 4
"""The action list offers Move counters up to four turns' full move away (a farther hex may still be given)."""


def counter_actions(state: HwState, side: str, pips: int) -> list[Action]:
    out: list[Action] = []
    occupied = state.occupied()
    for u in state.live(side):
        if not od.movable(state, u) or (state.phase == "move" and (u.counter is None or u.moved)):
            continue
        if od.payer(state, side, pips, u.at) is None:
            continue
        for h in counter_spots(state, u):
            other = occupied.get(h)
            if other is None or other.side != side:
                out.append(SetCounter(side=side, unit=u.id, to=h))
            if other is not None and other.side != side and not u.blind:
                out += [SetCounter(side=side, unit=u.id, to=h, attack=a) for a in ("ram", "suicide")]
        if not u.blind and u.counter is not None:
            out += [SetCounter(side=side, unit=u.id, to=u.counter, level=lv) for lv in (u.level - 1, u.level + 1)
                    if od.level_ok(u, lv)]
    return out


def counter_spots(state: HwState, u) -> list[Hex]:
    """The hexes the action list offers as a unit's Move counter: up to COUNTER_TURNS turns' full move away."""
    mode = u.mode or "ground"
    radius = max(3, COUNTER_TURNS * moving.move_factor(state, u) // state.hex_cm)
    return [h for h in area(u.at, radius) if h != u.at and state.board.in_bounds(h) and ter.open_for(state.board, h, mode)]


def fire_actions(state: HwState, side: str) -> list[Action]:
    out: list[Action] = []
    for u in state.live(side):
        if u.blind:
            out.append(Reveal(side=side, unit=u.id))
            continue
        for w in range(u.stats.guns):
            out += [Fire(side=side, unit=u.id, weapon=w, at=t.at) for t in firing.targets(state, u, w)]
        if u.stats.field_repairs and not u.repaired:
            out += [Repair(side=side, unit=u.id, at=f.at) for f in state.live(side)
                    if not f.blind and f.at.distance(u.at) <= 1 and firing.repair_key(f)]
        if psionics.ready(state, u):
            out += psi_fire_actions(state, u)
        out += [EcmAds(side=side, unit=u.id, at=a.at) for a in firing.ads_targets(state, u)]
    return out


def psi_order_actions(state: HwState, side: str) -> list[Action]:
    """Phase 3 pips: enemy Move orders placed, moved or removed; Orders simulated on a unit of yours (its counter)."""
    out: list[Action] = []
    for u in state.live(side):
        if not psionics.ready(state, u):
            continue
        for e in psionics.in_reach(state, u):
            if e.counter is not None:
                out.append(PsiReveal(side=side, unit=u.id, at=e.at, remove=True))
            out += [PsiReveal(side=side, unit=u.id, at=e.at, to=h) for h in psionics.order_spots(state, e)]
        for f in psionics.own_in_reach(state, u):
            if f.counter is not None:
                out.append(PsiReveal(side=side, unit=u.id, at=f.at, remove=True, simulate="orders"))
            out += [PsiReveal(side=side, unit=u.id, at=f.at, to=h, simulate="orders") for h in counter_spots(state, f)]
    return out


def psi_fire_actions(state: HwState, u) -> list[Action]:
    """Phase 4 pips of a ready psionic unit: reveal an enemy blind, fire an enemy weapon, simulate Field Repairs."""
    side = u.side
    out: list[Action] = []
    for e in psionics.in_reach(state, u):
        if e.blind:
            out.append(PsiReveal(side=side, unit=u.id, at=e.at))
            continue
        out += [PsiReveal(side=side, unit=u.id, at=e.at, weapon=w, to=t.at) for w in range(e.stats.guns)
                for t in psionics.fire_targets(state, side, e, w)]
    out += [PsiReveal(side=side, unit=u.id, at=f.at, simulate="repairs") for f in psionics.friends_in_reach(state, u)
            if firing.repair_key(f)]
    out += [PsiReveal(side=side, unit=u.id, at=e.at, simulate="ecm") for e in psionics.in_reach(state, u)
            if not e.blind and firing.ads_factor(state, e)]
    return out


def psi_move_actions(state: HwState, side: str) -> list[Action]:
    """Phase 5 pips: simulate a teleport of a unit of yours, or ECM hijacking an enemy teleporter."""
    out: list[Action] = []
    for u in state.live(side):
        if not psionics.ready(state, u):
            continue
        out += [PsiReveal(side=side, unit=u.id, at=e.at, simulate="ecm") for e in psionics.in_reach(state, u)
                if not e.blind and e.buffer]
        out += [PsiReveal(side=side, unit=u.id, at=f.at, to=h, simulate="teleport")
                for f in psionics.friends_in_reach(state, u) if f.id != u.id
                for h in psionics.teleport_spots(state, u, f)]
        out += [PsiReveal(side=side, unit=u.id, at=f.at, simulate="mobile") for f in psionics.friends_in_reach(state, u)
                if not psionics.mobile_refusal(state, side, f)]
    return out


def psi_jam_actions(state: HwState, side: str) -> list[Action]:
    """Phase 3 pips simulating ECM: jam an enemy commander within psionic range."""
    return [PsiReveal(side=side, unit=u.id, at=c.at, simulate="ecm") for u in state.live(side) if psionics.ready(state, u)
            for c in psionics.in_reach(state, u) if not c.blind and c.stats.orders]


def jam_actions(state: HwState, side: str) -> list[Action]:
    return [Jam(side=side, unit=u.id, at=c.at) for u in state.live(side) if u.stats.ecm and not u.blind
            and u.id not in state.jammed for c in state.live() if c.side != side and not c.blind
            and c.stats.orders and field.cm(state, u.at, c.at) <= u.stats.ecm_range]


def teleport_actions(state: HwState, side: str) -> list[Action]:
    from rules.rulesets.hundred_wars.procedures.specials import can_reach

    out: list[Action] = []
    tps = teleports.teleporters(state, side)
    for tid in tps:
        t = state.units[tid]
        if tid in state.teleported:
            continue
        riders = [p.id for p in state.live(side) if not p.blind and p.id != tid
                  and field.cm(state, t.at, p.at) <= t.stats.teleport_range and len(t.buffer) < t.stats.teleport]
        riders += [""] if t.buffer else []
        dests = [h for h in state.board.hexes() if state.unit_at(h) is None and can_reach(tps, tid, h, state.hex_cm)]
        out += [Teleport(side=side, unit=tid, passenger=p, to=h) for p in riders for h in dests]
    return out


def phase_may_end(state: HwState, side: str) -> bool:
    """Phase 5 ends only when every unit with a Move counter has moved ('must roll and move each turn')."""
    if state.phase == "move":
        return not any(u.counter is not None and not u.moved for u in state.live(side))
    return True


def apply(state: HwState, action: Action, ctx: Context) -> None:
    first = state.commanding()
    commanded = {s: first[s] for s in state.side_ids() if s in first}
    _apply(state, action, ctx)
    lapse_agreement(state, action, ctx)
    why.commanders_lost(state, commanded, ctx)


def lapse_agreement(state: HwState, action: Action, ctx: Context) -> None:
    """(hexwar) An agreement to end is to end the game as it stands: it lapses as soon as a side that has not
    agreed plays anything but its own agreement. Kept for the rest of the turn, it let the other side fire first
    and agree once ahead: the side that agreed at 4 to 0 lost 4 to 20 (mars-expedition, seed 9100)."""
    if state.agreed_end and action.side not in state.agreed_end and not isinstance(action, AgreeEnd):
        state.agreed_end = []
        who = with_verb(why.side_name(state, action.side), "plays", "play")
        ctx.emit(Message(message=f"{who} on: the agreement to end the game lapses"))


def _apply(state: HwState, action: Action, ctx: Context) -> None:
    if action not in legal_shape(state, action):
        raise Refusal(f"{action.text()} is not possible now: {why.refused(state, action)}")
    side = action.side
    if state.paused:  # another side's reaction (ECM or psionics) to an action that waits: reactions.py
        reactions.react(state, action, ctx)
    elif isinstance(action, Allocate):
        engage.allocate(state, side, action.unit, action.first, ctx)
    elif isinstance(action, RollOff):
        setup.roll_off(state, ctx)
    elif isinstance(action, PlacePiece):
        placing.place(state, side, action.terrain, Hex(*action.at), ctx, action.toward, action.gate)
    elif isinstance(action, Done) and state.phase == "terrain":
        placing.stop(state, side, ctx)
    elif isinstance(action, ChooseEdge):
        setup.choose_edge(state, side, action.edge, ctx)
        if len(state.edges) == len(state.sides):
            begin_turn(state, ctx)
    elif isinstance(action, RollOrders):
        if not od.roll_orders(state, side, ctx):
            advance(state, ctx)
    elif isinstance(action, PlaceBlind):
        dummies.imitate(state, side, action.unit, action.move)
        od.place_blind(state, side, action.unit, Hex(*action.at), ctx)
    elif isinstance(action, SetCounter):
        u = state.units.get(action.unit)
        group = od.followers(state, u, action.attack) if u is not None and u.on_map else None  # who takes the order
        before = ecm.snapshot(group) if group is not None else {}
        od.set_counter(state, side, action.unit, Hex(*action.to), action.attack, action.level, ctx, group)
        ecm.offer(state, side, u, before, ctx)
    elif isinstance(action, RemoveCounter):
        u = state.units.get(action.unit)
        group = od.followers(state, u) if u is not None and u.on_map else None
        before = ecm.snapshot(group) if group is not None else {}
        od.remove_counter(state, side, action.unit, ctx, group)
        ecm.offer(state, side, u, before, ctx)
    elif isinstance(action, Jam) and state.phase == "move":
        teleporting.hijack(state, side, action.unit, Hex(*action.at), ctx)
    elif isinstance(action, Jam):
        firing.jam(state, side, action.unit, Hex(*action.at), ctx)
    elif isinstance(action, EcmAds):
        firing.ecm_ads(state, side, action.unit, Hex(*action.at), ctx)
    elif isinstance(action, Fire):
        shot.fire(state, side, action.unit, action.weapon, Hex(*action.at), ctx)
    elif isinstance(action, Repair):
        firing.repair(state, side, action.unit, Hex(*action.at), ctx)
    elif isinstance(action, PsiReveal):
        reactions.use_pip(state, side, action, ctx)
    elif isinstance(action, Reveal):
        u = state.units.get(action.unit)
        if u is None or not u.blind or u.side != side or not u.on_map:
            raise Refusal(f"{action.unit} is not a blind of yours on the table")
        placed = engage.reveal(state, u, ctx, "revealed by its owner")
        for e in {e.id: e for p in placed for e in field.adjacent_enemies(state, p.at, side) if e.blind}.values():
            engage.reveal(state, e, ctx, "contacted by a revealed unit")
        melee.fight(state, placed, ctx)  # units placed in contact fight at once, as one group
    elif isinstance(action, MoveUnit):
        moving.move_unit(state, side, action.unit, action.accelerate, ctx, action.alone)
    elif isinstance(action, Gather):
        teleporting.gather(state, side, action.unit, action.passenger, ctx)
    elif isinstance(action, Carry):
        carrying.carry(state, side, action.unit, Hex(*action.at), action.off, ctx)
    elif isinstance(action, Teleport):
        teleporting.teleport(state, side, action.unit, action.passenger, Hex(*action.to), ctx)
    elif isinstance(action, AgreeEnd):
        state.agreed_end.append(side)
    elif isinstance(action, Done):
        if not phase_may_end(state, side):
            raise Refusal(why.must_move_first(state, side))
        advance(state, ctx)
    else:
        raise Refusal(f"{action.text()} is not an action of A Hundred Wars")


def legal_shape(state: HwState, action: Action) -> list[Action]:
    """The actions the side could take now, for the kinds whose list is cheap; others pass through to their checks."""
    d = decision(state)
    if d.side != action.side:
        raise Refusal("it is not your decision now")
    if state.paused and not isinstance(action, (Jam, Done, PsiReveal)):
        raise Refusal(f"first: {d.prompt}")
    if state.paused:
        return [action]
    if state.pending and not isinstance(action, Allocate):
        raise Refusal("damage must be allocated first")
    if isinstance(action, (PlacePiece, Done)) and state.phase == "terrain":
        return [action]
    if isinstance(action, PlacePiece):
        raise Refusal("terrain pieces are placed while setting up")
    if isinstance(action, ChooseEdge) and state.phase == "edge":
        return [action]  # setup.choose_edge says why an edge is refused
    if isinstance(action, (RollOff, ChooseEdge, RollOrders)):
        return legal_actions(state, action.side)
    if isinstance(action, PsiReveal) and (action.cancel or action.reroll):
        raise Refusal("a psionic pip cancels or re-rolls only while an enemy action waits for it")
    if isinstance(action, PsiReveal) and action.simulate == "ads":
        raise Refusal("a psionic pip simulates an ADS while an enemy shot waits for your reaction")
    if isinstance(action, PsiReveal) and state.phase not in ("counters", "fire", "move"):
        raise Refusal("psionic pips are used in Phase 3 (enemy orders, Orders, ECM jam), Phase 4 (blinds, enemy "
                      "weapons, repairs, ECM against an ADS), Phase 5 (teleport, Mobile, ECM hijack) and while an "
                      "enemy action waits for them")
    if isinstance(action, PsiReveal) and state.phase == "move" and action.simulate not in ("teleport", "ecm", "mobile"):
        raise Refusal("in Phase 5 a psionic pip simulates a teleport, Mobile or an ECM hijack (orders: Phase 3)")
    if isinstance(action, (Fire, Repair, Reveal, EcmAds)) and state.phase != "fire":
        raise Refusal("that is done in Phase 4 (fire)")
    if isinstance(action, PlaceBlind) and state.phase != "blinds":
        raise Refusal("blinds are placed in Phase 2")
    if isinstance(action, RemoveCounter) and state.phase != "counters":
        raise Refusal("that is done in Phase 3 (Move counters)")
    if isinstance(action, Jam) and state.phase not in ("counters", "move"):
        raise Refusal("ECM jams a commander in Phase 3 and hijacks a teleporter in Phase 5")
    if isinstance(action, SetCounter) and state.phase not in ("counters", "move"):
        raise Refusal("Move counters are placed in Phase 3 (or changed during the move for 2 pips)")
    if isinstance(action, (MoveUnit, Teleport, Gather, Carry)) and state.phase != "move":
        raise Refusal("units move in Phase 5")
    if isinstance(action, (Done, AgreeEnd)) and state.phase not in PHASES:
        raise Refusal("not while setting up")
    if isinstance(action, AgreeEnd) and action.side in state.agreed_end:
        raise Refusal("you have already agreed to end the game")
    return [action]
