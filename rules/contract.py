"""The contract between the engine and a rule set: the `Ruleset` Protocol and the capabilities a rule set states.

Everything the engine, the screens, the resolver, the army builder, campaigns, the editor, the computer
and saves call on a rule set is a member here (docs/architecture.md lists them). Nothing is found by
name: a rule set's plug-ins (resolver procedures, army costing, campaign steps, file migrations, the
computer's hints) are attributes of its `RULESET`, loaded from its own package when first read.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from pydantic import BaseModel, TypeAdapter

from rules import outcomes
from rules.actions import Action
from rules.board import Board
from rules.core import (ActionKind, Context, Decision, GameResult, GameState, HexMark, OptionSpec, Outcome, Preview, Setup,
                        Side, TerrainInfo, Unit, UnitSetup)
from rules.dice import KEYED, Dice
from rules.hexgrid import Hex

if TYPE_CHECKING:
    from rules.armycost import Costing
    from rules.resolver import Procedure
    from rules.secrecy import Declaration


@runtime_checkable
class Ruleset(Protocol):
    """The shape every rule set plugs in with (one instance, `RULESET`, per package).

    Rule sets share this shape; `RulesetDefaults` gives the optional hooks their "none" answer for
    a rule set that has nothing to say there. `apply` mutates the state it is handed (the service
    passes a copy) and raises `Refusal` when the action is not legal now.

    Seats (rules/seat.py) call `decision`, `legal_actions`, `preview`, `describe`,
    `unit_card`, `unit_marks` and `side_lines` with a side's *view*, never the
    real state: they must work on a view and never read the seed. `apply` and
    `victory` get the real state.
    """

    id: str
    name: str
    options: tuple[OptionSpec, ...]
    state_model: type[GameState]
    action_adapter: TypeAdapter
    action_kinds: dict[str, ActionKind]
    """Every action `kind` of the rule set and how the UI offers it."""
    terrain: dict[str, TerrainInfo]
    """Every terrain id the rule set knows (hex terrain, hex features, hexside features),
    with its look on the map (glyph, mark, style)."""
    version: int
    """The version of this rule set's files: scenarios' side and unit fields, options, the
    save's snapshot. Raise it when their shape changes and add a step to `migrations`; a save
    records it beside the file format's version."""
    side_model: type[Side]
    """This rule set's side (a `Side` subclass): the fields a scenario's `[[sides]]` may hold
    beyond id and name, and the type of the state's sides."""
    victory_kinds: dict[str, str]
    """Every victory `kind` the victory check understands -> what it means, in words. A scenario
    naming another kind is refused."""
    campaign_model: type[BaseModel] | None
    """What this rule set carries from one battle of a campaign into the next (survivors,
    repairs, points...), or None when it has no campaigns. Validates a campaign file's `[carry]`."""

    def setup(self, setup: Setup, seed: int, options: dict[str, bool | int | str], dice: int = KEYED) -> GameState:
        """The state at action 0 (opening hands dealt, chip bag filled...), its `dice` derivation
        `dice`: anything hidden it deals comes from `SeededDice(seed, ..., derivation=dice)`."""
        ...

    def decision(self, state: GameState) -> Decision: ...

    def legal_actions(self, state: GameState, side: str) -> list[Action]: ...

    def apply(self, state: GameState, action: Action, ctx: Context) -> None: ...

    def victory(self, state: GameState) -> GameResult | None: ...

    def view(self, state: GameState, side: str | None) -> GameState:
        """What `side` may see (None: the referee sees everything). The core removes the seed.

        A side id that is not in the game (a spectator's) sees only what is public."""
        ...

    def hidden_from(self, state: GameState, side: str, rng: random.Random) -> GameState:
        """A copy in which everything `side` may not know is changed at random, and nothing
        else (another side's hand, a deck's order, which blinds are dummies): the secrecy
        test checks that `side`'s seat answers the same for it."""
        ...

    def preview(self, state: GameState, action: Action) -> Preview | None: ...

    def describe(self, state: GameState, action: Action) -> str:
        """The action in words for the palette ('Attack Lancers at 3,4')."""
        ...

    def reference(self) -> str:
        """The quick reference, as Markdown."""
        ...

    def unit_card(self, state: GameState, unit_id: str) -> list[tuple[str, str]]:
        """(label, value) rows for the unit card: stats, specials, state."""
        ...

    def unit_marks(self, state: GameState, unit_id: str) -> str:
        """A few characters of status for the roster and the map ('Q3', 'sup', 'dn', '*')."""
        ...

    def side_lines(self, state: GameState, side: str) -> list[str]:
        """Lines about a side for the roster (cards in hand, chips left, leader...)."""
        ...

    # --- hooks with a "none" answer (RulesetDefaults) ---------------------------------

    glossary: dict[str, str]
    """The rule text's terms -> what they mean, for the help screen."""
    hex_mark_symbols: dict[str, str]
    """Every character `hex_marks` may draw -> its meaning, for the legend."""

    def hex_marks(self, state: GameState, side: str | None) -> list[HexMark]:
        """The markers on hexes that `side` (None: the referee) may know of, read from its view."""
        ...

    def describe_to_others(self, state: GameState, action: Action) -> str:
        """The action in the words another side and a spectator read while the game goes on: an action
        may carry a secret of its side (Dirtside: a missile's real target). Default: `describe`."""
        ...

    def unit_note(self, state: GameState, unit_id: str) -> str:
        """A few words the roster adds after a unit's marks (a blind's contents, to its owner); ''."""
        ...

    def objectives(self, state: GameState) -> list:
        """How far each side is from each victory condition (rules/victory.py `Objective`); []."""
        ...

    def why_not(self, state: GameState, side: str, kind: str, unit_id: str | None = None) -> str:
        """Why `side` has no `kind` action now, in the rules' words; '' lets the seat find out."""
        ...

    def outcome_words(self, outcome: Outcome, names: Mapping[str, str]) -> str:
        """An outcome of a preview in words for a reader, made from its effects (rules/outcomes.py) with `names`
        (unit and side ids -> the reader's names: `rules.outcomes.reader`); default: the generic words."""
        ...

    # --- what the rule set plugs into the rest (its own modules, loaded when first asked for) ---

    secrecy: Declaration
    """What each side may see of the state (rules/secrecy.py), field by field."""
    procedures: tuple[Procedure, ...]
    """The resolver's procedures (rules/resolver.py); () when it lists none."""
    migrations: Mapping[int, MigrationStep]
    """This rule set's file steps: from-version -> the step to the next (saves/migrations.py runs them)."""
    ai_hints: AiHints | None
    """What the computer should know of this rule set (rules/ai); None: the generic reading."""
    army: Costing | None
    """Army costing for the builder (rules/armycost.py); None: the rule set has no points."""
    campaign: CampaignRules | None
    """How a battle's end carries into the next (with `campaign_model`); None: no campaigns."""
    campaign_spending: CampaignSpending | None
    """The between-battle choices a campaign offers (repairs, purchases...); None: none."""


