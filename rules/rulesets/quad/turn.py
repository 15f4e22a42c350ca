"""QUAD's turn: who decides now, what they may do, and what each action does.

The turn (text: "The Turn"; QUAD-A03, A07, A08): every side may draw one
card; then the active side plays activation cards one at a time until it
releases without playing (and draws two), runs out of cards, releases
voluntarily, or an inactive side steals the activation by paying a tactics
card, which it may do between any two card plays. The turn ends when every
side in a row has released without playing a card.
"""

from __future__ import annotations

from rules import reaction
from rules.actions import Action
from rules.core import Context, Decision, Refusal, Setup, side_of
from rules.dice import KEYED
from rules.events import Message
from rules.hexgrid import Hex
from rules.rulesets.quad import cards as deck
from rules.rulesets.quad import combat
from rules.rulesets.quad import procedures as proc
from rules.rulesets.quad.actions import Attack, Block, Charge, Decline, Draw, Hold, Move, Release, Retreat, Steal
from rules.rulesets.quad.combat import attack_inputs  # noqa: F401  (tests and previews read it here)
from rules.rulesets.quad.initiative import _draw_step, _pass_activation, _release, _steal, side_name
from rules.rulesets.quad.moving import _check_path, _moves, _walk
from rules.rulesets.quad.state import QuadSide, QuadState
from rules.rulesets.quad.units import QuadStats, QuadUnit, unit_rank
from rules.words import count, possessive, with_verb

# --- set-up ---------------------------------------------------------------------------


def setup(setup: Setup, seed: int, options: dict, dice: int = KEYED) -> QuadState:
    """Units, ranks and shuffled decks; opening hands of one card per three units plus leader (QUAD-A06)."""
    units: dict[str, QuadUnit] = {}
    per_side: dict[str, list[tuple[str, str]]] = {s.id: [] for s in setup.sides}
    for u in setup.units:
        if u.side not in per_side:
            raise ValueError(f"unit {u.id} belongs to unknown side {u.side!r}")
        stats = QuadStats(**u.stats)
        if stats.quality < 1:
            raise ValueError(f"unit {u.id} must start with Quality 1-5")
        rank = unit_rank(len(per_side[u.side]))
        per_side[u.side].append((u.id, rank))
        units[u.id] = QuadUnit(id=u.id, side=u.side, name=u.name, kind=u.kind, at=u.at, stats=stats,
                               start_quality=stats.quality, rank=rank)
    state = QuadState(
        ruleset="quad", scenario=setup.name, seed=seed, dice=dice, board=setup.board,
        sides=[side_of(QuadSide, s) for s in setup.sides],
        units=units, options=dict(options), victory=setup.victory, max_turns=setup.max_turns,
        phase="draw", to_draw=[s.id for s in setup.sides],
    )
    for s in state.sides:
        pile = deck.Pile(deck=deck.shuffle(deck.build_deck(s.id, per_side[s.id], s.leader), seed, state.shuffles, dice))
        state.shuffles += 1
        deck.draw(pile, deck.tactics_count(len(per_side[s.id]), s.leader), seed, lambda: 0, dice)
        state.piles[s.id] = pile
    return state


# --- who decides ----------------------------------------------------------------------


def decision(state: QuadState) -> Decision:
    if state.retreats:
        r = state.retreats[0]
        u = state.units[r.unit]
        return Decision(side=u.side, prompt=f"choose where {with_verb(u.name, 'falls', 'fall')} back ({count(r.hexes, 'hex')} to go)")
    paused = reaction.decision(state)
    if paused is not None:
        return paused  # an attack waits for the defender's blocks
    if state.phase == "draw":
        return Decision(side=state.to_draw[0], prompt="draw a card, or keep your hand")
    reactors = tuple(s for s in state.side_ids() if s != state.active_side and state.tactics_in_hand(s))
    return Decision(side=state.active_side, prompt="play an activation card, or release", reactors=reactors)


# --- legal actions ----------------------------------------------------------------------


def attack_range(unit: QuadUnit) -> int:
    """How far the unit can attack: 1, or Ranged #2 (QUAD-A04)."""
    return unit.stats.ranged[1] if unit.stats.ranged else 1


def legal_actions(state: QuadState, side: str) -> list[Action]:
    d = decision(state)
    if side != d.side:
        if side in d.reactors:
            return [Steal(side=side)]
        return []
    if state.retreats:
        r = state.retreats[0]
        return [Retreat(side=side, unit=r.unit, to=h) for h in combat.retreat_options(state, r)]
    if combat.attack_waits(state):
        return [Block(side=side, quality=q, sixes=s) for q, s in proc.block_choices(state.pending_attack.tally)]
    if state.phase == "draw":
        pile = state.piles[side]
        return ([Draw(side=side)] if pile.deck or pile.discard else []) + [Decline(side=side)]
    out: list[Action] = []
    occupied = state.occupied()
    enemies = [u for u in state.units.values() if u.side != side and u.on_map]
    seen: set[str] = set()
    for card in state.hand(side):
        if card.kind != "activation" or card.unit in seen:
            continue
        seen.add(card.unit)
        unit = state.units[card.unit]
        if not unit.on_map:
            continue
        reach = attack_range(unit)
        moves = _moves(state, unit, occupied)
        out.extend(Move(side=side, unit=unit.id, path=p) for p in moves.values())
        out.extend(Attack(side=side, unit=unit.id, at=e.at) for e in enemies if unit.at.distance(e.at) <= reach)
        if unit.stats.has("charger"):
            for dest, path in moves.items():
                for e in enemies:
                    if dest.distance(e.at) == 1:
                        out.append(Charge(side=side, unit=unit.id, path=path, at=e.at))
        out.append(Hold(side=side, unit=unit.id))
    out.append(Release(side=side))
    return out


