"""The core model every rule set shares, and the shape a rule set plugs in with.

The core assumes no turn structure. It asks the rule set who must decide now
(`Decision`), what a side may do (`legal_actions`), and what an action does
(`apply`). Cards, chip bags, phases and interrupts all live inside the rule
set's own state; reactions of the side that is not active are just legal
actions that side has at this decision point.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.board import Board
from rules.dice import KEYED, Dice
from rules.events import Event, Rolled
from rules.hexgrid import Hex
from rules.outcomes import SideEffect, UnitEffect
from rules.unknown import Unknown

if TYPE_CHECKING:  # the two modules name each other in annotations only (rules.actions: ActionKind)
    from rules.actions import Action

MAX_UNITS = 400
MAX_TEXT = 200
"""Limits that protect the app from hostile files (names, ids, descriptions are cut off here)."""


class Refusal(Exception):
    """An action is not legal now; the message says why. Raising it changes nothing."""


# --- Scenario set-up (what `saves` reads from a file) -------------------------------


class SideSetup(BaseModel):
    """A side as the scenario states it: its id and name, plus the rule set's own side fields.

    Every other key (QUAD's `leader`, DHR's `players`, Hundred Wars' pips and
    points...) is kept as is and belongs to the rule set, whose `side_model`
    validates it (`side_of`). The core knows none of them.
    """

    model_config = ConfigDict(extra="allow")
    id: str = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")
    name: str = Field(max_length=MAX_TEXT)

    @property
    def fields(self) -> dict[str, Any]:
        """The rule set's own fields of this side (everything but id and name)."""
        return dict(self.model_extra or {})


class UnitSetup(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_.-]+$")
    side: str
    name: str = Field(max_length=MAX_TEXT)
    kind: str = Field(default="", max_length=MAX_TEXT)
    """The unit's type (DHR's 'By Type' chips, army lists)."""
    at: Hex | None = None
    stats: dict[str, Any] = Field(default_factory=dict)
    """Rule-set stats, validated by the rule set's own model."""


class VictoryCondition(BaseModel):
    """One way to win, as the scenario states it; the rule set's victory check reads these.

    `kind` is one of the rule set's `victory_kinds` (the core lists none); the
    other fields are the parameters a kind may use.
    """

    model_config = ConfigDict(extra="forbid")
    kind: str = Field(default="eliminate", min_length=1, max_length=40, pattern=r"^[a-z0-9_]+$")
    side: str | None = Field(default=None, min_length=1, max_length=40)
    """The side this condition lets win (None: whoever meets it)."""
    hexes: list[Hex] = Field(default_factory=list, max_length=10_000)
    turn: int | None = Field(default=None, ge=0, le=10_000)
    fraction: float | None = Field(default=None, ge=0, le=1)
    text: str = Field(default="", max_length=MAX_TEXT)


class Setup(BaseModel):
    """A scenario as the rules see it: map, sides, units, options, victory."""

    ruleset: str = Field(min_length=1, max_length=40)
    name: str = Field(max_length=MAX_TEXT)
    title: str = Field(default="", max_length=MAX_TEXT)
    description: str = Field(default="", max_length=4000)
    max_turns: int | None = Field(default=None, ge=1, le=10_000)
    board: Board
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    sides: list[SideSetup] = Field(min_length=2, max_length=8)
    units: list[UnitSetup] = Field(default_factory=list, max_length=MAX_UNITS)
    victory: list[VictoryCondition] = Field(default_factory=list, max_length=100)


# --- Game state -------------------------------------------------------------------


class Side(BaseModel):
    """A side of the game. Each rule set subclasses it with its own side fields (its
    `side_model`: QUAD's leader, DHR's players and commander...)."""

    id: str
    name: str


SideT = TypeVar("SideT", bound=Side)


def side_of(model: type[SideT], setup: SideSetup) -> SideT:
    """The rule set's side made from a scenario's side (its own fields checked by `model`)."""
    return model.model_validate({"id": setup.id, "name": setup.name, **setup.fields})


class Unit(BaseModel):
    """Fields every rule set's unit has; each rule set subclasses it with typed `stats`."""

    id: str
    side: str
    name: str
    kind: str = ""
    at: Hex | None = None
    """Where it stands; None when off the map (not yet arrived, or gone)."""
    eliminated: bool = False

    @property
    def on_map(self) -> bool:
        return self.at is not None and not self.eliminated

    @property
    def is_marker(self) -> bool:
        """A stand-in on the map rather than a unit of the force (A Hundred Wars' blinds): tallies of units
        lost leave it out."""
        return False


class GameResult(BaseModel):
    """How the game ended."""

    winner: str | None
    """The winning side's id; None for a draw."""
    reason: str
    turn: int = 0


