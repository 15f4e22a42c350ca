"""The d10 modern skirmish (seed 003_fbcfff1ef4faf214.txt), as the rule set `skirmish`.

Decisions on the text's unclear places are SKIRM-A01..A28 in rules/NOTES.md; docs/rules/skirmish.md lists
every interpretation this code makes and what is not done yet.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path

from rules.actions import Action
from rules.contract import RulesetDefaults, plugin
from rules.dice import KEYED
from rules.core import ActionKind, Context, Decision, GameResult, OptionSpec, Outcome, Preview, Setup, Side
from rules.rulesets.skirmish import plugins
from rules.rulesets.skirmish import preview, turn, victory, view, words
from rules.rulesets.skirmish import terrain as ter
from rules.rulesets.skirmish.actions import ADAPTER
from rules.rulesets.skirmish.secrecy import DECLARATION
from rules.rulesets.skirmish.state import SkirmState


class SkirmishRuleset(RulesetDefaults):
    id = "skirmish"
    name = "d10 modern skirmish"
    version = 1
    side_model = Side
    victory_kinds = victory.KINDS
    campaign_model = None
    options = (
        OptionSpec(id="overwatch", label="Overwatch", default=True,
                   help="A passed model may move and go on overwatch; it interrupts an enemy move or shot (+1 TN)."),
        OptionSpec(id="leader_bonus", label="Leader within 6\": -1 TN to activate", default=True),
        OptionSpec(id="alone_penalty", label="Out of sight of all friends: +1 TN to activate", default=True),
        OptionSpec(id="sprint", label="Sprint: move a second time instead of shooting", default=True),
        OptionSpec(id="aimed_fire", label="Aimed fire: a single shot after 2\" or less", default=True,
                   help="-1 TN to hit, or re-roll a miss, or -2 TN to the damage roll (SKIRM-A08)."),
        OptionSpec(id="man_down", label="Man down!: the initiative switches when the active model falls",
                   default=True),
        OptionSpec(id="flow_of_battle", label="The Flow of Battle: a leader nominates the enemy's next model",
                   default=False),
        OptionSpec(id="horde_rule", label="Horde of Rabble rule", default=True,
                   help="Models left after the enemy has activated move or shoot only; a failure stops them all."),
        OptionSpec(id="morale", label="Simple morale at half the force points", default=True),
        OptionSpec(id="overwatch_moves", label="Overwatch may be movement: charge or flee instead of shooting",
                   default=False),
    )
    state_model = SkirmState
    action_adapter = ADAPTER
    glossary = {
        "L": "the team's leader",
        "dn": "downed (knocked down: stands up or is out)",
        "sup": "suppressed (pinned by fire)",
        "flee": "fleeing towards its edge",
        "ow": "on overwatch (may interrupt the enemy)",
        "*": "already activated this turn",
        "dead": "dead",
        "fled": "fled off the table",
    }
    """The roster's marks, for the UI to explain (the unit card, the legend l, the help ?)."""
    action_kinds = {
        "rolloff": ActionKind(key="d", label="Leaders roll off", target="none"),
        "activate": ActionKind(key="a", label="Activation roll", target="none"),
        "nominate": ActionKind(key="g", label="Flow of battle: nominate", target="unit", field="target"),
        "move": ActionKind(key="m", label="Move", target="hex", field="path"),
        "pivot": ActionKind(key="p", label="Pivot", target="none"),
        "shoot": ActionKind(key="f", label="Shoot", target="hex", field="at"),
        "spray": ActionKind(key="s", label="Suppressive fire (area)", target="hex", field="at"),
        "charge": ActionKind(key="c", label="Charge / fight (CQC)", target="hex", field="at"),
        "overwatch": ActionKind(key="o", label="Go on overwatch", target="none"),
        "end": ActionKind(key="e", label="End activation", target="none"),
        "watchfire": ActionKind(key="w", label="Overwatch: fire", target="none", field="at"),
        "watchcharge": ActionKind(key="t", label="Overwatch: charge the mover", target="none", field="at"),
        "watchmove": ActionKind(key="v", label="Overwatch: move away", target="hex", field="path"),
        "hold": ActionKind(key="h", label="Overwatch: hold fire", target="none"),
        "push": ActionKind(key="b", label="Push back the loser", target="none"),
        "lock": ActionKind(key="k", label="Stay locked in combat", target="none"),
    }
    terrain = ter.TERRAIN

    def setup(self, setup: Setup, seed: int, options, dice: int = KEYED) -> SkirmState:
        return turn.setup(setup, seed, options, dice)

    def decision(self, state: SkirmState) -> Decision:
        return turn.decision(state)

    def legal_actions(self, state: SkirmState, side: str) -> list[Action]:
        return turn.legal_actions(state, side)

    def apply(self, state: SkirmState, action: Action, ctx: Context) -> None:
        turn.apply(state, action, ctx)

    def victory(self, state: SkirmState) -> GameResult | None:
        return victory.check(state)

    def objectives(self, state: SkirmState) -> list:
        """How far each side is from each victory condition (rules/victory.py `Objective`), from `state`."""
        return victory.progress(state)

    def view(self, state: SkirmState, side: str | None) -> SkirmState:
        return view.view(state, side)

    def hidden_from(self, state: SkirmState, side: str, rng: random.Random) -> SkirmState:
        return view.hidden_from(state, side, rng)

    def preview(self, state: SkirmState, action: Action) -> Preview | None:
        return preview.preview(state, action)

    def outcome_words(self, outcome: Outcome, names: Mapping[str, str]) -> str:
        return preview.outcome_words(outcome, names)

    def describe(self, state: SkirmState, action: Action) -> str:
        return words.describe(state, action)

    def reference(self) -> str:
        return (Path(__file__).parent / "reference.md").read_text(encoding="utf-8")

    def unit_card(self, state: SkirmState, unit_id: str) -> list[tuple[str, str]]:
        return words.unit_card(state, unit_id)

    def unit_marks(self, state: SkirmState, unit_id: str) -> str:
        return words.unit_marks(state, unit_id)

    def side_lines(self, state: SkirmState, side: str) -> list[str]:
        return words.side_lines(state, side)

    # --- its plug-ins (rules/contract.py), from this package, loaded when first read ---

    secrecy = DECLARATION

    procedures = plugin(plugins.procedures)
    ai_hints = plugin(plugins.ai_hints)


RULESET = SkirmishRuleset()