MigrationStep = Callable[[dict[str, Any]], dict[str, Any]]
"""Takes a file's document (plain TOML data) at one version of the rule set, returns it at the next."""



def plugin(load: Callable[[], Any]) -> cached_property:
    """A plug-in member of the contract, made by `load` (a function of the rule set's plugins.py) when first
    read and kept: importing every resolver, builder and hint module at start-up would cost (a bar)."""
    return cached_property(lambda self: load())


class RulesetDefaults:
    """The "none" answer of every optional hook, for a rule set to inherit (it overrides what it has).

    Every member is on `Ruleset`, so the engine calls each directly: nothing is looked up by name."""

    glossary: dict[str, str] = {}
    hex_mark_symbols: dict[str, str] = {}
    procedures: tuple[Procedure, ...] = ()
    migrations: Mapping[int, MigrationStep] = {}
    ai_hints: AiHints | None = None
    army: Costing | None = None
    campaign: CampaignRules | None = None
    campaign_spending: CampaignSpending | None = None

    def hex_marks(self, state: GameState, side: str | None) -> list[HexMark]:
        return []

    def describe_to_others(self, state: GameState, action: Action) -> str:
        return self.describe(state, action)  # type: ignore[attr-defined] - the rule set's own

    def unit_note(self, state: GameState, unit_id: str) -> str:
        return ""

    def objectives(self, state: GameState) -> list:
        return []

    def why_not(self, state: GameState, side: str, kind: str, unit_id: str | None = None) -> str:
        return ""

    def outcome_words(self, outcome: Outcome, names: Mapping[str, str]) -> str:
        return outcomes.outcome_words(outcome, names)


# --- capabilities: what a rule set may state it has (an attribute holding one, or None) ---


class CampaignRules(Protocol):
    """A rule set's campaigns: what a battle's start and end carry (its `campaign_model`)."""

    def start(self, state: GameState) -> BaseModel:
        """The carried table at the first battle's start."""
        ...

    def end_battle(self, carried: Any, state: GameState, dice: Dice) -> BaseModel:
        """The carried table after a battle ended in `state` (losses, captures, rolls with `dice`)."""
        ...

    def next_units(self, carried: Any) -> list[UnitSetup]:
        """The next battle's units: the carried forces."""
        ...


