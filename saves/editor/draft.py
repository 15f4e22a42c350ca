"""The scenario being edited (`Draft`): plain frozen data in the file's own terms ([col, row] hexes).

A draft is never changed in place: every edit (saves/editor/edits.py) returns a new one, so undo
is a list of drafts. It converts to and from the TOML data of a scenario file (FORMAT.md), so the
map stays readable rows of text, and loading an edited file goes through the usual checks.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from rules import registry
from rules.board import Board, EdgeFeature, HexFeature
from rules.hexgrid import from_offset
from saves.schema import FORMAT, VERSION, Document, declared_glyphs, ruleset_version
from saves.snapshots import plain

Coord = tuple[int, int]
"""[col, row] in offset coordinates, as in the file."""


@dataclass(frozen=True)
class SideDraft:
    id: str
    name: str
    fields: dict[str, Any] = field(default_factory=dict)
    """The rule set's own side fields (QUAD's leader, DHR's players...)."""


@dataclass(frozen=True)
class UnitDraft:
    id: str
    side: str
    name: str
    kind: str = ""
    at: Coord | None = None
    stats: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class VictoryDraft:
    kind: str
    side: str | None = None
    hexes: tuple[Coord, ...] = ()
    turn: int | None = None
    fraction: float | None = None
    text: str = ""


@dataclass(frozen=True)
class Draft:
    """A whole scenario: the envelope, the map (terrain ids row by row), sides, units, victory."""

    ruleset: str
    name: str
    width: int
    height: int
    terrain: tuple[str, ...]
    heights: tuple[int, ...]
    features: frozenset[tuple[Coord, str]] = frozenset()
    edges: frozenset[tuple[Coord, str, str]] = frozenset()
    """(hex, side, feature): a hexside feature seen from that hex."""
    sides: tuple[SideDraft, ...] = ()
    units: tuple[UnitDraft, ...] = ()
    victory: tuple[VictoryDraft, ...] = ()
    title: str = ""
    description: str = ""
    max_turns: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    legend: dict[str, str] = field(default_factory=dict)
    """Terrain id -> the character the file it came from used (kept, so a re-saved map reads the same)."""

    def index(self, at: Coord) -> int:
        return at[1] * self.width + at[0]

    def on_map(self, at: Coord) -> bool:
        return 0 <= at[0] < self.width and 0 <= at[1] < self.height

    def terrain_at(self, at: Coord) -> str:
        return self.terrain[self.index(at)]

    def height_at(self, at: Coord) -> int:
        return self.heights[self.index(at)]

    def units_at(self, at: Coord) -> list[UnitDraft]:
        return [u for u in self.units if u.at == at]

    def unit(self, unit_id: str) -> UnitDraft | None:
        return next((u for u in self.units if u.id == unit_id), None)

    def with_(self, **changes: Any) -> Draft:
        return replace(self, **changes)


def blank(ruleset: str, width: int, height: int, name: str = "new-scenario") -> Draft:
    """A new map of one terrain (the rule set's first hex terrain) with two sides and no units."""
    rid = registry.resolve(ruleset)
    if not (1 <= width <= 200 and 1 <= height <= 200):
        raise ValueError(f"the map must be 1 to 200 hexes each way, not {width}x{height}")
    ground = hex_terrains(rid)[0]
    sides = (SideDraft("red", "Red", default_side_fields(rid)), SideDraft("blue", "Blue", default_side_fields(rid)))
    return Draft(ruleset=rid, name=name, width=width, height=height, terrain=(ground,) * (width * height),
                 heights=(0,) * (width * height), sides=sides, title=name.replace("-", " ").title())


def hex_terrains(ruleset: str) -> list[str]:
    """The rule set's terrain ids drawn as a hex's terrain (a glyph, or `place = "hex"`)."""
    info = registry.get(ruleset).terrain
    drawn = [t for t, i in info.items() if i.place == "hex" or (not i.place and i.glyph)]
    # A rule set whose terrains leave their glyphs to each map (the tests' toy) still has hexes to paint.
    return drawn or [t for t, i in info.items() if i.place not in ("edge", "feature")]


def feature_kinds(ruleset: str, where: str) -> list[str]:
    """The rule set's hex features (`where="feature"`) or hexside features (`where="edge"`)."""
    info = registry.get(ruleset).terrain
    if where == "edge":
        return [t for t, i in info.items() if i.place == "edge"]
    return [t for t, i in info.items() if i.place == "feature" or (not i.place and i.mark and not i.glyph)]


def default_side_fields(ruleset: str) -> dict[str, Any]:
    """The rule set's side fields that have no default, given the least value its model accepts."""
    model = registry.get(ruleset).side_model
    out: dict[str, Any] = {}
    for key, f in model.model_fields.items():
        if key in ("id", "name") or not f.is_required():
            continue
        if f.annotation is int:
            low = next((getattr(m, "ge", None) for m in f.metadata if getattr(m, "ge", None) is not None), 1)
            out[key] = max(low, 1)
        elif f.annotation is str:
            out[key] = ""
    return out


# --- file data <-> draft -----------------------------------------------------------------


