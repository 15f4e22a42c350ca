"""QUAD's attacks in the game: the dice, the defender's block choice (a pause for its reaction), losses and fall-backs.

Text: "Combat" and Example 1; QUAD-A09 (both sides' losses at once), A10 (a unit
that cannot fall back loses Quality instead), A18 (the owner picks each hex).
The attacker's dice are rolled, then the attack pauses (`rules.reaction`) while
the defender chooses which hits its blocks stop; `resume_blocks` runs the rest.
"""

from __future__ import annotations

from rules.core import Context, Refusal
from rules.events import Changed, Eliminated, Message, Retreated
from rules.hexgrid import Hex
from rules.modifiers import Term, total
from rules.reaction import Pause, pause, resume, waiting
from rules.words import count, plural_name, with_verb
from rules.rulesets.quad import procedures as proc
from rules.rulesets.quad import terrain as ter
from rules.rulesets.quad.actions import Block, Retreat
from rules.rulesets.quad.state import BLOCKS, PendingAttack, PendingRetreat, QuadState, block_prompt
from rules.rulesets.quad.units import QuadUnit


def attack_inputs(state: QuadState, attacker: QuadUnit, defender: QuadUnit, *, charged: bool,
                  attacker_at: Hex | None = None) -> proc.AttackInputs:
    """The dice of an attack from `attacker_at` (default: where the attacker stands)."""
    board = state.board
    a_at = attacker_at or attacker.at
    d_at = defender.at
    adjacent = a_at.distance(d_at) == 1
    ranged = not adjacent and attacker.stats.ranged
    base = attacker.stats.ranged[0] if ranged else attacker.stats.attack
    allies = sum(1 for u in state.units.values()
                 if u.on_map and u.side == attacker.side and u.id != attacker.id and u.at.distance(d_at) == 1)
    a_high = board.height_at(a_at) > board.height_at(d_at)
    d_high = board.height_at(d_at) > board.height_at(a_at)
    support = sum(1 for u in state.units.values()
                  if u.on_map and u.side == defender.side and u.id != defender.id
                  and u.stats.has("support") and u.at.distance(d_at) == 1)
    # The dice are the sums of these terms: the preview and the dice log show the same terms.
    attack_terms = (
        Term(base, "Ranged" if ranged else "Attack", base=True),
        Term(allies, f"{'ally' if allies == 1 else 'allies'} next to the target", "QUAD-A15"),
        Term(1 if a_high else 0, "higher ground", "QUAD-A16"),
        Term(2 if charged else 0, "charge", "QUAD-A21"),
    )
    defense_terms = (
        Term(defender.stats.defense, "Defense", base=True),
        Term(ter.defense_bonus(board, d_at), board.terrain_at(d_at), "QUAD-A17"),
        Term(support, "support", "QUAD-A14"),
        Term(1 if d_high else 0, "higher ground", "QUAD-A16"),
    )
    return proc.AttackInputs(
        attack_dice=total(attack_terms),
        defense_dice=total(defense_terms),
        attack_terms=attack_terms,
        defense_terms=defense_terms,
        attacker_quality=attacker.stats.quality,
        defender_quality=defender.stats.quality,
        elite=attacker.stats.has("elite"),
        defender_green=defender.stats.has("green"),
        attacker_green=attacker.stats.has("green"),
    )


def attack(state: QuadState, attacker: QuadUnit, defender: QuadUnit, ctx: Context, *, charged: bool) -> None:
    """Roll both sides' dice; pause for the defender's block choice when it has one."""
    inputs = attack_inputs(state, attacker, defender, charged=charged)
    tally, _, _ = proc.roll_attack(inputs, ctx.dice, side=attacker.side, unit=attacker.id,
                                   defender_side=defender.side, defender=defender.id)
    pending = PendingAttack(attacker=attacker.id, defender=defender.id, hits_q=tally.hits_q, hits_p=tally.hits_p,
                            blocks_q=tally.blocks_q, blocks_p=tally.blocks_p,
                            attacker_from=attacker.at, defender_from=defender.at)
    choices = proc.block_choices(tally)
    if len(choices) > 1 and state.options.get("ask_blocks", True):
        # A real decision for the defender: the attack waits for it (rules.reaction).
        prompt = block_prompt(attacker.name, defender.name, pending)
        pause(state, Pause(kind=BLOCKS, actor=attacker.side, reactor=defender.side, prompt=prompt,
                           data=pending.model_dump(mode="json")), ctx)
        return
    resolve(state, pending, *choices[0], ctx)


def block(state: QuadState, action: Block, ctx: Context) -> None:
    """The defender's choice: check it against the paused attack, then let the attack go on."""
    p = state.pending_attack
    choices = proc.block_choices(p.tally)
    if (action.quality, action.sixes) not in choices:
        raise Refusal(f"blocking {count(action.quality, 'Quality hit')} with {count(action.sixes, 'six')} is not one of the choices: "
                      + "; ".join(f"{q} and {s}" for q, s in choices))

    def go_on(st: QuadState, paused: Pause, c: Context, cut: bool) -> None:
        resolve(st, PendingAttack.model_validate(paused.data), action.quality, action.sixes, c)

    resume(state, ctx, {BLOCKS: go_on})