class GameState(BaseModel):
    """The whole game at one moment. Rule sets subclass it with their own fields.

    The game service copies it deeply before each action (undo is exact, a refused
    action changes nothing), so it holds plain data only; the board is frozen
    and shared.
    """

    ruleset: str
    scenario: str = ""
    seed: int | Unknown = 0
    """The dice's seed: UNKNOWN in every view (no seat may know the dice to come)."""
    dice: int = KEYED
    """How the dice derive from the seed (rules/dice.py): KEYED, or LEGACY for games saved before it."""
    board: Board
    sides: list[Side]
    """The sides, of the rule set's `side_model`."""
    units: dict[str, Unit]
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    victory: list[VictoryCondition] = Field(default_factory=list)
    max_turns: int | None = None
    turn: int = 1
    phase: str = ""
    active_side: str | None = None
    result: GameResult | None = None

    def side(self, side_id: str) -> Side:
        for s in self.sides:
            if s.id == side_id:
                return s
        raise KeyError(f"no side {side_id!r}")

    def side_ids(self) -> list[str]:
        return [s.id for s in self.sides]

    def other_sides(self, side_id: str) -> list[str]:
        return [s.id for s in self.sides if s.id != side_id]

    def units_of(self, side_id: str) -> list[Unit]:
        """The side's units still on the map, in id order."""
        return [u for u in self.units.values() if u.side == side_id and u.on_map]

    def unit_at(self, h: Hex) -> Unit | None:
        for u in self.units.values():
            if u.at == h and not u.eliminated:
                return u
        return None

    def occupied(self) -> dict[Hex, Unit]:
        return {u.at: u for u in self.units.values() if u.at is not None and not u.eliminated}


# --- Decisions, options, previews ----------------------------------------------------


class Decision(BaseModel):
    """Who must decide now, and who else may react at this point."""

    model_config = ConfigDict(frozen=True)
    side: str | None
    """The side that must act; None when the game is over."""
    prompt: str = ""
    """What that side is deciding, in the rule text's words ('play a card or release')."""
    reactors: tuple[str, ...] = ()
    """Sides that are not active but have legal reactions now (steal, overwatch...)."""
    player: str | None = None
    """The commander within the side who decides, where a side has several."""

    def may_act(self, side: str) -> bool:
        return side == self.side or side in self.reactors


class OptionSpec(BaseModel):
    """A switchable rule or a game setting the new-game screen offers."""

    model_config = ConfigDict(frozen=True)
    id: str
    label: str
    default: bool | int | str = False
    choices: tuple[str, ...] = ()
    """For a setting with named values (DHR's chip draw 'unit' or 'type')."""
    help: str = ""


TargetKind = Literal["none", "unit", "hex", "path", "choice"]
"""How an action kind is aimed: 'none' (nothing to aim: the action, or a letter choice when a
unit has several), 'unit' (a unit on the map, picked by its hex), 'hex' (a hex), 'path' (a hex
to go to; the action carries the way there), 'choice' (one of several options, by letter)."""

AIMED: tuple[TargetKind, ...] = ("unit", "hex", "path")
"""The target kinds the player aims on the map: a kind of these names the field it aims with."""


class ActionKind(BaseModel):
    """How the UI offers one kind of action: its key, its label, and how it is aimed."""

    model_config = ConfigDict(frozen=True)
    key: str
    """One key, unique within the rule set, not one of the map's own keys (see tui/keys); '' for a kind with no
    key of its own (offered in the command palette and the choice list only)."""
    label: str
    target: TargetKind
    field: str = ""
    """The action's field that says where it lands: a hex (`Hex`), a way (`list[Hex]`: its last hex), or a unit
    (its id, `str`, or the `Hex` it stands on). Required for an aimed kind (`AIMED`); a kind aimed by letter or
    not at all may name one, so the map can still show where it lands. Never guessed from field names."""

    @model_validator(mode="after")
    def _aimed_kind_names_its_field(self) -> ActionKind:
        if self.target in AIMED and not self.field:
            raise ValueError(f"action kind {self.label!r} is aimed at a {self.target}: name its field (field=...)")
        return self

    @property
    def needs_target(self) -> bool:
        """True when the player picks a hex or unit on the map after choosing the kind."""
        return self.target in AIMED

    def place(self, action: Action) -> Hex | str | None:
        """Where `action` lands, read from the declared field: a hex (a way's last hex), a unit id, or None."""
        if not self.field:
            return None
        value = getattr(action, self.field)
        if isinstance(value, list):
            return Hex(*value[-1]) if value else None
        if isinstance(value, tuple):
            return Hex(*value)
        return value or None

    def hex_of(self, action: Action) -> Hex | None:
        """The hex `action` lands on when its field holds one (a unit named by id has no hex here)."""
        place = self.place(action)
        return place if isinstance(place, Hex) else None


