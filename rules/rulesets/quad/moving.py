"""QUAD movement: the hexes a unit can reach within its Speed (QUAD-A19), checking a path with a
refusal that names the real problem, and walking it with difficult terrain attacking on entry
(QUAD-A02)."""

from __future__ import annotations

from rules.core import Context, Refusal
from rules.events import Moved
from rules.hexgrid import Hex, path_to, reachable
from rules.rulesets.quad import procedures as proc
from rules.rulesets.quad import terrain as ter
from rules.rulesets.quad.state import QuadState
from rules.rulesets.quad.units import QuadUnit
from rules.words import count, plural_name, with_verb


def _blocked_for_move(state: QuadState, occupied: dict[Hex, object]):
    board = state.board

    def cost(a: Hex, b: Hex):
        if b in occupied or not ter.passable(board, b):
            return None
        return 1  # every hex costs 1 Speed, difficult or not (QUAD-A19)

    return cost


def _moves(state: QuadState, unit: QuadUnit, occupied) -> dict[Hex, list[Hex]]:
    """Destination -> path (start excluded) for every hex the unit can reach within Speed.

    Every hex costs 1 (QUAD-A19); among paths of equal length, one with fewer
    difficult hexes is preferred (a tiny extra cost, below one hex).
    """
    board, specials = state.board, unit.stats.specials
    width, height, cells, elev = board.width, board.height, board.terrain, board.elevation
    effects = ter.EFFECTS
    tiny = 1 / (8 * (unit.stats.speed + 1))

    def index(h: Hex) -> int:
        col = h.q + (h.r - (h.r & 1)) // 2
        return h.r * width + col if 0 <= col < width and 0 <= h.r < height else -1

    def cost(a: Hex, b: Hex):
        if b in occupied:
            return None
        i = index(b)
        if i < 0:
            return None
        eff = effects.get(cells[i], effects["open"])
        if not eff.passable:
            return None
        hard = eff.difficult and (eff.ignored_by is None or eff.ignored_by not in specials)
        if not hard and elev and elev[i] > elev[index(a)]:
            hard = True
        return 1 + tiny if hard else 1

    came = reachable(unit.at, unit.stats.speed + 0.5, cost)
    out = {}
    for h in came:
        if h != unit.at:
            path = path_to(came, h)
            if len(path) - 1 <= unit.stats.speed:
                out[h] = path[1:]
    return out


def _check_path(state: QuadState, unit: QuadUnit, path: list[Hex], occupied) -> list[Hex]:
    """The path without its start, or a refusal that names the real problem, destination first."""
    path = [Hex(*h) for h in path]
    if path and path[0] == unit.at:
        path = path[1:]
    if not path:
        raise Refusal(f"{with_verb(unit.name, 'is', 'are')} already at {unit.at}: choose another hex")
    speed = unit.stats.speed
    dest = path[-1]
    _check_enterable(state, unit, dest, occupied)
    if unit.at.distance(dest) > speed:
        raise Refusal(f"{unit.name} cannot reach {dest} with Speed {speed} "
                      f"({unit.at.distance(dest)} hexes away)")
    if _walkable(state, unit, path, occupied):
        return path  # the usual case: no need to find every hex the unit could reach
    moves = _moves(state, unit, occupied)
    if dest not in moves:
        raise Refusal(f"{unit.name} cannot reach {dest} with Speed {speed}: the way is blocked")
    if len(path) > speed:
        raise Refusal(f"{with_verb(unit.name, 'moves', 'move')} at most {count(speed, 'hex')} (Speed {speed}); this path is {count(len(path), 'hex')}")
    here = unit.at
    for h in path:
        if here.distance(h) != 1:
            raise Refusal(f"the path jumps from {here} to {h}, which are not next to each other")
        _check_enterable(state, unit, h, occupied, on_the_way=h != dest)
        here = h
    return path


def _walkable(state: QuadState, unit: QuadUnit, path: list[Hex], occupied) -> bool:
    """The path is one the unit may take as it is: within Speed, each step to a free, passable hex next to the
    last (what `_moves` would find a way through). Else `_check_path` looks for the refusal that says why."""
    if len(path) > unit.stats.speed:
        return False
    here = unit.at
    for h in path:
        if here.distance(h) != 1 or h in occupied or not state.board.in_bounds(h) or not ter.passable(state.board, h):
            return False
        here = h
    return True


def _check_enterable(state: QuadState, unit: QuadUnit, h: Hex, occupied, on_the_way: bool = False) -> None:
    where = f"the path crosses {h}, which" if on_the_way else f"{h}"
    if not state.board.in_bounds(h):
        raise Refusal(f"{where} is off the map" if not on_the_way else f"the path leaves the map at {h}")
    if not ter.passable(state.board, h):
        label = ter.TERRAIN.get(state.board.terrain_at(h))
        what = f" ({label.label})" if label is not None and label.label.lower() != "impassable" else ""
        raise Refusal(f"{where} is impassable{what}")
    other = occupied.get(h) if hasattr(occupied, "get") else None
    if other is not None and other.id != unit.id:
        raise Refusal(f"{h} is taken by {other.name}" if not on_the_way
                      else f"the path crosses {h}, where {with_verb(other.name, 'stands', 'stand')}")
    if other is None and h in occupied and h != unit.at:
        raise Refusal(f"{h} is occupied")


def _walk(state: QuadState, unit: QuadUnit, path: list[Hex], ctx: Context) -> bool:
    """Move hex by hex; difficult terrain attacks on entry and a hit stops the move (QUAD-A02)."""
    walked = [unit.at]
    for h in path:
        why = ter.difficult_entry(state.board, walked[-1], h, unit.stats.specials)
        if why and proc.terrain_attack(unit.stats.quality, ctx.dice, side=unit.side, unit=unit.id, why=why):
            break
        walked.append(h)
    unit.at = walked[-1]
    ctx.emit(Moved(unit=unit.id, path=tuple(walked), plural=plural_name(unit.name)))
    return len(walked) == len(path) + 1