def resolve(state: QuadState, p: PendingAttack, quality: int, sixes: int, ctx: Context) -> None:
    """Quality losses on both sides at once, then fall-backs: the defender's, then the attacker's."""
    loss = proc.losses(p.tally, quality, sixes)
    attacker, defender = state.units[p.attacker], state.units[p.defender]
    ctx.emit(Message(message=(f"{defender.name}: {_effect(loss.defender_q, loss.defender_push)}; "
                              f"{attacker.name}: {_effect(loss.attacker_q, loss.attacker_push)}")))
    lose_quality(state, defender, loss.defender_q, "unblocked hits", ctx)
    lose_quality(state, attacker, loss.attacker_q, "excess blocks", ctx)
    for unit, push, away in ((defender, loss.defender_push, p.attacker_from),
                             (attacker, loss.attacker_push, p.defender_from)):
        hexes = proc.retreat_hexes(push, unit.stats.has("steady"))
        if unit.on_map and hexes:
            state.retreats.append(PendingRetreat(unit=unit.id, away_from=away, hexes=hexes, path=[unit.at]))


def _effect(quality: int, push: int) -> str:
    """One side's share of an attack in words, naming only what happens ("-0 Quality" never)."""
    bits = ([f"loses {quality} Quality"] if quality else []) + ([f"{count(push, 'push hit')} to fall back"] if push else [])
    return ", ".join(bits) or "no loss"


def lose_quality(state: QuadState, unit: QuadUnit, n: int, why: str, ctx: Context) -> None:
    """Lower Quality; at 0 the unit is eliminated and its cards are set aside."""
    if n <= 0 or not unit.on_map:
        return
    before = unit.stats.quality
    unit.stats.quality = max(0, before - n)
    ctx.emit(Changed(unit=unit.id, field="quality", before=before, after=unit.stats.quality, why=why))
    if unit.stats.quality == 0:
        unit.eliminated = True
        ctx.emit(Eliminated(unit=unit.id, why="Quality 0"))
        pile = state.piles[unit.side]
        for name in ("deck", "hand", "discard"):
            cards = getattr(pile, name)
            gone = [c for c in cards if c.unit == unit.id]
            if gone:
                setattr(pile, name, [c for c in cards if c.unit != unit.id])
                pile.removed.extend(gone)


# --- falling back ---------------------------------------------------------------------------


def _retreat_blocked(state: QuadState):
    occupied = state.occupied()
    return lambda h: h in occupied or not ter.passable(state.board, h)


def retreat_options(state: QuadState, r: PendingRetreat) -> list[Hex]:
    unit = state.units[r.unit]
    return proc.retreat_options(unit.at, r.away_from, _retreat_blocked(state))


def why_not_back(state: QuadState, r: PendingRetreat, action: Retreat) -> str:
    unit = state.units[r.unit]
    if action.unit != r.unit:
        return f"{with_verb(unit.name, 'falls', 'fall')} back now, not {state.units[action.unit].name if action.unit in state.units else action.unit}"
    to = Hex(*action.to)
    options = ", ".join(str(h) for h in retreat_options(state, r))
    if unit.at.distance(to) != 1:
        why = f"it is not next to {unit.at}"
    elif not state.board.in_bounds(to):
        why = "it is off the map"
    elif not ter.passable(state.board, to):
        why = "it is impassable"
    elif to in state.occupied():
        there = state.occupied()[to].name
        why = f"{with_verb(there, 'stands', 'stand')} there"
    else:
        why = f"it is not farther from the enemy at {r.away_from}"
    return f"{unit.name} cannot fall back into {to}: {why}" + (f" (choose {options})" if options else "")


def retreat(state: QuadState, action: Retreat) -> None:
    """The owner's pick of the next fall-back hex (QUAD-A18)."""
    r = state.retreats[0]
    if action.unit != r.unit or Hex(*action.to) not in retreat_options(state, r):
        raise Refusal(why_not_back(state, r, action))
    _step_back(state, r, Hex(*action.to))


def _roomiest(state: QuadState, r: PendingRetreat, options: list[Hex]) -> Hex:
    """The fall-back hex with the most room behind it (first listed on a tie), for the automatic choice."""
    unit = state.units[r.unit]
    occupied = {h for h in state.occupied() if h != unit.at}

    def blocked(h: Hex) -> bool:
        return h in occupied or not ter.passable(state.board, h)

    return max(options, key=lambda h: proc.retreat_capacity(h, r.away_from, blocked, r.hexes - 1))


def _step_back(state: QuadState, r: PendingRetreat, to: Hex) -> None:
    state.units[r.unit].at = to
    r.path.append(to)
    r.hexes -= 1


def walk_retreats(state: QuadState, ctx: Context) -> None:
    """Walk fall-backs that need no choice; stop at the first one whose owner picks (QUAD-A18)."""
    while state.retreats:
        r = state.retreats[0]
        unit = state.units[r.unit]
        if not unit.on_map:
            state.retreats.pop(0)
            continue
        options = retreat_options(state, r) if r.hexes else []
        if r.hexes and len(options) > 1 and state.options.get("ask_retreats", True):
            return  # the owner picks (QUAD-A18)
        if r.hexes and options:
            _step_back(state, r, options[0] if len(options) == 1 else _roomiest(state, r, options))
            continue
        state.retreats.pop(0)
        ctx.emit(Retreated(unit=r.unit, path=tuple(r.path), lost=r.hexes, plural=plural_name(unit.name)))
        lose_quality(state, unit, r.hexes, "could not fall back", ctx)  # QUAD-A10


def attack_waits(state: QuadState) -> bool:
    """An attack is paused for the defender's blocks."""
    return waiting(state, BLOCKS) is not None
