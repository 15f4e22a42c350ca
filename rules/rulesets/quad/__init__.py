"""QUAD - Four Stat Operational Level Rules, as the rule set `quad` (seed 002_ee1d928fe51481ba.txt).

Decisions on the text's unclear places are QUAD-A01..A21 in rules/NOTES.md;
docs/rules/quad.md lists every interpretation this code makes.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from rules.actions import Action
from rules.core import ActionKind, Context, Decision, GameResult, OptionSpec, Outcome, Preview, Setup
from rules.hexgrid import Hex, to_offset
from rules.rulesets.quad import odds as quad_odds
from rules.rulesets.quad import procedures as proc
from rules.rulesets.quad import terrain as ter
from rules.rulesets.quad import turn, victory, view
from rules.rulesets.quad.actions import (
    ADAPTER, Attack, Block, Charge, Decline, Draw, Hold, Move, Release, Retreat, Steal,
)
from rules.rulesets.quad.state import QuadState
from rules.rulesets.quad.units import SPECIALS


def at(h) -> str:
    """A hex as the map files and the screen number it: column,row."""
    col, row = to_offset(Hex(*h))
    return f"{col},{row}"


class QuadRuleset:
    id = "quad"
    name = "QUAD: four-stat operational rules"
    options = (
        OptionSpec(id="ask_blocks", label="Defender chooses its blocks", default=True,
                   help="Off: the defender's blocks are assigned by the default (Quality hits first, 6s kept as excess)."),
        OptionSpec(id="ask_retreats", label="Owner picks fall-back hexes", default=True,
                   help="Off: a falling-back unit takes the hex with the most room behind it."),
    )
    state_model = QuadState
    action_adapter = ADAPTER
    action_kinds = {
        "draw": ActionKind(key="d", label="Draw a card"),
        "decline": ActionKind(key="k", label="Keep hand (no draw)"),
        "move": ActionKind(key="m", label="Move", needs_target=True),
        "attack": ActionKind(key="a", label="Attack", needs_target=True),
        "charge": ActionKind(key="c", label="Charge (move + attack)", needs_target=True),
        "hold": ActionKind(key="h", label="Play card, stand"),
        "release": ActionKind(key="e", label="Release activation"),
        "steal": ActionKind(key="s", label="Steal activation"),
        "block": ActionKind(key="b", label="Choose blocks"),
        "retreat": ActionKind(key="f", label="Fall back to", needs_target=True),
    }
    terrain = ter.TERRAIN

    def setup(self, setup: Setup, seed: int, options) -> QuadState:
        return turn.setup(setup, seed, options)

    def decision(self, state: QuadState) -> Decision:
        return turn.decision(state)

    def legal_actions(self, state: QuadState, side: str) -> list[Action]:
        return turn.legal_actions(state, side)

    def apply(self, state: QuadState, action: Action, ctx: Context) -> None:
        turn.apply(state, action, ctx)

    def victory(self, state: QuadState) -> GameResult | None:
        return victory.check(state)

    def view(self, state: QuadState, side: str | None) -> QuadState:
        return view.view(state, side)

    def hidden_from(self, state: QuadState, side: str, rng) -> QuadState:
        return view.hidden_from(state, side, rng)

    # --- previews ----------------------------------------------------------------

    def preview(self, state: QuadState, action: Action) -> Preview | None:
        if isinstance(action, (Attack, Charge)):
            return self._attack_preview(state, action)
        if isinstance(action, Move):
            unit = state.units.get(action.unit)
            if unit is None or not unit.on_map:
                return None
            stops, here = [], unit.at
            for h in (Hex(*p) for p in action.path):
                why = ter.difficult_entry(state.board, here, h, unit.stats.specials)
                if why:
                    stops.append((at(h), why))
                here = h
            return quad_odds.move_preview(f"{unit.name} moves to {at(here)}", stops, unit.stats.quality)
        return None

    def _attack_preview(self, state: QuadState, action: Attack | Charge) -> Preview | None:
        attacker = state.units.get(action.unit)
        defender = state.unit_at(Hex(*action.at))
        if attacker is None or not attacker.on_map or defender is None or defender.side == attacker.side:
            return None
        occupied = set(state.occupied())
        a_at, stops = attacker.at, []
        if isinstance(action, Charge):
            here = attacker.at
            for h in (Hex(*p) for p in action.path):
                why = ter.difficult_entry(state.board, here, h, attacker.stats.specials)
                if why:
                    stops.append(why)
                here = h
            occupied.discard(attacker.at)
            occupied.add(here)
            a_at = here

        def blocked(h: Hex) -> bool:
            return h in occupied or not ter.passable(state.board, h)

        inputs = turn.attack_inputs(state, attacker, defender, charged=isinstance(action, Charge), attacker_at=a_at)
        dist = quad_odds.attack_distribution(
            inputs,
            defender_steady=defender.stats.has("steady"), attacker_steady=attacker.stats.has("steady"),
            defender_room=proc.retreat_capacity(defender.at, a_at, blocked, 6),
            attacker_room=proc.retreat_capacity(a_at, defender.at, blocked, 6),
        )
        p_arrive = Fraction(min(attacker.stats.quality, 6), 6) ** len(stops)
        extra = () if not stops else (Outcome(label="the terrain breaks the charge", chance=1 - p_arrive),)
        notes = ("the defender's default block choice is assumed; fall-back room as the owner chooses best",)
        title = f"{attacker.name} {'charges' if isinstance(action, Charge) else 'attacks'} {defender.name}"
        return quad_odds.attack_preview(title, inputs, dist, attacker.name, defender.name, notes=notes,
                                        scale=p_arrive, extra=extra)

    # --- words -------------------------------------------------------------------

    def describe(self, state: QuadState, action: Action) -> str:
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
            return f"{name(action.unit)} falls back to {at(action.to)}"
        if isinstance(action, Block):
            p = state.pending_attack
            if p is None:
                return action.text()
            t = proc.Tally(p.hits_q, p.hits_p, p.blocks_q, p.blocks_p)
            loss = proc.losses(t, action.quality, action.sixes) if (action.quality, action.sixes) in proc.block_choices(t) else None
            if loss is None:
                return action.text()
            if t.blocks < t.hits:
                return (f"Block {action.quality} Quality hit(s) and {t.blocks - action.quality} push hit(s): "
                        f"{name(p.defender)} loses {loss.defender_q} Q, falls back {loss.defender_push}")
            return (f"Keep {loss.attacker_q} six(es) over: {name(p.attacker)} loses {loss.attacker_q} Q, "
                    f"falls back {loss.attacker_push}")
        return action.text()

    def reference(self) -> str:
        return (Path(__file__).parent / "reference.md").read_text(encoding="utf-8")

    def unit_card(self, state: QuadState, unit_id: str) -> list[tuple[str, str]]:
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
            info = self.terrain.get(state.board.terrain_at(u.at))
            rows.append(("Terrain", f"{info.label}: {info.effects}" if info else state.board.terrain_at(u.at)))
            rows.append(("Height", str(state.board.height_at(u.at))))
        if u.eliminated:
            rows.append(("Status", "eliminated"))
        side = u.side
        if side in state.piles:
            hand = state.piles[side].hand
            if hand and all(c.kind != "hidden" for c in hand):
                rows.append(("In hand", str(sum(1 for c in hand if c.unit == u.id))))
        return rows

    def unit_marks(self, state: QuadState, unit_id: str) -> str:
        u = state.units[unit_id]
        return "X" if u.eliminated else f"Q{u.stats.quality}"

    def side_lines(self, state: QuadState, side: str) -> list[str]:
        pile = state.piles.get(side)
        if pile is None:
            return []
        lines = [
            f"Leader {state.side(side).leader}",
            f"Hand {len(pile.hand)} card(s); deck {len(pile.deck)}, discard {len(pile.discard)}",
        ]
        if pile.hand and all(c.kind != "hidden" for c in pile.hand):
            shown = []
            order = {uid: i for i, uid in enumerate(state.units)}
            for c in sorted(pile.hand, key=lambda c: (c.kind == "tactics", order.get(c.unit, 0), c.rank)):
                if c.kind == "tactics":
                    shown.append(f"{c.rank} tactics")
                else:
                    shown.append(f"{c.rank} {state.units[c.unit].name}")
            lines.append("Hand: " + ", ".join(shown))
        if state.active_side == side and state.phase == "activation":
            lines.append(f"Active: {state.played} card(s) played")
        return lines


RULESET = QuadRuleset()
