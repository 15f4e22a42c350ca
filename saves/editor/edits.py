"""The editor's edits: pure functions of a `Draft` returning a new one, or raising `EditRefused` (nothing changes).

Each checks what it can check alone (on the map, a known side, a known terrain id); the rest
(stats within limits, victory kinds...) is the rule set's and is reported by `problems()` the
way `hexwar verify` reports it, so an edit in progress is never blocked by a half-filled form.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from rules import registry
from rules.hexgrid import DIRECTIONS
from saves.editor.draft import Coord, Draft, SideDraft, UnitDraft, VictoryDraft, default_side_fields

MAX_HEIGHT = 1000
ID = re.compile(r"^[A-Za-z0-9_-]{1,40}$")


class EditRefused(ValueError):
    """An edit that cannot be made; the message says why in words."""


def _hex(d: Draft, at: Coord) -> Coord:
    at = (int(at[0]), int(at[1]))
    if not d.on_map(at):
        raise EditRefused(f"{list(at)} is off the {d.width}x{d.height} map")
    return at


def _known(d: Draft, tid: str, what: str) -> None:
    if tid not in registry.get(d.ruleset).terrain:
        raise EditRefused(f"{tid!r} is not a {what} of {d.ruleset}")


# --- the map -----------------------------------------------------------------------------


def paint(d: Draft, at: Coord, terrain: str) -> Draft:
    """Give a hex a terrain."""
    at = _hex(d, at)
    _known(d, terrain, "terrain")
    cells = list(d.terrain)
    cells[d.index(at)] = terrain
    return d.with_(terrain=tuple(cells))


def set_height(d: Draft, at: Coord, height: int) -> Draft:
    """Set a hex's elevation."""
    at = _hex(d, at)
    if not -MAX_HEIGHT <= height <= MAX_HEIGHT:
        raise EditRefused(f"a height is between -{MAX_HEIGHT} and {MAX_HEIGHT}, not {height}")
    cells = list(d.heights)
    cells[d.index(at)] = height
    return d.with_(heights=tuple(cells))


def toggle_feature(d: Draft, at: Coord, feature: str) -> Draft:
    """Put a hex feature (road, objective...) in a hex, or take it away if it is there."""
    at = _hex(d, at)
    _known(d, feature, "feature")
    key = (at, feature)
    return d.with_(features=d.features - {key} if key in d.features else d.features | {key})


def toggle_edge(d: Draft, at: Coord, side: str, feature: str) -> Draft:
    """Put a hexside feature (wall, hedge...) on one side of a hex, or take it away if it is there."""
    at = _hex(d, at)
    if side not in DIRECTIONS:
        raise EditRefused(f"a hexside is one of {', '.join(DIRECTIONS)}, not {side!r}")
    _known(d, feature, "hexside feature")
    key = (at, side, feature)
    return d.with_(edges=d.edges - {key} if key in d.edges else d.edges | {key})


# --- units -------------------------------------------------------------------------------


def _side(d: Draft, side: str) -> None:
    if side not in [s.id for s in d.sides]:
        raise EditRefused(f"there is no side {side!r} (sides: {', '.join(s.id for s in d.sides)})")


def free_id(d: Draft, side: str) -> str:
    """A new unit id: the side's first letter and the next free number (r1, r2...)."""
    taken = {u.id for u in d.units}
    stem = (side[:1] or "u").lower()
    n = 1
    while f"{stem}{n}" in taken:
        n += 1
    return f"{stem}{n}"


def add_unit(d: Draft, side: str, at: Coord | None, stats: dict[str, Any], name: str = "", kind: str = "",
             unit_id: str | None = None) -> Draft:
    """Place a new unit of a side (at None: off the map)."""
    _side(d, side)
    if at is not None:
        at = _hex(d, at)
    unit_id = unit_id or free_id(d, side)
    if not ID.match(unit_id) or d.unit(unit_id) is not None:
        raise EditRefused(f"unit id {unit_id!r} is taken or not letters, digits, _ and -")
    unit = UnitDraft(unit_id, side, name or kind or unit_id, kind, at, dict(stats))
    return d.with_(units=(*d.units, unit))


def update_unit(d: Draft, unit_id: str, **changes: Any) -> Draft:
    """Change a unit's name, kind, side or stats (the whole stats table)."""
    unit = d.unit(unit_id)
    if unit is None:
        raise EditRefused(f"there is no unit {unit_id!r}")
    unknown = set(changes) - {"name", "kind", "side", "stats"}
    if unknown:
        raise EditRefused(f"a unit has no field {sorted(unknown)[0]!r} to change here")
    if "side" in changes:
        _side(d, changes["side"])
    if "name" in changes and not str(changes["name"]).strip():
        raise EditRefused("a unit needs a name")
    new = replace(unit, **changes)
    return d.with_(units=tuple(new if u.id == unit_id else u for u in d.units))


def move_unit(d: Draft, unit_id: str, at: Coord | None) -> Draft:
    """Move a unit to another hex (None: off the map)."""
    unit = d.unit(unit_id)
    if unit is None:
        raise EditRefused(f"there is no unit {unit_id!r}")
    at = _hex(d, at) if at is not None else None
    return d.with_(units=tuple(replace(u, at=at) if u.id == unit_id else u for u in d.units))


def delete_unit(d: Draft, unit_id: str) -> Draft:
    if d.unit(unit_id) is None:
        raise EditRefused(f"there is no unit {unit_id!r}")
    return d.with_(units=tuple(u for u in d.units if u.id != unit_id))


