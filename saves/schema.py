"""The TOML file format of scenarios and saves: pydantic models, limits, and conversion to `Setup`.

A scenario file describes a battle (board, sides, units, options, victory). A
save is the same scenario plus `[game]` (seed, chosen options, the action log in
text form, the app version) and `[snapshot]` (the rule set's state after the
last action, without the board). Only `format` and `version` drive loading; the
app version is written for people.

Coordinates in files are offset `[col, row]` (odd rows drawn half a hex to the
right); the engine uses axial `Hex(q, r)`. The conversion happens here and only
here. The snapshot and the action texts are the engine's own dumps and so keep
axial coordinates.

Models are strict (TOML already has types: "3" is not a number) and forbid
unknown keys, so a misspelt key is reported (with a close match) instead of
silently ignored. Checks that need the whole document (rows of equal length,
hexes on the map, sides that exist) produce `Problem`s with field paths.
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, field_validator, model_validator

from rules import registry
from rules.board import MAX_SIDE, Board, EdgeFeature, HexFeature
from rules.dice import MAX_SEED as DICE_MAX_SEED
from rules.core import MAX_TEXT, MAX_UNITS, GameState, Setup, SideSetup, UnitSetup, VictoryCondition
from rules.hexgrid import Direction, Hex, from_offset, to_offset
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


# --- File -> Setup -----------------------------------------------------------------------


def _hex(coord: list[int]) -> Hex:
    return from_offset(coord[0], coord[1])


def _on_map(coord: list[int], width: int, height: int) -> bool:
    return 0 <= coord[0] < width and 0 <= coord[1] < height


def board_from_entry(entry: BoardEntry) -> tuple[Board | None, list[Problem]]:
    """Build the `Board`, or say (with paths) what is wrong with the drawing."""
    problems: list[Problem] = []
    for key in entry.legend:
        if len(key) != 1 or not key.isprintable() or key.isspace():
            problems.append(Problem(f"board.legend.{literal(key, 10)}", "a legend key must be one visible character"))
    width = len(entry.rows[0])
    height = len(entry.rows)
    if width == 0:
        problems.append(Problem("board.rows[0]", "the row is empty"))
    terrain: list[str] = []
    for r, row in enumerate(entry.rows):
        if len(row) != width:
            problems.append(Problem(f"board.rows[{r}]", f"expected {width} characters like row 0, got {len(row)}"))
            continue
        for c, ch in enumerate(row):
            tid = entry.legend.get(ch)
            if tid is None:
                known = "".join(sorted(entry.legend))
                problems.append(Problem(
                    f"board.rows[{r}]", f"column {c}: {shown(ch)} is not in the legend (known: {literal(known, 40)})"
                ))
                break
            terrain.append(tid)
    elevation: list[int] = []
    if entry.heights is not None:
        if len(entry.heights) != height:
            problems.append(Problem("board.heights", f"expected {height} rows like board.rows, got {len(entry.heights)}"))
        else:
            for r, row in enumerate(entry.heights):
                values = [int(ch) if ch.isdigit() and ch.isascii() else None for ch in row] if isinstance(row, str) else list(row)
                if len(values) != width:
                    problems.append(Problem(f"board.heights[{r}]", f"expected {width} heights, got {len(values)}"))
                elif None in values:
                    problems.append(Problem(f"board.heights[{r}]", f"expected one digit 0-9 per hex, got {shown(row)}"))
                elif any(abs(v) > 1000 for v in values):
                    problems.append(Problem(f"board.heights[{r}]", "expected heights between -1000 and 1000"))
                else:
                    elevation.extend(values)  # type: ignore[arg-type]
    features: list[HexFeature] = []
    for i, f in enumerate(entry.features):
        for j, at in enumerate(f.at):
            if not _on_map(at, width, height):
                problems.append(Problem(f"board.features[{i}].at[{j}]", f"{at} is off the {width}x{height} map"))
            else:
                features.append(HexFeature(at=_hex(at), feature=f.feature))
    edges: list[EdgeFeature] = []
    for i, e in enumerate(entry.edges):
        for j, at in enumerate(e.at):
            if not _on_map(at, width, height):
                problems.append(Problem(f"board.edges[{i}].at[{j}]", f"{at} is off the {width}x{height} map"))
            else:
                edges.append(EdgeFeature(at=_hex(at), side=e.side, feature=e.feature))
    if problems:
        return None, problems
    glyphs: dict[str, str] = {}
    made_up = set(entry.legend_made_up)
    for ch, tid in entry.legend.items():
        if tid not in made_up:
            glyphs.setdefault(tid, ch)
    has_height = any(elevation)
    board = Board(
        width=width, height=height, terrain=tuple(terrain),
        elevation=tuple(elevation) if has_height else (),
        features=tuple(features), edges=tuple(edges), glyphs=glyphs,
    )
    return board, []


def setup_from_document(doc: Document) -> tuple[Setup | None, list[Problem]]:
    """The scenario of a file as the rules see it (offset -> axial), or the problems found."""
    board, problems = board_from_entry(doc.board)
    # A broken drawing still has a size (row 0's width): hexes off it are reported with the rest.
    width, height = (board.width, board.height) if board else (len(doc.board.rows[0]), len(doc.board.rows))
    side_ids = [s.id for s in doc.sides]
    seen: set[str] = set()
    for i, s in enumerate(doc.sides):
        if s.id in seen:
            problems.append(Problem(f"sides[{i}].id", f"side {shown(s.id)} appears twice"))
        seen.add(s.id)
    seen = set()
    for i, u in enumerate(doc.units):
        if u.id in seen:
            problems.append(Problem(f"units[{i}].id", f"unit {shown(u.id)} appears twice"))
        seen.add(u.id)
        if u.side not in side_ids:
            problems.append(Problem(f"units[{i}].side", f"expected one of the sides {side_ids}, got {shown(u.side)}"))
        if u.at is not None and not _on_map(u.at, width, height):
            problems.append(Problem(f"units[{i}].at", f"{u.at} is off the {width}x{height} map"))
    for i, v in enumerate(doc.victory):
        if v.side is not None and v.side not in side_ids:
            problems.append(Problem(f"victory[{i}].side", f"expected one of the sides {side_ids}, got {shown(v.side)}"))
        for j, at in enumerate(v.hexes):
            if not _on_map(at, width, height):
                problems.append(Problem(f"victory[{i}].hexes[{j}]", f"{at} is off the {width}x{height} map"))
    army_units, army_problems = _army_units(doc, width, height)
    problems += army_problems
    if problems or board is None:
        return None, problems
    try:
        setup = Setup(
            ruleset=doc.ruleset, name=doc.name, title=doc.title, description=doc.description,
            board=board,
            sides=[SideSetup(id=s.id, name=s.name, **{k: v for k, v in s.fields.items() if k not in ("army", "points", "deploy")})
                   for s in doc.sides],
            units=[
                UnitSetup(id=u.id, side=u.side, name=u.name, kind=u.kind,
                          at=_hex(u.at) if u.at is not None else None, stats=dict(u.stats))
                for u in doc.units
            ] + army_units,
            options=dict(doc.options),
            victory=[
                VictoryCondition(kind=v.kind, side=v.side, hexes=[_hex(h) for h in v.hexes],
                                 turn=v.turn, fraction=v.fraction, text=v.text)
                for v in doc.victory
            ],
            max_turns=doc.max_turns,
        )
    except ValidationError as exc:
        return None, problems_from_validation(exc, Setup)
    return setup, []


def _army_units(doc: Document, width: int, height: int) -> tuple[list[UnitSetup], list[Problem]]:
    """The units of sides that read an army file (`[[sides]] army = ...`, saves/army_sides.py)."""
    from saves.army_sides import army_units, side_army
    from saves.errors import SaveError

    units: list[UnitSetup] = []
    problems: list[Problem] = []
    taken = {u.id for u in doc.units}
    for i, s in enumerate(doc.sides):
        spec, bad = side_army(s.id, s.fields, f"sides[{i}]")
        problems += bad
        if spec is None:
            continue
        problems += [Problem(f"sides[{i}].deploy[{j}]", f"{at} is off the {width}x{height} map")
                     for j, at in enumerate(spec.deploy) if not _on_map(at, width, height)]
        if spec.army is None:
            continue
        try:
            more = army_units(doc.ruleset, spec, taken=taken)
        except SaveError as exc:
            problems.append(Problem(f"sides[{i}].army", exc.first.expected))
            continue
        taken |= {u.id for u in more}
        units += more
    return units, problems


# --- Setup -> file -------------------------------------------------------------------------

_GLYPH_POOL = (
    ".FHWRSMBTVCDGLPOX#~^%&*+=:;,-_!?@$"
    "abcdefghijklmnopqrstuvwxyzAEIJKNQUYZ0123456789"
)


def _usable_glyph(ch: str | None) -> bool:
    return bool(ch) and len(ch) == 1 and ch.isprintable() and not ch.isspace()  # type: ignore[arg-type]


def board_to_entry(board: Board, glyphs: dict[str, str] | None = None) -> dict[str, Any]:
    """The board as the file draws it: a legend, rows of characters, heights, features.

    A terrain the board carries no character for is drawn with `glyphs` (the rule set's
    declared glyphs), else its initial, else a free character (listed in `legend_made_up`)."""
    glyphs = glyphs or {}
    by_id: dict[str, str] = {}
    used: set[str] = set()
    for tid, ch in board.glyphs.items():
        if _usable_glyph(ch) and ch not in used:
            by_id[tid] = ch
            used.add(ch)
    pool = iter(c for c in _GLYPH_POOL if c not in used)
    for tid in dict.fromkeys(board.terrain):
        if tid in by_id:
            continue
        wishes = [glyphs.get(tid, ""), tid[:1].upper(), tid[:1].lower()]
        ch = next((w for w in wishes if _usable_glyph(w) and w not in used), None) or next(c for c in pool if c not in used)
        by_id[tid] = ch
        used.add(ch)
    w = board.width
    rows = ["".join(by_id[t] for t in board.terrain[r * w:(r + 1) * w]) for r in range(board.height)]
    out: dict[str, Any] = {"legend": {ch: tid for tid, ch in by_id.items()}, "rows": rows}
    made_up = [tid for tid in by_id if board.glyphs.get(tid) != by_id[tid]]
    if made_up:
        out["legend_made_up"] = made_up
    if board.elevation and any(board.elevation):
        grid = [list(board.elevation[r * w:(r + 1) * w]) for r in range(board.height)]
        if all(0 <= v <= 9 for v in board.elevation):
            out["heights"] = ["".join(str(v) for v in row) for row in grid]
        else:
            out["heights"] = grid
    if board.edges:
        out["edges"] = [{"at": list(to_offset(e.at)), "side": e.side, "feature": e.feature} for e in board.edges]
    if board.features:
        grouped: dict[str, list[list[int]]] = {}
        for f in board.features:
            grouped.setdefault(f.feature, []).append(list(to_offset(f.at)))
        out["features"] = [{"at": at, "feature": feature} for feature, at in grouped.items()]
    return out


def document_from_setup(setup: Setup, kind: Literal["scenario", "save"] = "scenario") -> dict[str, Any]:
    """The scenario part of a file (everything but `[game]` and `[snapshot]`), as plain TOML data."""
    doc: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "kind": kind,
        "ruleset": setup.ruleset, "ruleset_version": ruleset_version(setup.ruleset), "name": setup.name,
    }
    if setup.title:
        doc["title"] = setup.title
    if setup.description:
        doc["description"] = setup.description
    if setup.max_turns is not None:
        doc["max_turns"] = setup.max_turns
    doc["board"] = board_to_entry(setup.board, declared_glyphs(setup.ruleset))
    doc["options"] = dict(setup.options)
    sides = []
    for s in setup.sides:
        sides.append({"id": s.id, "name": s.name, **plain(s.fields)})
    doc["sides"] = sides
    units = []
    for u in setup.units:
        unit: dict[str, Any] = {"id": u.id, "side": u.side, "name": u.name}
        if u.kind:
            unit["kind"] = u.kind
        if u.at is not None:
            unit["at"] = list(to_offset(u.at))
        unit["stats"] = plain(u.stats)
        units.append(unit)
    doc["units"] = units
    victory = []
    for v in setup.victory:
        entry: dict[str, Any] = {"kind": v.kind}
        if v.side is not None:
            entry["side"] = v.side
        if v.hexes:
            entry["hexes"] = [list(to_offset(h)) for h in v.hexes]
        if v.turn is not None:
            entry["turn"] = v.turn
        if v.fraction is not None:
            entry["fraction"] = v.fraction
        if v.text:
            entry["text"] = v.text
        victory.append(entry)
    doc["victory"] = victory
    return doc


def setup_from_state(state: GameState) -> Setup:
    """A best-effort scenario rebuilt from a game's opening state (when the service kept no Setup)."""
    units = []
    for u in state.units.values():
        stats = getattr(u, "stats", None)
        raw = stats.model_dump(exclude_none=True) if isinstance(stats, BaseModel) else dict(stats or {})
        units.append(UnitSetup(id=u.id, side=u.side, name=u.name, kind=u.kind, at=u.at, stats=raw))
    return Setup(
        ruleset=state.ruleset, name=state.scenario or "game", board=state.board,
        sides=[SideSetup(**s.model_dump()) for s in state.sides],
        units=units, options={}, victory=list(state.victory), max_turns=state.max_turns,
    )


