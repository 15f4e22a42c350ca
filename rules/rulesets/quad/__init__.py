"""QUAD - Four Stat Operational Level Rules, as the rule set `quad` (seed 002_ee1d928fe51481ba.txt).

Decisions on the text's unclear places are QUAD-A01..A21 in rules/NOTES.md;
docs/rules/quad.md lists every interpretation this code makes.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from rules.actions import Action
from rules.contract import RulesetDefaults, plugin
from rules.dice import KEYED
from rules.core import ActionKind, Context, Decision, GameResult, OptionSpec, Outcome, Preview, Setup
from rules.rulesets.quad import plugins
from rules.rulesets.quad import odds, preview, turn, victory, view, why, words
from rules.rulesets.quad import terrain as ter
from rules.rulesets.quad.actions import ADAPTER
from rules.rulesets.quad.secrecy import DECLARATION
from rules.rulesets.quad.state import QuadSide, QuadState


class QuadRuleset(RulesetDefaults):
    id = "quad"
    name = "QUAD: four-stat operational rules"
    options = (
        OptionSpec(id="ask_blocks", label="Defender chooses its blocks", default=True,
                   help="Off: the defender's blocks are assigned by the default (Quality hits first, 6s kept as excess)."),
        OptionSpec(id="ask_retreats", label="Owner picks fall-back hexes", default=True,
                   help="Off: a falling-back unit takes the hex with the most room behind it."),
        OptionSpec(id="reshuffle_step", label="Reshuffle as a step of the turn", default=True,
                   help="The Turn: an empty draw deck takes back the shuffled discard pile after the draws. "
                        "Off: only when a draw finds the deck empty (how saves of QUAD version 1 were played)."),
    )
    version = 2
    """2: a side's leader is QUAD's own side field (QuadSide), no longer the core's."""
    state_model = QuadState
    side_model = QuadSide
    victory_kinds = victory.KINDS
    campaign_model = None
    action_adapter = ADAPTER
    glossary = {
        "Q#": "Quality # (the unit's current Quality)",
        "X": "eliminated",
    }
    """Tokens of the roster, the unit card and the action words, for the UI to explain ('#' is a number)."""
    action_kinds = {
        "draw": ActionKind(key="d", label="Draw a card", target="none"),
        "decline": ActionKind(key="k", label="Keep hand (no draw)", target="none"),
        "move": ActionKind(key="m", label="Move", target="path", field="path"),
        "attack": ActionKind(key="a", label="Attack", target="unit", field="at"),
        "charge": ActionKind(key="c", label="Charge (move + attack)", target="unit", field="at"),
        "hold": ActionKind(key="h", label="Play card, stand", target="none"),
        "release": ActionKind(key="e", label="Release activation", target="none"),
        "steal": ActionKind(key="s", label="Steal activation", target="none"),
        "block": ActionKind(key="b", label="Choose blocks", target="choice"),
        "retreat": ActionKind(key="f", label="Fall back", target="hex", field="to"),
    }
    terrain = ter.TERRAIN

    def setup(self, setup: Setup, seed: int, options, dice: int = KEYED) -> QuadState:
        return turn.setup(setup, seed, options, dice)

    def decision(self, state: QuadState) -> Decision:
        return turn.decision(state)

    def legal_actions(self, state: QuadState, side: str) -> list[Action]:
        return turn.legal_actions(state, side)

    def apply(self, state: QuadState, action: Action, ctx: Context) -> None:
        turn.apply(state, action, ctx)

    def victory(self, state: QuadState) -> GameResult | None:
        return victory.check(state)

    def objectives(self, state: QuadState) -> list:
        """How far each side is from each victory condition (rules/victory.py `Objective`), from `state`."""
        return victory.progress(state)

    def view(self, state: QuadState, side: str | None) -> QuadState:
        return view.view(state, side)

    def hidden_from(self, state: QuadState, side: str, rng) -> QuadState:
        return view.hidden_from(state, side, rng)

    # --- what the screen shows: preview.py and words.py -----------------------------

    def preview(self, state: QuadState, action: Action) -> Preview | None:
        return preview.preview(state, action)

    def outcome_words(self, outcome: Outcome, names: Mapping[str, str]) -> str:
        return odds.outcome_words(outcome, names)

    def describe(self, state: QuadState, action: Action) -> str:
        return words.describe(state, action)

    def why_not(self, state: QuadState, side: str, kind: str, unit_id: str | None = None) -> str:
        """Why `side` has no `kind` action now (for `unit_id`), in full words; '' when it has one."""
        return why.why_not(state, side, kind, unit_id)

    def reference(self) -> str:
        return (Path(__file__).parent / "reference.md").read_text(encoding="utf-8")

    def unit_card(self, state: QuadState, unit_id: str) -> list[tuple[str, str]]:
        return words.unit_card(state, unit_id)

    def unit_marks(self, state: QuadState, unit_id: str) -> str:
        return words.unit_marks(state, unit_id)

    def side_lines(self, state: QuadState, side: str) -> list[str]:
        return words.side_lines(state, side)

    # --- its plug-ins (rules/contract.py), from this package, loaded when first read ---

    secrecy = DECLARATION

    procedures = plugin(plugins.procedures)
    ai_hints = plugin(plugins.ai_hints)
    migrations = plugin(plugins.migrations)


RULESET = QuadRuleset()
