"""The TOML file format of scenarios and saves: pydantic models, limits, and conversion to `Setup`.

A scenario file describes a battle (board, sides, units, options, victory). A
save is the same scenario plus `[game]` (seed, chosen options, the action log in
text form, the app version) and `[snapshot]` (the rule set's state after the
last action, without the board). Only `format` and `version` drive loading; the
app version is written for people.

Coordinates in files are offset `[col, row]` (odd rows drawn half a hex to the
right); the engine uses axial `Hex(q, r)`. The conversion happens in
saves/schema_setup.py and only there (snapshots: saves/snapshots.py). The snapshot and the action texts are the engine's own dumps and so keep
axial coordinates.

Models are strict (TOML already has types: "3" is not a number) and forbid
unknown keys, so a misspelt key is reported (with a close match) instead of
silently ignored. Checks that need the whole document (rows of equal length,
hexes on the map, sides that exist) produce `Problem`s with field paths.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, field_validator, model_validator

from rules import registry
from rules.board import MAX_SIDE
from rules.dice import MAX_SEED as DICE_MAX_SEED
from rules.core import MAX_TEXT, MAX_UNITS, Setup, SideSetup, UnitSetup, VictoryCondition
from rules.hexgrid import Direction
from saves.errors import Problem, literal, problems_from_validation, shown

FORMAT = "hexwar"
VERSION = 3
"""The file format version this hexwar writes and reads up to (see migrations.py).
2: `ruleset_version` beside `version`; campaign files (`kind = "campaign"`).
3: a save's `[game.players]` (who plays each side: a person, or the computer and its level)."""

MAX_FILE_BYTES = 4 * 1024 * 1024
"""Files larger than this are refused before parsing."""
MAX_ACTIONS = 100_000
MAX_ACTION_TEXT = 2_000
MAX_DESCRIPTION = 4_000
MAX_ID = 40
MAX_LIST = 10_000
"""Longest list of board features, hexside features or victory hexes."""
MAX_SEED = 2**63 - 1

Id = Annotated[str, Field(min_length=1, max_length=MAX_ID)]
Text = Annotated[str, Field(max_length=MAX_TEXT)]
Coord = Annotated[list[int], Field(min_length=2, max_length=2)]
"""[col, row] in offset coordinates."""


class _FileModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


def _one_or_many(value: Any) -> Any:
    """`at = [3, 1]` and `at = [[3, 1], [4, 1]]` are both allowed."""
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return [value]
    return value


class EdgeEntry(_FileModel):
    """A hexside feature: the hex(es), the side of each hex, and the feature id."""

    at: Annotated[list[Coord], Field(min_length=1, max_length=MAX_LIST)]
    side: Direction
    feature: Id

    _many = field_validator("at", mode="before")(_one_or_many)


class FeatureEntry(_FileModel):
    """A hex feature (road, bridge, building...) standing in one or more hexes."""

    at: Annotated[list[Coord], Field(min_length=1, max_length=MAX_LIST)]
    feature: Id

    _many = field_validator("at", mode="before")(_one_or_many)


class BoardEntry(_FileModel):
    """The map as drawn: one string per row, each character a legend key."""

    legend: dict[str, Id]
    rows: Annotated[list[Annotated[str, Field(max_length=MAX_SIDE)]], Field(min_length=1, max_length=MAX_SIDE)]
    heights: list[str | list[int]] | None = None
    """One digit per hex (or a list of integers per row, for heights outside 0-9)."""
    edges: Annotated[list[EdgeEntry], Field(max_length=MAX_LIST)] = []
    features: Annotated[list[FeatureEntry], Field(max_length=MAX_LIST)] = []
    legend_made_up: Annotated[list[Id], Field(max_length=MAX_LIST)] = []
    """Terrain ids whose legend character was made up when a map built in code was saved:
    the loaded board carries no glyph for them, exactly like the board that was saved."""


