"""QUAD's turn: who decides now, what they may do, and what each action does.

The turn (text: "The Turn"; QUAD-A03, A07, A08): every side may draw one
card; then the active side plays activation cards one at a time until it
releases without playing (and draws two), runs out of cards, releases
voluntarily, or an inactive side steals the activation by paying a tactics
card, which it may do between any two card plays. The turn ends when every
side in a row has released without playing a card.
"""

from __future__ import annotations

from rules.actions import Action
from rules.dice import KEYED
from rules.core import Context, Decision, Refusal, Setup, side_of
from rules import reaction
from rules.events import InitiativePassed, Message, Moved, PhaseChanged
from rules.hexgrid import Hex, path_to, reachable
from rules.words import count, possessive
from rules.rulesets.quad import cards as deck
from rules.rulesets.quad import combat
from rules.rulesets.quad import procedures as proc
from rules.rulesets.quad import terrain as ter
from rules.rulesets.quad.actions import Attack, Block, Charge, Decline, Draw, Hold, Move, Release, Retreat, Steal
from rules.rulesets.quad.combat import attack_inputs  # noqa: F401  (tests and previews read it here)
from rules.rulesets.quad.state import QuadSide, QuadState
from rules.rulesets.quad.units import QuadStats, QuadUnit, unit_rank

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
        return Decision(side=u.side, prompt=f"choose where {u.name} falls back ({count(r.hexes, 'hex')} to go)")
    paused = reaction.decision(state)
    if paused is not None:
        return paused  # an attack waits for the defender's blocks
    if state.phase == "draw":
        return Decision(side=state.to_draw[0], prompt="draw a card, or keep your hand")
    reactors = tuple(s for s in state.side_ids() if s != state.active_side and state.tactics_in_hand(s))
    return Decision(side=state.active_side, prompt="play an activation card, or release", reactors=reactors)


# --- legal actions ----------------------------------------------------------------------


def _blocked_for_move(state: QuadState, occupied: dict[Hex, object]):
    board = state.board

    def cost(a: Hex, b: Hex):
        if b in occupied or not ter.passable(board, b):
            return None
        return 1  # every hex costs 1 Speed, difficult or not (QUAD-A19)

    return cost


def _moves(state: QuadState, unit: QuadUnit, occupied) -> dict[Hex, list[Hex]]:
    """Destination -> path (start excluded) for every hex the unit can reach within Speed.

    Every hex costs 1 (QUAD-A19); among paths of equal length, one with fewer
    difficult hexes is preferred (a tiny extra cost, below one hex).
    """
    board, specials = state.board, unit.stats.specials
    width, height, cells, elev = board.width, board.height, board.terrain, board.elevation
    effects = ter.EFFECTS
    tiny = 1 / (8 * (unit.stats.speed + 1))

    def index(h: Hex) -> int:
        col = h.q + (h.r - (h.r & 1)) // 2
        return h.r * width + col if 0 <= col < width and 0 <= h.r < height else -1

    def cost(a: Hex, b: Hex):
        if b in occupied:
            return None
        i = index(b)
        if i < 0:
            return None
        eff = effects.get(cells[i], effects["open"])
        if not eff.passable:
            return None
        hard = eff.difficult and (eff.ignored_by is None or eff.ignored_by not in specials)
        if not hard and elev and elev[i] > elev[index(a)]:
            hard = True
        return 1 + tiny if hard else 1

    came = reachable(unit.at, unit.stats.speed + 0.5, cost)
    out = {}
    for h in came:
        if h != unit.at:
            path = path_to(came, h)
            if len(path) - 1 <= unit.stats.speed:
                out[h] = path[1:]
    return out


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


def side_name(state: QuadState, side: str | None) -> str:
    """A side's name for messages (its id only when no such side is known)."""
    for s in state.sides:
        if s.id == side:
            return s.name
    return str(side)


def _not_yours(state: QuadState, side: str, unit_id: str) -> str:
    u = state.units.get(unit_id)
    if u is None:
        return f"there is no unit {unit_id!r}"
    if u.side != side:
        return f"{u.name} belongs to {side_name(state, u.side)}"
    return f"{u.name} is no longer on the map"


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


def _draw_cards(state: QuadState, side: str, n: int, ctx: Context, why: str) -> None:
    def stream() -> int:
        state.shuffles += 1
        ctx.emit(Message(message=f"{side_name(state, side)} shuffles the discard pile into the draw deck"))
        return state.shuffles

    drawn = deck.draw(state.piles[side], n, state.seed, stream, state.dice)
    ctx.emit(Message(message=f"{side_name(state, side)} draws {count(len(drawn), 'card')} ({why})"))
    for c in drawn:
        what = f"{c.rank}: {state.units[c.unit].name}" if c.kind == "activation" else f"{c.rank} (tactics)"
        # Named, not "you": the computer's draws are logged too, and read as the person's own
        ctx.emit(Message(message=f"{side_name(state, side)} draws card {what}", seen_by=(side,)))


