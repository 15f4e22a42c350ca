"""The words the screen shows for QUAD: what an action does, a unit's card and marks, a side's lines."""

from __future__ import annotations

from rules.actions import Action
from rules.hexgrid import Hex, to_offset
from rules.rulesets.quad import procedures as proc
from rules.rulesets.quad import terrain as ter
from rules.rulesets.quad.actions import Attack, Block, Charge, Decline, Draw, Hold, Move, Release, Retreat, Steal
from rules.rulesets.quad.state import QuadState
from rules.rulesets.quad.units import SPECIALS
from rules.words import agree, count, with_verb
from rules.unknown import UNKNOWN


def at(h) -> str:
    """A hex as the map files and the screen number it: column,row."""
    col, row = to_offset(Hex(*h))
    return f"{col},{row}"


def describe(state: QuadState, action: Action) -> str:
    name = lambda uid: state.units[uid].name if uid in state.units else uid  # noqa: E731
    if isinstance(action, (Move, Attack, Charge, Hold)):
        unit = state.units.get(action.unit)
        rank = unit.rank if unit else "?"
        if isinstance(action, Move):
            what = f"{name(action.unit)} move to {at(action.path[-1])}" if action.path else "move"
        elif isinstance(action, Hold):
            what = f"{name(action.unit)} stand"
        else:
            target = state.unit_at(Hex(*action.at))
            tname = target.name if target else "?"
            verb = "charge" if isinstance(action, Charge) else "attack"
            via = f" from {at(action.path[-1])}" if isinstance(action, Charge) and action.path else ""
            what = f"{name(action.unit)} {verb} {tname} at {at(action.at)}{via}"
        return f"Play {rank}: {what}"
    if isinstance(action, Draw):
        return "Draw one card"
    if isinstance(action, Decline):
        return "Keep your hand (draw nothing)"
    if isinstance(action, Release):
        return ("Release the activation and draw two" if state.played == 0
                else "Release the activation")
    if isinstance(action, Steal):
        return "Pay a tactics card to steal the activation"
    if isinstance(action, Retreat):
        return f"{with_verb(name(action.unit), 'falls', 'fall')} back to {at(action.to)}"
    if isinstance(action, Block):
        return _block_words(state, action)
    return action.text()


def _block_words(state: QuadState, action: Block) -> str:
    p = state.pending_attack
    if p is None:
        return action.text()
    t = p.tally
    loss = proc.losses(t, action.quality, action.sixes) if (action.quality, action.sixes) in proc.block_choices(t) else None
    if loss is None:
        return action.text()
    name = lambda uid: state.units[uid].name if uid in state.units else uid  # noqa: E731
    if t.blocks < t.hits:
        head = f"Block {count(action.quality, 'Quality hit')} and {count(t.blocks - action.quality, 'push hit')}: "
        who, q, back = name(p.defender), loss.defender_q, loss.defender_push
    else:
        head = f"Keep {count(loss.attacker_q, 'six')} over: "
        who, q, back = name(p.attacker), loss.attacker_q, loss.attacker_push
    return f"{head}{with_verb(who, 'loses', 'lose')} {q} Q, {agree(who, 'falls', 'fall')} back {back}"


def unit_card(state: QuadState, unit_id: str) -> list[tuple[str, str]]:
    u = state.units[unit_id]
    s = u.stats
    rows = [
        ("Card", u.rank),
        ("Quality", f"{s.quality}/{u.start_quality}"),
        ("Speed", str(s.speed)),
        ("Attack", str(s.attack)),
        ("Defense", str(s.defense)),
    ]
    if s.ranged:
        rows.append(("Ranged", f"{s.ranged[0]}/{s.ranged[1]}"))
    for sp in s.specials:
        if sp != "ranged":
            rows.append((sp.capitalize(), SPECIALS[sp]))
    if u.on_map:
        info = ter.TERRAIN.get(state.board.terrain_at(u.at))
        rows.append(("Terrain", f"{info.label}: {info.effects}" if info else state.board.terrain_at(u.at)))
        rows.append(("Height", str(state.board.height_at(u.at))))
    if u.eliminated:
        rows.append(("Status", "eliminated"))
    side = u.side
    if side in state.piles:
        hand = state.piles[side].hand
        if hand and all(c is not UNKNOWN for c in hand):  # another side's hand: not told
            rows.append(("In hand", str(sum(1 for c in hand if c.unit == u.id))))
    return rows


def unit_marks(state: QuadState, unit_id: str) -> str:
    u = state.units[unit_id]
    return "X" if u.eliminated else f"Q{u.stats.quality}"


def side_lines(state: QuadState, side: str) -> list[str]:
    pile = state.piles.get(side)
    if pile is None:
        return []
    lines = [
        f"Leader {state.side(side).leader}",
        f"Hand {count(len(pile.hand), 'card')}; deck {len(pile.deck)}, discard {len(pile.discard)}",
    ]
    if pile.hand and all(c is not UNKNOWN for c in pile.hand):
        shown = []
        order = {uid: i for i, uid in enumerate(state.units)}
        for c in sorted(pile.hand, key=lambda c: (c.kind == "tactics", order.get(c.unit, 0), c.rank)):
            if c.kind == "tactics":
                shown.append(f"{c.rank} tactics")
            else:
                shown.append(f"{c.rank} {state.units[c.unit].name}")
        lines.append("Hand: " + ", ".join(shown))
    if state.active_side == side and state.phase == "activation":
        lines.append(f"Active: {count(state.played, 'card')} played")
    return lines