class SideEntry(SideSetup):
    """A side: the core's id and name; any other key is the rule set's (checked by its `side_model`)."""

    model_config = ConfigDict(extra="allow", strict=True)


class UnitEntry(UnitSetup):
    """A unit: the core's fields, placed by [col, row]."""

    model_config = ConfigDict(extra="forbid", strict=True)
    at: Coord | None = None


class VictoryEntry(VictoryCondition):
    """A victory condition: the core's fields, hexes by [col, row] (one or many)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    hexes: Annotated[list[Coord], Field(max_length=MAX_LIST)] = []

    _many = field_validator("hexes", mode="before")(_one_or_many)


OptionValue = bool | int | str


class PlayerEntry(_FileModel):
    """Who plays a side (saves/players.py): a person, or the computer at a level."""

    player: Literal["person", "computer"]
    level: Literal["easy", "normal", "hard"] | None = None
    """The computer's level (absent: normal); a person has none."""


class BranchEntry(_FileModel):
    """`[game.branched_from]`: the game this one was branched from in a replay (saves/branch.py)."""

    file: Annotated[str, Field(max_length=MAX_TEXT)] = ""
    """The source file as it was named when the branch was made (for people; never opened by loading)."""
    action: Annotated[int, Field(ge=0, le=MAX_ACTIONS)]
    """The position it was branched at: after this many of the source's actions."""


class GameEntry(_FileModel):
    """`[game]` of a save: what, with the scenario, rebuilds the game exactly."""

    seed: int | Annotated[str, Field(pattern=r"^[0-9]{1,80}$")]
    """The dice seed, a whole number: one beyond TOML's 64-bit integers (a default seed has 128 bits)
    is written as its decimal text."""
    dice: Literal[1, 2] = 1
    """How the dice derive from the seed (rules/dice.py): 2, keyed. Absent (1): a save written before
    keyed dice, whose log replays with the old derivation."""
    options: dict[str, OptionValue] = {}
    """The options chosen for this game (the scenario's defaults overridden)."""
    actions: Annotated[list[Annotated[str, Field(max_length=MAX_ACTION_TEXT)]], Field(max_length=MAX_ACTIONS)] = []
    """The action log in text form, oldest first."""
    app_version: Annotated[str, Field(max_length=MAX_ID)] = ""
    """The hexwar that wrote the file (for people; `version` drives loading)."""
    solo: bool | None = None
    """F4's choice: true = solo play (no pass-the-keyboard screen), false = the screen on; absent: the app's
    default. Presentation only: it does not change the game."""
    players: Annotated[dict[Id, PlayerEntry], Field(max_length=8)] = {}
    """Side id -> who plays it (format 3); a side not listed is a person's. Does not change the game."""
    branched_from: BranchEntry | None = None
    """Where a branched game came from (optional: absent in every other save, so no format bump)."""

    @field_validator("seed")
    @classmethod
    def _seed_value(cls, value: int | str) -> int:
        number = int(value)
        if not 0 <= number <= DICE_MAX_SEED:
            raise ValueError("a seed is a whole number from 0 to 2**256-1")
        return number


