"""A Hundred Wars V2, as the rule set `hundred_wars` (seed 004_e896a0fb626d70ea.txt).

Decisions on the text's unclear places are AHW-A01..A33 in rules/NOTES.md;
docs/rules/hundred_wars.md lists every interpretation this code makes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path

from rules.actions import Action
from rules.contract import RulesetDefaults, plugin
from rules.dice import KEYED
from rules.core import ActionKind, Context, Decision, GameResult, OptionSpec, Outcome, Preview, Setup
from rules.rulesets.hundred_wars import plugins
from rules.rulesets.hundred_wars import preview as pv
from rules.rulesets.hundred_wars import roll_preview
from rules.rulesets.hundred_wars import setup as st
from rules.rulesets.hundred_wars import terrain as ter
from rules.rulesets.hundred_wars import turn, victory, view
from rules.rulesets.hundred_wars import words
from rules.rulesets.hundred_wars.actions import ADAPTER
from rules.rulesets.hundred_wars.campaign import Campaign
from rules.rulesets.hundred_wars.costing import unit_cost
from rules.rulesets.hundred_wars.secrecy import DECLARATION
from rules.rulesets.hundred_wars.state import HwSide, HwState
from rules.rulesets.hundred_wars.units import HwStats


class HundredWarsRuleset(RulesetDefaults):
    id = "hundred_wars"
    name = "A Hundred Wars V2: generic d10 wargame"
    version = 2
    """2: the `army_lists` option (games of version 1 go on without it: saves/migrations.py)."""
    side_model = HwSide
    victory_kinds = victory.KINDS
    campaign_model = Campaign
    """What a campaign file carries between battles (campaign.py)."""
    options = (
        OptionSpec(id="hex_cm", label="Hex size in cm", default=5,
                   help="Every distance of the text is in cm; one hex is this many (AHW-A27)."),
        OptionSpec(id="dummy_blinds", label="Dummy blinds per side", default=2,
                   help="Imagined blinds each side may bring on besides its real units and groups."),
        OptionSpec(id="dummy_move", label="Dummy blind Move (cm)", default=10,
                   help="How fast a dummy blind rolls to move when its owner chose no Move of their force "
                        "for it to imitate."),
        OptionSpec(id="army_lists", label="Army lists known", default=False,
                   help="Each side knows the others' army lists (their units' names) from the start, never "
                        "which units are still under blinds."),
        OptionSpec(id="place_terrain", label="Players place terrain", default=False,
                   help="Setting up: each player rolls 1d10 and places up to that many terrain pieces in turn, "
                        "the low scorer first, on top of the scenario's map."),
        OptionSpec(id="table", label="Table (terrain pieces)", default="auto",
                   choices=("auto", "ground", "underground", "sea", "sky", "space"),
                   help="Whose pieces players place: the ground, underground, sea, sky or space table; auto: the sea "
                        "or space table on a map mostly of sea or open space, else the ground table."),
        OptionSpec(id="groups", label="Groups act together", default=True,
                   help="Units in base to base contact take the same Move counter, move together on one roll at "
                        "the lowest Move, and fire at the same targets when they can (text: Groups)."),
        OptionSpec(id="target_priority", label="Target priorities", default=True,
                   help="Units fire at an enemy in contact first, then one firing at them, then one engaging "
                        "friends, then the closest (text: Target Choice). Off: any visible enemy in range."),
    )
    state_model = HwState
    action_adapter = ADAPTER
    glossary = {
        "?": "a blind (what it hides is secret until spotted)",
        ">": "has a move counter",
        "A#": "armour down to #",
        "X": "destroyed",
    }
    """The roster's marks, for the UI to explain (the unit card, the legend l, the help ?)."""
    action_kinds = {
        "roll_off": ActionKind(key="s", label="Roll off to set up", target="none"),
        "edge": ActionKind(key="e", label="Choose table edge", target="none"),
        "piece": ActionKind(key="i", label="Place a terrain piece", target="hex", field="at"),
        "orders": ActionKind(key="o", label="Roll for Orders (pips)", target="none"),
        "blind": ActionKind(key="b", label="Place a blind (1 pip)", target="hex", field="at"),
        "counter": ActionKind(key="c", label="Move counter (1 pip; 2 during the move)", target="hex", field="to"),
        "uncounter": ActionKind(key="x", label="Remove a Move counter (1 pip)", target="none"),
        "fire": ActionKind(key="f", label="Fire", target="hex", field="at"),
        "repair": ActionKind(key="p", label="Field repairs", target="hex", field="at"),
        "reveal": ActionKind(key="v", label="Reveal own blind", target="none"),
        "psi": ActionKind(key="y", label="Psionic pip: reveal a blind, enemy orders, fire or cancel enemy fire, "
                                         "re-roll a die, cancel an enemy pip, or act as Orders, Mobile, repairs, ECM, an ADS or a teleport", target="hex", field="at"),
        "jam": ActionKind(key="j", label="ECM: jam a commander, cancel a new enemy order, hijack or disrupt a teleporter", target="hex", field="at"),
        "ecm_ads": ActionKind(key="w", label="ECM: attack an enemy ADS", target="hex", field="at"),
        "move": ActionKind(key="m", label="Roll and move", target="none"),
        "teleport": ActionKind(key="t", label="Teleport", target="hex", field="to"),
        "gather": ActionKind(key="g", label="Teleport: take a unit into the buffers", target="none"),
        "carry": ActionKind(key="h", label="Board or leave a carrier", target="hex", field="at"),
        "allocate": ActionKind(key="a", label="Allocate damage", target="none"),
        "done": ActionKind(key="d", label="Done (next)", target="none"),
        "agree_end": ActionKind(key="k", label="Agree to end the game", target="none"),
    }
    terrain = ter.TERRAIN

    def setup(self, setup: Setup, seed: int, options, dice: int = KEYED) -> HwState:
        return st.build(setup, seed, options, dice)

    def decision(self, state: HwState) -> Decision:
        return turn.decision(state)

    def legal_actions(self, state: HwState, side: str) -> list[Action]:
        return turn.legal_actions(state, side)

    def apply(self, state: HwState, action: Action, ctx: Context) -> None:
        turn.apply(state, action, ctx)

    def victory(self, state: HwState) -> GameResult | None:
        return victory.check(state)

    def objectives(self, state: HwState) -> list:
        """How far each side is from each victory condition (rules/victory.py `Objective`), from `state`."""
        return victory.progress(state)

    def view(self, state: HwState, side: str | None) -> HwState:
        return view.view(state, side)

    def hidden_from(self, state: HwState, side: str, rng: random.Random) -> HwState:
        return view.hidden_from(state, side, rng)

    def preview(self, state: HwState, action: Action) -> Preview | None:
        return pv.preview(state, action)

    def outcome_words(self, outcome: Outcome, names: Mapping[str, str]) -> str:
        return roll_preview.outcome_words(outcome, names)

    def describe(self, state: HwState, action: Action) -> str:
        return words.describe(state, action)

    def describe_to_others(self, state: HwState, action: Action) -> str:
        return words.describe_to_others(state, action)

    def reference(self) -> str:
        return (Path(__file__).parent / "reference.md").read_text(encoding="utf-8")

    def unit_card(self, state: HwState, unit_id: str) -> list[tuple[str, str]]:
        return words.unit_card(state, unit_id)

    def unit_marks(self, state: HwState, unit_id: str) -> str:
        return words.unit_marks(state, unit_id)

    def unit_note(self, state: HwState, unit_id: str) -> str:
        """What a blind hides, to its owner (the roster's words after the unit's marks)."""
        return words.unit_note(state, unit_id)

    def side_lines(self, state: HwState, side: str) -> list[str]:
        return words.side_lines(state, side)

    def unit_points(self, stats: dict) -> int:
        """The points value of a unit's stats (army lists and the army builder)."""
        return unit_cost(HwStats.model_validate(stats))

    # --- its plug-ins (rules/contract.py), from this package, loaded when first read ---

    secrecy = DECLARATION

    procedures = plugin(plugins.procedures)
    ai_hints = plugin(plugins.ai_hints)
    migrations = plugin(plugins.migrations)
    army = plugin(plugins.army)
    campaign = plugin(plugins.campaign)

    @property
    def campaign_spending(self):
        """The campaign's own module: its spending functions are the between-battle choices."""
        return self.campaign


RULESET = HundredWarsRuleset()