def from_document(doc: Document) -> Draft:
    """The draft of a (valid) scenario file; a save's scenario part is taken as it is."""
    rows, legend = doc.board.rows, doc.board.legend
    width, height = len(rows[0]), len(rows)
    terrain = tuple(legend[ch] for row in rows for ch in row)
    heights: list[int] = []
    for row in doc.board.heights or ["0" * width] * height:
        heights.extend(int(ch) for ch in row) if isinstance(row, str) else heights.extend(row)
    features = frozenset(((a[0], a[1]), f.feature) for f in doc.board.features for a in f.at)
    edges = frozenset(((a[0], a[1]), e.side, e.feature) for e in doc.board.edges for a in e.at)
    kept = {tid: ch for ch, tid in legend.items() if tid not in doc.board.legend_made_up}
    return Draft(
        ruleset=doc.ruleset, name=doc.name, width=width, height=height, terrain=terrain, heights=tuple(heights),
        features=features, edges=edges,
        sides=tuple(SideDraft(s.id, s.name, dict(s.fields)) for s in doc.sides),
        units=tuple(UnitDraft(u.id, u.side, u.name, u.kind, (u.at[0], u.at[1]) if u.at else None, dict(u.stats))
                    for u in doc.units),
        victory=tuple(VictoryDraft(v.kind, v.side, tuple((h[0], h[1]) for h in v.hexes), v.turn, v.fraction, v.text)
                      for v in doc.victory),
        title=doc.title, description=doc.description, max_turns=doc.max_turns, options=dict(doc.options),
        legend=kept,
    )


_POOL = ".&#~@%,;:'\"*^=+-_!?$()[]{}<>|/\\`abcdefghijkmnopqrstuvwxyz"


def legend_of(draft: Draft) -> dict[str, str]:
    """Terrain id -> one character for the file: the one it had, the rule set's glyph, else a free one."""
    glyphs = declared_glyphs(draft.ruleset)
    out: dict[str, str] = {}
    used: set[str] = set()
    for tid in dict.fromkeys(draft.terrain):
        wishes = [draft.legend.get(tid, ""), glyphs.get(tid, ""), *_POOL]
        ch = next(w for w in wishes if len(w) == 1 and w not in used and not w.isspace())
        out[tid] = ch
        used.add(ch)
    return out


def to_data(draft: Draft) -> dict[str, Any]:
    """The scenario file's TOML data (FORMAT.md): the map as rows of legend characters."""
    legend = legend_of(draft)
    w = draft.width
    board: dict[str, Any] = {
        "legend": {ch: tid for tid, ch in legend.items()},
        "rows": ["".join(legend[t] for t in draft.terrain[r * w:(r + 1) * w]) for r in range(draft.height)],
    }
    if any(draft.heights):
        grid = [list(draft.heights[r * w:(r + 1) * w]) for r in range(draft.height)]
        digits = all(0 <= v <= 9 for v in draft.heights)
        board["heights"] = ["".join(map(str, row)) for row in grid] if digits else grid
    if draft.features:
        grouped: dict[str, list[list[int]]] = {}
        for at, feature in sorted(draft.features, key=lambda f: (f[1], f[0][1], f[0][0])):
            grouped.setdefault(feature, []).append(list(at))
        board["features"] = [{"at": at, "feature": f} for f, at in grouped.items()]
    if draft.edges:
        sided: dict[tuple[str, str], list[list[int]]] = {}
        for at, side, f in sorted(draft.edges, key=lambda e: (e[2], e[1], e[0][1], e[0][0])):
            sided.setdefault((f, side), []).append(list(at))
        board["edges"] = [{"at": at, "side": side, "feature": f} for (f, side), at in sided.items()]
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "kind": "scenario", "ruleset": draft.ruleset,
                            "ruleset_version": ruleset_version(draft.ruleset), "name": draft.name}
    if draft.title:
        data["title"] = draft.title
    if draft.description:
        data["description"] = draft.description
    if draft.max_turns is not None:
        data["max_turns"] = draft.max_turns
    data["board"] = board
    data["options"] = dict(draft.options)
    data["sides"] = [{"id": s.id, "name": s.name, **plain(s.fields)} for s in draft.sides]
    data["units"] = [_unit_data(u) for u in draft.units]
    data["victory"] = [_victory_data(v) for v in draft.victory]
    return data


def _unit_data(u: UnitDraft) -> dict[str, Any]:
    out: dict[str, Any] = {"id": u.id, "side": u.side, "name": u.name}
    if u.kind:
        out["kind"] = u.kind
    if u.at is not None:
        out["at"] = list(u.at)
    out["stats"] = plain(u.stats)
    return out


def _victory_data(v: VictoryDraft) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": v.kind}
    if v.side is not None:
        out["side"] = v.side
    if v.hexes:
        out["hexes"] = [list(h) for h in v.hexes]
    for key in ("turn", "fraction"):
        if getattr(v, key) is not None:
            out[key] = getattr(v, key)
    if v.text:
        out["text"] = v.text
    return out


def board_of(draft: Draft) -> Board:
    """The map as the engine's `Board` (axial hexes), for drawing it."""
    legend = legend_of(draft)
    return Board(
        width=draft.width, height=draft.height, terrain=draft.terrain,
        elevation=draft.heights if any(draft.heights) else (),
        features=tuple(HexFeature(at=from_offset(*at), feature=f) for at, f in sorted(draft.features)),
        edges=tuple(EdgeFeature(at=from_offset(*at), side=s, feature=f) for at, s, f in sorted(draft.edges)),
        glyphs=legend,
    )