class Document(Setup):
    """A whole scenario or save file: the core's `Setup`, drawn the file's way, in an envelope.

    Derived from `Setup` so the two never drift: only the board (a drawing), the
    [col, row] hexes and the envelope and save tables are the file's own.
    """

    model_config = ConfigDict(extra="forbid", strict=True)
    format: Literal["hexwar"]
    version: int
    kind: Literal["scenario", "save"]
    ruleset_version: Annotated[int, Field(ge=1)] = 1
    """The rule set's own version the file was written for (see migrations.py)."""
    teaching: bool = False
    """The rule set's teaching scenario (`hexwar new RULESET` opens it when no scenario is named)."""
    board: BoardEntry
    sides: Annotated[list[SideEntry], Field(min_length=2, max_length=8)]
    units: Annotated[list[UnitEntry], Field(max_length=MAX_UNITS)] = []
    victory: Annotated[list[VictoryEntry], Field(max_length=100)] = []
    game: GameEntry | None = None
    snapshot: dict[str, Any] | None = None
    start: dict[str, Any] | None = None
    """The position the action log starts from, when the game was resumed from an older save's
    snapshot (saves/resume.py); absent: the log starts at the scenario's opening."""
    _migrated: bool = PrivateAttr(default=False)

    @property
    def migrated(self) -> bool:
        """True when the file was older than this hexwar (its format or its rule set's version)
        and went through migration steps: its snapshot was written by other rules."""
        return self._migrated

    @model_validator(mode="after")
    def _kind_matches(self) -> Document:
        if self.kind == "save" and (self.game is None or self.snapshot is None):
            missing = "[game]" if self.game is None else "[snapshot]"
            raise ValueError(f"a save needs a {missing} table")
        return self


def declared_glyphs(ruleset_id: str) -> dict[str, str]:
    """Terrain id -> the glyph the registered rule set declares for it (none for an unknown rule set)."""
    try:
        terrain = registry.get(ruleset_id).terrain
    except registry.UnknownRuleset:
        return {}
    return {tid: info.glyph for tid, info in terrain.items() if info.glyph}


def ruleset_version(ruleset_id: str) -> int:
    """The version of a registered rule set's files (1 for an unknown rule set)."""
    try:
        return registry.get(ruleset_id).version
    except registry.UnknownRuleset:
        return 1


def validate_document(data: dict[str, Any], file: str | None) -> Document:
    """Validate parsed TOML into a `Document`, or raise `SaveError` with field paths."""
    from saves.errors import SaveError

    if data.get("kind") == "campaign":
        raise SaveError(file, Problem("kind", "is a campaign, not a scenario or a saved game (see saves/campaign.py)"))
    try:
        doc = Document.model_validate(data)
    except ValidationError as exc:
        raise SaveError(file, problems_from_validation(exc, Document)) from None
    # Steps that leave the rules' part alone (migrations.SAME_RULES) keep the exact replay check.
    doc._migrated = bool(getattr(data, "steps", ())) and not getattr(data, "replays_as_written", False)
    return doc


# --- The rule set's own vocabulary -------------------------------------------------------


def _close(word: str, names: list[str]) -> str:
    import difflib

    close = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    if close:
        return f"; did you mean '{close[0]}'?"
    return f" (known: {', '.join(names[:20]) or 'none'})"


def side_problems(doc: Document, ruleset: Any) -> list[Problem]:
    """Each side's own fields, checked by the rule set's `side_model` (`sides[1].leader`)."""
    model = ruleset.side_model
    known = [k for k in model.model_fields if k not in ("id", "name")]
    out: list[Problem] = []
    for i, side in enumerate(doc.sides):
        fields = {k: v for k, v in side.fields.items() if k not in ("army", "points", "deploy")}  # saves/army_sides.py
        for key in fields:
            if key not in model.model_fields:
                out.append(Problem(f"sides[{i}].{literal(key, 40)}", f"is not a side field of {ruleset.id}" + _close(key, known)))
        try:
            model.model_validate({"id": side.id, "name": side.name, **fields}, strict=True)
        except ValidationError as exc:
            out.extend(p for p in problems_from_validation(exc, model, ("sides", i)) if "is not a known key" not in p.expected)
    return out


def victory_problems(doc: Document | Setup, ruleset: Any) -> list[Problem]:
    """Victory kinds the rule set's victory check does not understand (its `victory_kinds`)."""
    kinds = ruleset.victory_kinds
    known = list(kinds)
    return [
        Problem(f"victory[{i}].kind", f"{shown(v.kind)} is not a victory kind of {ruleset.id} (known: {', '.join(known) or 'none'})")
        for i, v in enumerate(doc.victory) if v.kind not in kinds
    ]