# --- sides, victory, turns, names ------------------------------------------------------


def add_side(d: Draft, side_id: str, name: str) -> Draft:
    if not ID.match(side_id):
        raise EditRefused(f"a side id is letters, digits, _ and -, not {side_id!r}")
    if side_id in [s.id for s in d.sides]:
        raise EditRefused(f"there is already a side {side_id!r}")
    if len(d.sides) >= 8:
        raise EditRefused("a scenario has at most 8 sides")
    return d.with_(sides=(*d.sides, SideDraft(side_id, name or side_id, default_side_fields(d.ruleset))))


def update_side(d: Draft, side_id: str, name: str | None = None, fields: dict[str, Any] | None = None) -> Draft:
    """Rename a side or set its rule set's fields (QUAD's leader...)."""
    _side(d, side_id)
    if name is not None and not name.strip():
        raise EditRefused("a side needs a name")
    sides = tuple(
        replace(s, name=s.name if name is None else name, fields=s.fields if fields is None else dict(fields))
        if s.id == side_id else s for s in d.sides
    )
    return d.with_(sides=sides)


def remove_side(d: Draft, side_id: str) -> Draft:
    _side(d, side_id)
    if len(d.sides) <= 2:
        raise EditRefused("a scenario needs at least two sides")
    if any(u.side == side_id for u in d.units):
        raise EditRefused(f"side {side_id!r} still has units: delete or move them to another side first")
    victory = tuple(v for v in d.victory if v.side != side_id)
    return d.with_(sides=tuple(s for s in d.sides if s.id != side_id), victory=victory)


def add_victory(d: Draft, kind: str, side: str | None = None, hexes: tuple[Coord, ...] = (), turn: int | None = None,
                fraction: float | None = None, text: str = "") -> Draft:
    """Add a victory condition of one of the rule set's `victory_kinds`."""
    kinds = registry.get(d.ruleset).victory_kinds
    if kind not in kinds:
        raise EditRefused(f"{kind!r} is not a victory kind of {d.ruleset} (known: {', '.join(kinds)})")
    if side is not None:
        _side(d, side)
    hexes = tuple(_hex(d, h) for h in hexes)
    if turn is not None and not 0 <= turn <= 10_000:
        raise EditRefused(f"a turn is between 0 and 10000, not {turn}")
    if fraction is not None and not 0 <= fraction <= 1:
        raise EditRefused(f"a fraction is between 0 and 1, not {fraction}")
    return d.with_(victory=(*d.victory, VictoryDraft(kind, side, hexes, turn, fraction, text)))


def remove_victory(d: Draft, index: int) -> Draft:
    if not 0 <= index < len(d.victory):
        raise EditRefused(f"there is no victory condition {index + 1}")
    return d.with_(victory=d.victory[:index] + d.victory[index + 1:])


def set_turn_limit(d: Draft, turns: int | None) -> Draft:
    """The last turn of the game (None: no limit)."""
    if turns is not None and not 1 <= turns <= 10_000:
        raise EditRefused(f"the turn limit is between 1 and 10000, not {turns}")
    return d.with_(max_turns=turns)


def set_names(d: Draft, name: str | None = None, title: str | None = None, description: str | None = None) -> Draft:
    """The scenario's id (its file name), title and description."""
    if name is not None and not re.match(r"^[a-z0-9][a-z0-9_-]{0,39}$", name):
        raise EditRefused(f"a scenario name is lower-case letters, digits, - and _ (at most 40), not {name!r}")
    if title is not None and len(title) > 200:
        raise EditRefused("a title has at most 200 characters")
    if description is not None and len(description) > 4000:
        raise EditRefused("a description has at most 4000 characters")
    return d.with_(name=d.name if name is None else name, title=d.title if title is None else title,
                   description=d.description if description is None else description)


def set_options(d: Draft, options: dict[str, Any]) -> Draft:
    """The scenario's `[options]`: the rule set's option ids, each with a value of its default's type."""
    from saves.checks import option_problems

    problems = option_problems(options, registry.get(d.ruleset), "options")
    if problems:
        raise EditRefused(problems[0].text())
    return d.with_(options=dict(options))


def resize(d: Draft, width: int, height: int) -> Draft:
    """Another size: hexes kept where the two overlap, new ones of the rule set's first terrain, flat;
    units, features, hexsides and victory hexes beyond the new edge are dropped (undo brings them back)."""
    from saves.editor.draft import hex_terrains

    if not (1 <= width <= 200 and 1 <= height <= 200):
        raise EditRefused(f"the map must be 1 to 200 hexes each way, not {width}x{height}")
    ground = hex_terrains(d.ruleset)[0]
    inside = lambda at: at is not None and 0 <= at[0] < width and 0 <= at[1] < height  # noqa: E731
    terrain = tuple(d.terrain_at((c, r)) if d.on_map((c, r)) else ground for r in range(height) for c in range(width))
    heights = tuple(d.height_at((c, r)) if d.on_map((c, r)) else 0 for r in range(height) for c in range(width))
    victory = tuple(replace(v, hexes=tuple(h for h in v.hexes if inside(h))) for v in d.victory)
    return d.with_(
        width=width, height=height, terrain=terrain, heights=heights,
        features=frozenset(f for f in d.features if inside(f[0])), edges=frozenset(e for e in d.edges if inside(e[0])),
        units=tuple(u for u in d.units if u.at is None or inside(u.at)), victory=victory,
    )
