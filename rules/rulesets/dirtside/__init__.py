"""Dirtside II with Iceburg's house rules (Jan 1996), as the rule set `dirtside` (seed 001_91bc4855507ab9df.txt).

The core is the fact sheet shared/rules/dsii-core.md (section numbers § cite it); decisions on the house rules'
unclear places are DS2-A01..A22 in rules/NOTES.md; docs/rules/dirtside.md lists every interpretation.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path

from rules.actions import Action
from rules.contract import RulesetDefaults, plugin
from rules.dice import KEYED
from rules.core import ActionKind, Context, Decision, GameResult, HexMark, OptionSpec, Outcome, Preview, Setup, Side
from rules.rulesets.dirtside import actions as A
from rules.rulesets.dirtside import plugins
from rules.rulesets.dirtside import preview as pv
from rules.rulesets.dirtside import shooting_preview
from rules.rulesets.dirtside import terrain as ter
from rules.rulesets.dirtside import turn, victory, view, words
from rules.rulesets.dirtside.secrecy import DECLARATION
from rules.rulesets.dirtside.state import DSState


class DirtsideRuleset(RulesetDefaults):
    id = "dirtside"
    name = "Dirtside II (Iceburg's house rules)"
    options = (
        OptionSpec(id="house_rfac", label="House rule: RFACs draw 3 chits close, 2 medium against infantry",
                   default=True, help="Off: the core p.36 rule (2 chits up to medium)."),
        OptionSpec(id="hel_band", label="HEL single band", default="medium", choices=("medium", "close"),
                   help="The fact sheet's [?]: the HEL's one band counts as medium (S2) or close (S4)."),
        OptionSpec(id="vehicles_under_fire_plus1", label="Vehicles under fire test at +1 to move", default=False,
                   help="Off: +0 as the p.24 text (and S2); on: +1 as the p.23 table."),
        OptionSpec(id="abandonment", label="Optional abandonment: crews may bail out after damage", default=False,
                   help="After any non-lethal damage result a d6: 1-3 and the crew bails out (§6.4)."),
        OptionSpec(id="fires", label="Woods and buildings burn", default=False,
                   help="[R] a converged HEF mission, or a HEL or DFFG hit, sets a wood or building alight: 6 hexes "
                        "of smoke downwind until engineers put it out."),
        OptionSpec(id="follow_through", label="Follow-through after a won close assault", default=False,
                   help="§8.5 (optional): the winner tests (+1 defenders destroyed, +2 withdrew); passing, it gets "
                        "an extra full activation moving on from the captured position."),
        OptionSpec(id="deviation", label="Every battery's fire deviates (as ortillery)", default=False,
                   help="§9.8: a d12 clock for the direction, then a d6 and a d8: a higher d8 moves the impact by "
                        "the difference. Ortillery always deviates."),
        OptionSpec(id="opfire_firefights", label="Infantry firefights as opportunity fire", default=False,
                   help="Off: only guns, missiles and IAVRs may fire as opportunity fire (S2)."),
    )
    version = 1
    state_model = DSState
    side_model = Side
    victory_kinds = victory.KINDS
    campaign_model = None
    action_adapter = A.ADAPTER
    glossary = {
        "CO": "Confident", "ST": "Steady", "SH": "Shaken", "BR": "Broken", "RO": "Routed",
        "UF": "under fire this turn",
        "P": "panicked",
        "SMK": "in smoke",
        "EV": "evading (VTOL)",
        "HIGH": "VTOL flying high", "low": "VTOL flying low", "GND": "VTOL grounded",
        "*": "already activated this turn",
        "fire@#,#": "an artillery mission called on hex #,#",
        "CM>#": "its cruise missile lands in turn #",
        "X": "destroyed",
    }
    """The roster's marks, for the UI to explain (the unit card, the legend l, the help ?)."""
    action_kinds = {
        "move": ActionKind(key="m", label="Move", target="hex", field="path"),
        "fire": ActionKind(key="f", label="Fire (direct fire / firefight)", target="unit", field="at"),
        "assault": ActionKind(key="a", label="Close assault", target="unit", field="at"),
        "call": ActionKind(key="c", label="Call artillery", target="hex", field="at"),
        "bombard": ActionKind(key="b", label="Bombard (artillery fires)", target="hex", field="at"),
        "counter": ActionKind(key="k", label="Counter-battery fire", target="none"),
        "launch": ActionKind(key="x", label="Launch cruise missile", target="hex", field="at"),
        "fly": ActionKind(key="y", label="Fly cruise missile", target="hex", field="at"),
        "sensors": ActionKind(key="s", label="ADS / SAM radar on or off", target="none"),
        "sam": ActionKind(key="t", label="Fire SAM", target="none"),
        "sortie": ActionKind(key="o", label="Enter / leave the battle area", target="none"),
        "run": ActionKind(key="v", label="Attack run", target="hex", field="at"),
        "airfight": ActionKind(key="g", label="Air-to-air attack", target="none"),
        "mode": ActionKind(key="j", label="VTOL mode (grounded / low / high)", target="none"),
        "popup": ActionKind(key="w", label="VTOL pop-up attack", target="hex", field="at"),
        "done": ActionKind(key="d", label="End activation / do nothing", target="none"),
        "pass": ActionKind(key="p", label="Pass", target="none"),
        "opfire": ActionKind(key="i", label="Opportunity fire", target="unit", field="at"),
        "hold": ActionKind(key="h", label="Hold fire", target="none"),
        "react": ActionKind(key="e", label="Answer: evade / decoys / dog-fight", target="none"),
        # Every free letter is taken: these are offered in the command palette (ctrl+p) and the choice list.
        "drop": ActionKind(key="", label="Drop troops from the air", target="none", field="at"),
        "intercept": ActionKind(key="", label="Intercept a cruise missile", target="none"),
        "discharge": ActionKind(key="", label="Fire smoke dischargers", target="none"),
        "lay": ActionKind(key="", label="Lay a minefield", target="none"),
        "clear": ActionKind(key="", label="Clear mines", target="none", field="at"),
        "rally": ActionKind(key="", label="Rally", target="none"),
        "regroup": ActionKind(key="", label="Regroup two depleted units", target="none"),
        "load": ActionKind(key="", label="Load troops", target="none"),
        "unload": ActionKind(key="", label="Unload troops", target="none", field="at"),
        "demolish": ActionKind(key="", label="Demolish a building or vehicle", target="none", field="at"),
        "repair": ActionKind(key="", label="Repair a vehicle (AEV)", target="none"),
        "resupply": ActionKind(key="", label="Resupply a battery", target="none"),
        "limber": ActionKind(key="", label="Limber or unlimber guns", target="none"),
        "dig": ActionKind(key="", label="Dig in", target="none"),
        "bridge": ActionKind(key="", label="Lay or recover a bridge", target="none", field="at"),
        "shell": ActionKind(key="", label="Shell a building", target="none", field="at"),
        "extinguish": ActionKind(key="", label="Put out a fire", target="none", field="at"),
        "cancel": ActionKind(key="", label="Cancel the called mission", target="none"),
    }
    terrain = ter.TERRAIN

    def setup(self, setup: Setup, seed: int, options, dice: int = KEYED) -> DSState:
        return turn.setup(setup, seed, options, dice)

    def decision(self, state: DSState) -> Decision:
        return turn.decision(state)

    def legal_actions(self, state: DSState, side: str) -> list[Action]:
        return turn.legal_actions(state, side)

    def apply(self, state: DSState, action: Action, ctx: Context) -> None:
        turn.apply(state, action, ctx)

    def victory(self, state: DSState) -> GameResult | None:
        return victory.check(state)

    def objectives(self, state: DSState) -> list:
        """How far each side is from each victory condition (rules/victory.py `Objective`), from `state`."""
        return victory.progress(state)

    def view(self, state: DSState, side: str | None) -> DSState:
        return view.view(state, side)

    def hidden_from(self, state: DSState, side: str, rng: random.Random) -> DSState:
        return view.hidden_from(state, side, rng)

    def preview(self, state: DSState, action: Action) -> Preview | None:
        return pv.for_action(state, action)

    def outcome_words(self, outcome: Outcome, names: Mapping[str, str]) -> str:
        return shooting_preview.outcome_words(outcome, names)

    def describe(self, state: DSState, action: Action) -> str:
        return words.describe(state, action)

    def describe_to_others(self, state: DSState, action: Action) -> str:
        return words.describe_to_others(state, action)

    def reference(self) -> str:
        return (Path(__file__).parent / "reference.md").read_text(encoding="utf-8")

    def unit_card(self, state: DSState, unit_id: str) -> list[tuple[str, str]]:
        return words.unit_card(state, unit_id)

    def unit_marks(self, state: DSState, unit_id: str) -> str:
        return words.unit_marks(state, unit_id)

    def side_lines(self, state: DSState, side: str) -> list[str]:
        return words.side_lines(state, side)

    hex_mark_symbols = words.HEX_MARK_SYMBOLS

    def hex_marks(self, state: DSState, side: str | None) -> list[HexMark]:
        return words.hex_marks(state, side)

    # --- its plug-ins (rules/contract.py), from this package, loaded when first read ---

    secrecy = DECLARATION

    procedures = plugin(plugins.procedures)
    ai_hints = plugin(plugins.ai_hints)
    army = plugin(plugins.army)


RULESET = DirtsideRuleset()