class CampaignSpending(Protocol):
    """The between-battle choices of a campaign (A Hundred Wars' 'Repair Bonus' and 'Captures'); each
    changes the carried table `c` in place and raises `Refusal` when the side cannot."""

    UPGRADE_COST: int
    unit_stats: type[BaseModel]
    """The stats of a unit bought from an army list."""

    def repair(self, c: Any, side: str, uid: str, points: int) -> None: ...

    def replace(self, c: Any, side: str, uid: str) -> None: ...

    def unit_cost(self, stats: Any) -> int: ...

    def scuttle_chance(self, fire: int, armour: int) -> Fraction: ...

    def scuttle_unit(self, c: Any, side: str, uid: str, dice: Dice) -> bool: ...

    def claim(self, c: Any, side: str, uid: str) -> None: ...

    def salvage(self, c: Any, side: str, uid: str) -> int: ...

    def buy(self, c: Any, side: str, uid: str, name: str, stats: Any, kind: str = "") -> None: ...

    def upgrade_keys(self, unit: Any) -> list[str]: ...

    def factor_words(self, unit: Any, key: str) -> tuple[str, int]: ...

    def upgrade(self, c: Any, side: str, uid: str, key: str) -> None: ...


def _no_opening(view: GameState, side: str, actions: list[Action]) -> Action | None:
    return None


def _every_action(view: GameState, side: str, actions: list[Action]) -> list[Action]:
    return actions


@dataclass(frozen=True)
class AiHints:
    """What the computer (rules/ai) should know of a rule set beyond its numbers; every field has the
    answer of a rule set with nothing to add, so the computer reads each member directly.

    A rule set's hints live in its package (`ai_hints.py`) and import only the core, never rules.ai."""

    contact: float = 0.1
    """Worth of a hex closer to the enemy, per unit (rule sets of long-range fire lower it)."""
    hold_every: bool = False
    """A hold condition needs a unit on every one of its hexes (else: on one of them)."""
    opening: Callable[[GameState, str, list[Action]], Action | None] = _no_opening
    """An action to take without a search (a move of the rule set's own tempo), or None."""
    prune: Callable[[GameState, str, list[Action]], list[Action]] = _every_action
    """The actions worth searching (those left out are never played)."""
    never: Callable[[GameState, str, list[Action]], list[Action]] = _every_action
    """The actions left once those never worth playing at any level are out (giving the game away, paying for
    nothing); `prune` leaves these out too, and its rules of thumb more (the easy computer heeds only these)."""
    unit_value: Callable[[GameState, Unit], float] | None = None
    """A unit's worth to its side; None: the generic reading of its numbers (rules/ai/evaluate.py)."""
    side_value: Callable[..., float] | None = None
    """`side_value(state, side)` or `(state, side, now)`: a side's assets beyond its units; None: generic."""
    threat: Callable[[GameState, str], float] | None = None
    """The worth a side may lose to the other sides' next attacks as the units stand (DHR: each enemy unit's best
    volley; QUAD: its best attack within its Speed and a hex); weighed by the levels that read it
    (rules/ai/levels.py), past the look-ahead's horizon. None: none."""
    determinize: Callable[[GameState, str, random.Random], GameState] | None = None
    """A full state consistent with a view, hidden things guessed at random; None: the view is the world."""
    outcome_value: Callable[[GameState, Action, Outcome, str], float] | None = None
    """The worth to a side of one outcome of an action's preview (state, action, outcome, side), read from the
    outcome's effects (rules/outcomes.py), never its words."""
    losses: Callable[[GameState, str], tuple[int, int]] | None = None
    """(figures lost, figures at the start) of a side, for casualties conditions; None: units count."""
    side_standing: Callable[[GameState, str], bool] | None = None
    """The side still has something on the map: the question the rule set's victory check asks (rules/victory.py
    `check`'s `standing`); a side without is out, its casualties condition with it. None: a unit not eliminated."""
    step_cost: Callable[[Board, Hex, Hex], float | None] | None = None
    """The cost of a step between two hexes (None: cannot); None: 1, or the terrain is impassable."""
    heading: Callable[[GameState, Unit], Hex | None] | None = None
    """Where the evaluator reads a unit as standing when it is not simply its hex: where its standing order takes
    it by its next move (A Hundred Wars' Move counters, obeyed in a later phase), or the blind it hides under on
    the table; None: its hex (or, off the table, still to come)."""
