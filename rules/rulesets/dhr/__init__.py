"""Rules of the Damned Human Race (DHR), by Gabriel Landowski, on hexes of six inches.

Units of figures with a Rating 1-5 roll equal or under it; a chip bag decides who
acts (By Type or By Unit); terrain has a Defensive Value that slows movement,
saves hits and steadies morale. Optional rules: area effect, armoured vehicles and
heavy weapons (with the damage table), special figures, crew-served weapons.
Rule text: shared/seeds/000_8feb917a61251d11.txt; decisions DHR-A01..A27 in NOTES.md;
our own in docs/rules/dhr.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from pydantic import TypeAdapter

from rules.actions import Action
from rules.contract import RulesetDefaults, plugin
from rules.dice import KEYED
from rules.core import ActionKind, Context, Decision, GameResult, OptionSpec, Outcome, Preview, Setup
from rules.rulesets.dhr import combat, odds, preview, terrain, turn, victory, view, why, words
from rules.rulesets.dhr import plugins
from rules.rulesets.dhr.actions import DHRAction
from rules.rulesets.dhr.secrecy import DECLARATION
from rules.rulesets.dhr.state import DHRSide, DHRState


class DHRRuleset(RulesetDefaults):
    id = "dhr"
    name = "Rules of the Damned Human Race"
    options = (
        OptionSpec(id="chip_draw", label="Chip draw", default="unit", choices=("unit", "type"),
                   help="By Unit: a chip per unit; By Type: a chip per unit marked with its type (DHR-A21)"),
        OptionSpec(id="area_effect", label="Area effect", default=False,
                   help="explosives and flame hit a whole hex; light charges; untenable terrain"),
        OptionSpec(id="vehicles", label="Armoured vehicles & heavy weapons", default=False,
                   help="armament dice against armour dice, wrecks with smoke, overruns"),
        OptionSpec(id="damage_table", label="Vehicle damage effect table", default=False,
                   help="a 1D6 effect per die that beat the armour instead of a plain kill (needs vehicles)"),
        OptionSpec(id="special_figures", label="Special figures", default=False,
                   help="Leader, RTO, Medic, Wizard, Champion; attaching to units"),
        OptionSpec(id="crew_served", label="Crew-served weapons", default=False,
                   help="a reduced crew checks Rating - crew lost before firing (DHR-A14)"),
        OptionSpec(id="challenge", label="More challenge terrain", default="",
                   help="terrain ids, comma-separated (e.g. woods, hedge, dense_brush), that must be "
                        "rolled until passed besides fortress walls and barbed wire (DHR-A05)"),
    )
    version = 2
    """2: a side's players and commander are DHR's own side fields (DHRSide), no longer the core's."""
    state_model = DHRState
    side_model = DHRSide
    victory_kinds = victory.KINDS
    campaign_model = None
    action_adapter = TypeAdapter(DHRAction)
    glossary = {
        "#f": "figures left in the unit: #",
        "+": "attached to another unit (a special figure)",
        "*": "already activated this turn",
        "!": "activated now: the unit acting",
        "x#": "# dice (the rate of fire of the slots used)",
        "(-#)": "-# to the number needed: each rate-of-fire slot after the first",
        "saves on #/#": "a hit figure is saved on terrain DV #, then armour DV # (0: none)",
    }
    """Tokens of the roster, the unit card and the action words, for the UI to explain ('#' is a number)."""
    action_kinds = {
        "draw": ActionKind(key="d", label="Draw a chip", target="none"),
        "move": ActionKind(key="m", label="Move", target="path", field="path"),
        "cross": ActionKind(key="p", label="Pass the obstacle (another MP)", target="none", field="to"),
        "fire": ActionKind(key="f", label="Fire", target="unit", field="at"),
        "melee": ActionKind(key="c", label="Melee (close)", target="unit", field="at"),
        "cast": ActionKind(key="s", label="Cast a spell", target="hex", field="at"),
        "overrun": ActionKind(key="o", label="Overrun", target="unit", field="at"),
        "call": ActionKind(key="a", label="Call artillery / air strike", target="hex", field="at"),
        "attach": ActionKind(key="t", label="Attach to a unit", target="unit", field="at"),
        "drop": ActionKind(key="x", label="Drop out of the unit", target="hex", field="at"),
        "end": ActionKind(key="e", label="End activation", target="none"),
    }
    terrain = terrain.info()

    def setup(self, setup: Setup, seed: int, options: dict, dice: int = KEYED) -> DHRState:
        return turn.setup(setup, seed, options, dice)

    def decision(self, state: DHRState) -> Decision:
        return turn.decision(state)

    def legal_actions(self, state: DHRState, side: str) -> list[Action]:
        return turn.legal_actions(state, side)

    def apply(self, state: DHRState, action: Action, ctx: Context) -> None:
        turn.apply(state, action, ctx)

    def victory(self, state: DHRState) -> GameResult | None:
        return victory.check(state)

    def objectives(self, state: DHRState) -> list:
        """How far each side is from each victory condition (rules/victory.py `Objective`), from `state`."""
        return victory.progress(state)

    def view(self, state: DHRState, side: str | None) -> DHRState:
        return view.view(state, side)

    def hidden_from(self, state: DHRState, side: str, rng) -> DHRState:
        return view.hidden_from(state, side, rng)

    def preview(self, state: DHRState, action: Action) -> Preview | None:
        return preview.preview(state, action)

    def outcome_words(self, outcome: Outcome, names: Mapping[str, str]) -> str:
        return odds.outcome_words(outcome, names)

    def describe(self, state: DHRState, action: Action) -> str:
        return words.describe(state, action)

    def why_not(self, state: DHRState, side: str, kind: str, unit_id: str | None = None) -> str:
        """Why `side` has no `kind` action now (for `unit_id`), in full words; '' when it has one."""
        return why.why_not(state, side, kind, unit_id)

    def reference(self) -> str:
        return (Path(__file__).parent / "reference.md").read_text(encoding="utf-8")

    def unit_card(self, state: DHRState, unit_id: str) -> list[tuple[str, str]]:
        return words.unit_card(state, unit_id)

    def unit_marks(self, state: DHRState, unit_id: str) -> str:
        return words.unit_marks(state, unit_id)

    def side_lines(self, state: DHRState, side: str) -> list[str]:
        return words.side_lines(state, side)

    # --- its plug-ins (rules/contract.py), from this package, loaded when first read ---

    secrecy = DECLARATION

    procedures = plugin(plugins.procedures)
    ai_hints = plugin(plugins.ai_hints)
    migrations = plugin(plugins.migrations)


RULESET = DHRRuleset()

__all__ = ["RULESET", "DHRRuleset", "combat"]