STYLES = ("plain", "open", "forest", "water", "hill", "building", "road", "rough")
"""The colour names a rule set may give its terrain (`TerrainInfo.style`); the map has a
style for each (TCSS may restyle them). Colour is an extra: glyphs and marks alone keep
the map readable."""


class TerrainInfo(BaseModel):
    """A terrain id's effects in words, for the legend and the unit card, and its look on the map.

    The rule set declares the look; the map and the legend draw what it says.
    Within a rule set no two ids share a glyph or mark (one symbol never means
    two things), and none is a letter (letters on the map are units) or a digit
    (heights).
    """

    model_config = ConfigDict(frozen=True)
    label: str
    effects: str = ""
    glyph: str = ""
    """The character drawn in a hex of this terrain ('' for ids never drawn as a hex's terrain:
    the map then uses the scenario's legend character)."""
    mark: str = ""
    """The character drawn on a hexside bearing this feature, or beside the terrain of a hex holding it."""
    style: str = "plain"
    """One of `STYLES`: the colour the map gives this terrain."""
    place: Literal["hex", "feature", "edge", ""] = ""
    """Where the scenario editor draws it: a hex's terrain, a feature in a hex, or on a hexside
    ('': a glyph means a hex's terrain, a mark a hex feature)."""
    impassable: bool = False
    """No unit may stand in a hex of this terrain (a scenario placing one there is refused)."""


class HexMark(BaseModel):
    """A marker on a hex that may hold no unit (a missile's target chit, a fire mission's impact point, smoke, a
    minefield), drawn on the map from one seat's view: `Ruleset.hex_marks(view, side)`, optional."""

    model_config = ConfigDict(frozen=True)
    at: Hex
    mark: str
    """One visible character, no letter or digit, declared in the rule set's `hex_mark_symbols` (or a terrain mark
    of the same meaning)."""
    label: str
    """The marker in words, for the status line and the legend."""


class Outcome(BaseModel):
    """One line of an odds preview: an outcome, its exact chance and what it does (rules/outcomes.py).

    The computer reads `units` and `sides`; a reader gets words made from them where they are shown, by the rule
    set's `outcome_words` (rules/contract.py) with the names of the reader's view."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)
    chance: Fraction
    label: str = ""
    """The name of an outcome with no effect ('no effect', 'misses', 'arrives at 3,4'); '' on one with effects."""
    units: tuple[UnitEffect, ...] = ()
    sides: tuple[SideEffect, ...] = ()
    event: str = ""
    """On an outcome with effects, what no effect says ('Hammer 1 HKP/3 hits: {effects}', '{effects} before 5,1
    (Crops, DV 1)'), with `{effects}` where the words of its effects go; '' is `{effects}` alone."""

    @property
    def percent(self) -> float:
        return float(self.chance) * 100


class Preview(BaseModel):
    """What an action will roll and the chance of each outcome."""

    model_config = ConfigDict(frozen=True)
    title: str
    dice: str = ""
    """What will be rolled, in words ('4d6 needing 4+, then 2d6 blocks needing 4+')."""
    modifiers: tuple[str, ...] = ()
    """Where those numbers come from, each modifier with its rule (`rules.modifiers.line`), the same
    lines the dice log will show."""
    outcomes: tuple[Outcome, ...] = ()
    notes: tuple[str, ...] = ()

    def shown(self) -> list[Outcome]:
        """The outcomes in the order to show them: likeliest first when they exclude each other (their
        chances add up to 1), else in the rule set's order (DHR: casualties, then morale, which overlap)."""
        outcomes = list(self.outcomes)
        if sum(o.chance for o in outcomes) == 1:
            outcomes.sort(key=lambda o: -o.chance)
        return outcomes


# --- Applying actions -----------------------------------------------------------------


class Context:
    """What `apply()` is handed: the dice and the list its events go to.

    Every roll made through `dice` is appended to `events` as a `Rolled` event at
    the moment it happens, so rolls and their consequences stay in order.
    """

    def __init__(self, dice_factory: Callable[[Callable], Dice]) -> None:
        self.events: list[Event] = []
        self.dice: Dice = dice_factory(lambda record: self.events.append(Rolled(record=record)))

    def emit(self, *events: Event) -> None:
        self.events.extend(events)


def __getattr__(name: str) -> Any:
    """`from rules.core import Ruleset` still works: the contract has its own module (rules/contract.py),
    which imports this one, so it is found when first asked for."""
    if name == "Ruleset":
        from rules.contract import Ruleset

        return Ruleset
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