def _draw_step(state: QuadState, action: Action, ctx: Context) -> None:
    side = state.to_draw.pop(0)
    if isinstance(action, Draw):
        pile = state.piles[side]
        if not pile.deck and not pile.discard:
            raise Refusal("your deck and discard pile are empty: there is no card to draw")
        _draw_cards(state, side, 1, ctx, "start of turn")
    else:
        ctx.emit(Message(message=f"{side_name(state, side)} draws no card"))
    if state.to_draw:
        return
    _reshuffle_step(state, ctx)
    if not state.order:
        _roll_off(state, ctx)
    state.phase = "activation"
    state.played = 0
    state.passes = 0
    ctx.emit(PhaseChanged(turn=state.turn, phase="activation"))
    ctx.emit(InitiativePassed(to_side=state.active_side, why="activation"))


def _reshuffle_step(state: QuadState, ctx: Context) -> None:
    """The Turn: "If a player has no cards left in their draw deck shuffle discard pile and return
    it to their draw deck" - a step of every turn, after the draws (QUAD-A08); a draw from an
    empty deck later in the turn still reshuffles first (cards.draw)."""
    if not state.options.get("reshuffle_step", True):
        return
    for s in state.side_ids():
        pile = state.piles[s]
        if pile.deck or not pile.discard:
            continue
        pile.deck = deck.shuffle(pile.discard, state.seed, state.shuffles, state.dice)
        state.shuffles += 1
        pile.discard = []
        ctx.emit(Message(message=f"{side_name(state, s)} has no cards left in the draw deck: "
                                 f"the discard pile ({count(len(pile.deck), 'card')}) is shuffled into it"))


def _roll_off(state: QuadState, ctx: Context) -> None:
    """The first active side is decided by a roll-off, re-rolling ties among the highest (QUAD-A08)."""
    contenders = state.side_ids()
    while len(contenders) > 1:
        rolls = {s: ctx.dice.roll(1, 6, "roll-off for the first activation", side=s, rule="QUAD-A08",
                                  outcome=lambda f: f"rolls {f[0]}")[0]
                 for s in contenders}
        top = max(rolls.values())
        contenders = [s for s in contenders if rolls[s] == top]
    first = contenders[0]
    ids = state.side_ids()
    i = ids.index(first)
    state.order = ids[i:] + ids[:i]
    state.active_side = first


def _next_side(state: QuadState, side: str) -> str:
    i = state.order.index(side)
    return state.order[(i + 1) % len(state.order)]


def _pass_activation(state: QuadState, ctx: Context, why: str, to: str | None = None) -> None:
    before = state.active_side
    state.active_side = to or _next_side(state, before)
    state.played = 0
    ctx.emit(InitiativePassed(from_side=before, to_side=state.active_side, why=why))


def _release(state: QuadState, action: Release, ctx: Context) -> None:
    side = action.side
    if state.played == 0:
        _draw_cards(state, side, 2, ctx, "released without playing")
        state.passes += 1
        if state.passes >= len(state.sides):
            return _end_turn(state, ctx)
        return _pass_activation(state, ctx, "released without playing")
    state.passes = 0
    _pass_activation(state, ctx, "released")


def _end_turn(state: QuadState, ctx: Context) -> None:
    """Every side released without playing in a row: the turn ends (QUAD-A08)."""
    state.turn_ended = state.turn
    ctx.emit(Message(message=f"turn {state.turn} ends"))
    state.turn += 1
    state.passes = 0
    state.phase = "draw"
    state.to_draw = list(state.order)
    state.active_side = _next_side(state, state.active_side)
    state.played = 0
    ctx.emit(PhaseChanged(turn=state.turn, phase="draw"))


