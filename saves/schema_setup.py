"""Scenario and save files <-> `Setup`: the board's rows and legend, units on the map, armies.

Split from saves/schema.py (the file's models and limits). Coordinates in files are
offset `[col, row]`; the engine uses axial `Hex(q, r)`: the conversion happens here and only here.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ValidationError

from rules.board import Board, EdgeFeature, HexFeature
from rules.core import GameState, Setup, SideSetup, UnitSetup, VictoryCondition
from rules.hexgrid import Hex, from_offset, to_offset
from saves.errors import Problem, literal, problems_from_validation, shown
from saves.schema import FORMAT, VERSION, BoardEntry, Document, declared_glyphs, ruleset_version
from saves.snapshots import plain


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