# --- Snapshots ----------------------------------------------------------------------------


def plain(value: Any) -> Any:
    """Data TOML can hold, the same way every time: no None (dropped from tables, "null" in
    lists), tuples and sets as lists (sets sorted), keys as text, Fractions as "n/d" text."""
    if isinstance(value, BaseModel):
        value = value.model_dump()
    if isinstance(value, dict):
        return {_key(k): plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return ["null" if v is None else plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((plain(v) for v in value), key=repr)
    if isinstance(value, Enum):
        return plain(value.value)
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, int) and not isinstance(value, bool) and not -2**63 <= value < 2**63:
        return str(value)  # beyond TOML's integers (a 128-bit seed): its decimal text
    return value


def _key(k: Any) -> str:
    if isinstance(k, str):
        return k
    if isinstance(k, Hex):
        return str(k)
    return str(k)


BOARD_DIGEST = "board_digest"
"""The snapshot's fingerprint of the board (issue 9, item 6); saves written before it lack it."""

_DIGESTS: dict[int, tuple[Board, str]] = {}
"""id(board) -> (board, digest): boards are frozen and shared, and autosave runs after every action."""


def board_digest(board: Board) -> str:
    """SHA-256 of what the board decides (size, terrain, elevation, features, edges; glyphs are display only)."""
    hit = _DIGESTS.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    import hashlib
    import json

    deciding = plain(board.model_dump(exclude={"glyphs"}))
    text = json.dumps(deciding, sort_keys=True, separators=(",", ":"), default=str)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    if len(_DIGESTS) >= 16:
        _DIGESTS.clear()
    _DIGESTS[id(board)] = (board, digest)
    return digest


def snapshot_of(state: GameState) -> dict[str, Any]:
    """The state as a save's `[snapshot]` holds it, TOML-ready: the board (which the scenario
    part of the file holds) as its digest, so an edited map or legend is noticed on loading."""
    snap = plain(state.model_dump(exclude={"board"}))
    snap[BOARD_DIGEST] = board_digest(state.board)
    return snap


class _Absent:
    def __repr__(self) -> str:
        return "(absent)"


ABSENT = _Absent()
"""Stands for a field one of the two snapshots does not have."""


def first_difference(a: Any, b: Any, path: str = "", shared_only: bool = False) -> tuple[str, Any, Any] | None:
    """The first place two snapshots differ: (dotted path, value in a, value in b); ABSENT for a missing field.

    `shared_only` compares only the fields both have: for a snapshot written by an older
    version of the rules (a migrated file), whose state may have had other fields.
    """
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            sub = f"{path}.{k}" if path else str(k)
            if k not in a or k not in b:
                if shared_only:
                    continue
                return (sub, ABSENT, b[k]) if k not in a else (sub, a[k], ABSENT)
            d = first_difference(a[k], b[k], sub, shared_only)
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{path}[{i}]", shared_only)
            if d:
                return d
        if len(a) != len(b):
            return f"{path} (length)", len(a), len(b)
        return None
    if type(a) is not type(b) or a != b:
        return path, a, b
    return None