def _not_yours(state: QuadState, side: str, unit_id: str) -> str:
    u = state.units.get(unit_id)
    if u is None:
        return f"there is no unit {unit_id!r}"
    if u.side != side:
        return f"{with_verb(u.name, 'belongs', 'belong')} to {side_name(state, u.side)}"
    return f"{with_verb(u.name, 'is', 'are')} no longer on the map"


# --- applying ----------------------------------------------------------------------------


def apply(state: QuadState, action: Action, ctx: Context) -> None:
    d = decision(state)
    if isinstance(action, Steal) and d.side is not None and not d.may_act(action.side):
        _steal(state, action, ctx)  # refuses, with the reason this steal is not possible
        raise Refusal("the activation cannot be stolen now")  # pragma: no cover - defensive
    if not d.may_act(action.side):
        raise Refusal(f"it is {possessive(side_name(state, d.side))} turn to decide, not {possessive(side_name(state, action.side))}"
                      if d.side else "the game is over")
    state.turn_ended = None
    if isinstance(action, Steal):
        return _steal(state, action, ctx)
    if action.side != d.side:
        raise Refusal(f"it is {possessive(side_name(state, d.side))} turn: out of turn you may only steal the activation")
    if state.retreats:
        if not isinstance(action, Retreat):
            raise Refusal(f"{state.units[state.retreats[0].unit].name} must fall back first: choose the hex it falls back into")
        combat.retreat(state, action)
        return _settle(state, ctx)
    if combat.attack_waits(state):
        if not isinstance(action, Block):
            raise Refusal(f"{state.units[state.pending_attack.defender].name} must first choose which hits to block")
        combat.block(state, action, ctx)
        return _settle(state, ctx)
    if state.phase == "draw":
        if not isinstance(action, (Draw, Decline)):
            raise Refusal("at the start of the turn you may only draw a card (d) or keep your hand (k)")
        return _draw_step(state, action, ctx)
    if isinstance(action, Release):
        return _release(state, action, ctx)
    if isinstance(action, (Move, Attack, Charge, Hold)):
        return _play(state, action, ctx)
    if isinstance(action, (Draw, Decline)):
        raise Refusal(f"you cannot {action.kind} now: cards are drawn (or the hand kept) at the start of a turn, "
                      "and this turn's activations are under way")
    raise Refusal(f"you cannot {action.kind} now: play an activation card (move, attack, charge or hold) or "
                  "release the activation")


def _play(state: QuadState, action: Action, ctx: Context) -> None:
    side = action.side
    unit = state.units.get(action.unit)
    if unit is None or unit.side != side or not unit.on_map:
        raise Refusal(_not_yours(state, side, action.unit))
    cards = state.cards_for(side, unit.id)
    if not cards:
        raise Refusal(f"you hold no card that activates {unit.name}")
    # Check the whole action before anything changes (a refusal changes nothing).
    occupied = state.occupied()
    if isinstance(action, (Move, Charge)):
        path = _check_path(state, unit, list(action.path), occupied)
    if isinstance(action, Charge):
        if not unit.stats.has("charger"):
            raise Refusal(f"{unit.name} cannot charge (it is not a Charger)")
        target = _enemy_at(state, side, action.at)
        if path[-1].distance(target.at) != 1:
            raise Refusal(f"the charge ends at {path[-1]}, which is not next to {target.name} at {target.at}")
    if isinstance(action, Attack):
        target = _enemy_at(state, side, action.at)
        if unit.at.distance(target.at) > attack_range(unit):
            raise Refusal(f"{unit.name} cannot reach {target.name} at {target.at}: it is "
                          f"{unit.at.distance(target.at)} hexes away and its range is {attack_range(unit)}")
    card = cards[0]
    pile = state.piles[side]
    pile.hand.remove(card)
    pile.discard.append(card)
    state.played += 1
    state.passes = 0
    ctx.emit(Message(message=f"{with_verb(side_name(state, side), 'plays', 'play')} {card.rank}: {unit.name}"))
    if isinstance(action, Hold):
        ctx.emit(Message(message=f"{with_verb(unit.name, 'stands', 'stand')}"))
    elif isinstance(action, Move):
        _walk(state, unit, path, ctx)
    elif isinstance(action, Attack):
        combat.attack(state, unit, target, ctx, charged=False)
    elif isinstance(action, Charge):
        if _walk(state, unit, path, ctx):
            combat.attack(state, unit, target, ctx, charged=True)
        else:
            ctx.emit(Message(message=f"{unit.name}'s charge is broken by the terrain"))
    _settle(state, ctx)


def _enemy_at(state: QuadState, side: str, at) -> QuadUnit:
    target = state.unit_at(Hex(*at))
    if target is None:
        raise Refusal(f"no enemy at {Hex(*at)}")
    if target.side == side:
        raise Refusal(f"{target.name} at {Hex(*at)} is your own unit")
    return target


def _settle(state: QuadState, ctx: Context) -> None:
    """Walk fall-backs that need no choice; when nothing is pending, check whether the hand ran out."""
    combat.walk_retreats(state, ctx)
    if state.retreats or combat.attack_waits(state) or state.phase != "activation":
        return
    if not state.hand(state.active_side):
        state.passes = 0
        _pass_activation(state, ctx, "out of cards")