def _steal(state: QuadState, action: Steal, ctx: Context) -> None:
    """Pay a tactics card to take the activation (QUAD-A07)."""
    if state.phase != "activation" or state.retreats or combat.attack_waits(state):
        raise Refusal("the activation can only be stolen between card plays, not during an attack or a fall-back")
    if action.side == state.active_side:
        raise Refusal("you hold the activation already")
    tactics = state.tactics_in_hand(action.side)
    if not tactics:
        raise Refusal("stealing needs a tactics card (a face card: J, Q or K; an Ace is a unit's card) "
                      "in your hand, and you hold none")
    card = tactics[0]
    pile = state.piles[action.side]
    pile.hand.remove(card)
    pile.discard.append(card)
    state.passes = 0
    ctx.emit(Message(message=f"{side_name(state, action.side)} pays {card.rank} (tactics) to steal the activation"))
    _pass_activation(state, ctx, "stolen", to=action.side)


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
    ctx.emit(Message(message=f"{side_name(state, side)} plays {card.rank}: {unit.name}"))
    if isinstance(action, Hold):
        ctx.emit(Message(message=f"{unit.name} stands"))
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


def _check_path(state: QuadState, unit: QuadUnit, path: list[Hex], occupied) -> list[Hex]:
    """The path without its start, or a refusal that names the real problem, destination first."""
    path = [Hex(*h) for h in path]
    if path and path[0] == unit.at:
        path = path[1:]
    if not path:
        raise Refusal(f"{unit.name} is already at {unit.at}: choose another hex")
    speed = unit.stats.speed
    dest = path[-1]
    _check_enterable(state, unit, dest, occupied)
    if unit.at.distance(dest) > speed:
        raise Refusal(f"{unit.name} cannot reach {dest} with Speed {speed} "
                      f"({unit.at.distance(dest)} hexes away)")
    if _walkable(state, unit, path, occupied):
        return path  # the usual case: no need to find every hex the unit could reach
    moves = _moves(state, unit, occupied)
    if dest not in moves:
        raise Refusal(f"{unit.name} cannot reach {dest} with Speed {speed}: the way is blocked")
    if len(path) > speed:
        raise Refusal(f"{unit.name} moves at most {count(speed, 'hex')} (Speed {speed}); this path is {count(len(path), 'hex')}")
    here = unit.at
    for h in path:
        if here.distance(h) != 1:
            raise Refusal(f"the path jumps from {here} to {h}, which are not next to each other")
        _check_enterable(state, unit, h, occupied, on_the_way=h != dest)
        here = h
    return path


def _walkable(state: QuadState, unit: QuadUnit, path: list[Hex], occupied) -> bool:
    """The path is one the unit may take as it is: within Speed, each step to a free, passable hex next to the
    last (what `_moves` would find a way through). Else `_check_path` looks for the refusal that says why."""
    if len(path) > unit.stats.speed:
        return False
    here = unit.at
    for h in path:
        if here.distance(h) != 1 or h in occupied or not state.board.in_bounds(h) or not ter.passable(state.board, h):
            return False
        here = h
    return True


def _check_enterable(state: QuadState, unit: QuadUnit, h: Hex, occupied, on_the_way: bool = False) -> None:
    where = f"the path crosses {h}, which" if on_the_way else f"{h}"
    if not state.board.in_bounds(h):
        raise Refusal(f"{where} is off the map" if not on_the_way else f"the path leaves the map at {h}")
    if not ter.passable(state.board, h):
        label = ter.TERRAIN.get(state.board.terrain_at(h))
        what = f" ({label.label})" if label is not None and label.label.lower() != "impassable" else ""
        raise Refusal(f"{where} is impassable{what}")
    other = occupied.get(h) if hasattr(occupied, "get") else None
    if other is not None and other.id != unit.id:
        raise Refusal(f"{h} is taken by {other.name}" if not on_the_way
                      else f"the path crosses {h}, where {other.name} stands")
    if other is None and h in occupied and h != unit.at:
        raise Refusal(f"{h} is occupied")


def _walk(state: QuadState, unit: QuadUnit, path: list[Hex], ctx: Context) -> bool:
    """Move hex by hex; difficult terrain attacks on entry and a hit stops the move (QUAD-A02)."""
    walked = [unit.at]
    for h in path:
        why = ter.difficult_entry(state.board, walked[-1], h, unit.stats.specials)
        if why and proc.terrain_attack(unit.stats.quality, ctx.dice, side=unit.side, unit=unit.id, why=why):
            break
        walked.append(h)
    unit.at = walked[-1]
    ctx.emit(Moved(unit=unit.id, path=tuple(walked)))
    return len(walked) == len(path) + 1


def _settle(state: QuadState, ctx: Context) -> None:
    """Walk fall-backs that need no choice; when nothing is pending, check whether the hand ran out."""
    combat.walk_retreats(state, ctx)
    if state.retreats or combat.attack_waits(state) or state.phase != "activation":
        return
    if not state.hand(state.active_side):
        state.passes = 0
        _pass_activation(state, ctx, "out of cards")
