"""The scenario victory conditions that QUAD, the skirmish and Dirtside read the same way.

The texts leave victory to the scenario; these three rule sets check its conditions in one order:

- a side with nothing left on the map has lost ('eliminate', always checked), its own conditions with it;
- `casualties`: `side` wins once the other sides have lost `fraction` of what they had;
- `hold`: `side` wins if it holds every hex of `hexes` at the end of turn `turn` (every turn if none);
- `turn_limit`: `side` wins (nobody: a draw) at the end of turn `turn` (default: the last turn);
- `max_turns`: at the end of that turn the game ends drawn if nothing else decided it.

What "left", "lost" and "holds" mean is each rule set's (units, models or elements), and so are the words.
"""

from __future__ import annotations

import math

from collections.abc import Callable
from dataclasses import dataclass

from rules.core import GameResult
from rules.hexgrid import Hex


@dataclass(frozen=True)
class VictoryWords:
    """A rule set's words for the results its scenario did not word itself."""

    eliminated: str
    """The last side standing wins."""
    nobody_left: str
    lost: str
    """Format with {lost}: what the other sides lost, e.g. 'the enemy lost {lost} units'."""
    held: str
    """Format with {turn}."""


def check(state, *, standing: Callable[[str], bool], losses: Callable[[str], tuple[int, int]],
          holds: Callable[[str, Hex], bool], words: VictoryWords) -> GameResult | None:
    """The result, if the game is decided. `standing(side)`: the side has something left on the map;
    `losses(side)`: (lost, had) of every other side; `holds(side, hex)`: the side holds that hex."""
    alive = [s for s in state.side_ids() if standing(s)]
    if len(alive) <= 1:
        winner = alive[0] if alive else None
        cond = next((c for c in state.victory if c.kind == "eliminate" and c.side in (None, winner)), None)
        if winner is None:
            return GameResult(winner=None, reason=words.nobody_left, turn=state.turn)
        return GameResult(winner=winner, reason=(cond.text if cond and cond.text else words.eliminated),
                          turn=state.turn)
    for c in state.victory:
        # a side with nothing left on the map is out: its casualties count no more (Dirtside valley's Free
        # Company, wiped out on turn 2, still won on turn 5 when the armies' losses reached nine)
        if c.kind == "casualties" and c.side and c.fraction is not None and c.side in alive:
            lost, had = losses(c.side)
            if had and lost / had >= c.fraction:
                return GameResult(winner=c.side, reason=c.text or words.lost.format(lost=lost), turn=state.turn)
    ended = state.turn_ended
    if ended is None:
        return None
    for c in state.victory:
        if c.kind == "hold" and c.side and (c.turn is None or c.turn == ended):
            if c.hexes and all(holds(c.side, Hex(*h)) for h in c.hexes):
                return GameResult(winner=c.side, reason=c.text or words.held.format(turn=ended), turn=ended)
    for c in state.victory:
        if c.kind == "turn_limit" and (c.turn or state.max_turns) == ended:
            return GameResult(winner=c.side, reason=c.text or f"turn {ended} is over", turn=ended)
    if state.max_turns is not None and ended >= state.max_turns:
        return GameResult(winner=None, reason=f"turn limit ({state.max_turns}) reached", turn=ended)
    return None


def sides_on_map(state) -> set[str]:
    """The sides with a unit on the map (`units_of` not empty), found in one pass over the units: the check runs
    after every action, and a load replays them all."""
    up: set[str] = set()
    for u in state.units.values():
        if u.side not in up and u.on_map:
            up.add(u.side)
    return up


def others_eliminated(state, side: str) -> tuple[int, int]:
    """(eliminated, units) of the sides other than `side`, counted in place, not listed (as `sides_on_map`)."""
    lost = had = 0
    for u in state.units.values():
        if u.side != side:
            had += 1
            lost += u.eliminated
    return lost, had


# --- how far each side is from each condition (for the screen; from a seat's view) -----------------


@dataclass(frozen=True)
class Objective:
    """One victory condition and how far it is now, as a seat's view shows it."""

    side: str | None
    """The side it lets win (None: a draw, or whoever meets it)."""
    goal: str
    """The condition in words (the scenario's own when it has them)."""
    progress: str
    """How far it is now: "destroy 3 more units", "held now; 5 turns left (turn 4 of 8)"."""
    short: str
    """A few words for the status line: "hold 10,1: 5 turns left"."""
    kind: str = ""
    """The condition's kind ('hold', 'turn_limit'...; '' for the turn limit alone)."""


def turns_left(turn: int, last: int) -> str:
    """'5 turns left (turn 4 of 8)', counting the turn in play: the condition is checked at the end of `last`."""
    n = last - turn + 1
    if n <= 0:
        return f"turn {last} is over"
    if n == 1:
        return f"this is the last turn ({turn} of {last})"
    return f"{n} turns left (turn {turn} of {last})"


def _short_turns(turn: int, last: int) -> str:
    n = last - turn + 1
    return "last turn" if n == 1 else f"{max(n, 0)} turns left"


def _more(needed: int, noun: str) -> str:
    return f"destroy {needed} more {noun}{'' if needed == 1 else 's'}"


def objectives(state, *, left: Callable[[str], int], losses: Callable[[str], tuple[int, int]],
               holds: Callable[[str, Hex], bool], noun: str = "unit", name: Callable[[str], str] | None = None,
               held: Callable[[str, list], bool] | None = None, hold_until_last: bool = False,
               loss_noun: str | None = None) -> list[Objective]:
    """Each of `state.victory` and the turn limit with how far it is, read like `check` reads them.

    `left(side)`: that side's units (models, elements) still standing; `losses(side)`: (lost, had) of every
    other side; `holds(side, hex)`. `held(side, hexes)`: when a hold is not 'every hex' (DHR);
    `hold_until_last`: a hold without a turn is checked at the last turn (DHR), not at every turn's end. `loss_noun`: what
    `losses` counts when not `noun` (DHR's figures, Dirtside's elements)."""
    name = name or (lambda s: state.side(s).name or s)
    out: list[Objective] = []
    limit_given = False
    for c in state.victory:
        who = name(c.side) if c.side else "a side"
        if c.kind == "eliminate":
            sides = [c.side] if c.side else state.side_ids()
            for side in sides:
                enemy = sum(left(o) for o in state.other_sides(side))
                goal = c.text or f"{name(side)} wins when no enemy {noun} is left"
                progress = _more(enemy, noun) if enemy else f"no enemy {noun} is left"
                out.append(Objective(side, goal, progress, progress, c.kind))
        elif c.kind == "casualties" and c.side and c.fraction is not None:
            lost, had = losses(c.side)
            counted = loss_noun or noun
            needed = max(0, math.ceil(c.fraction * had - 1e-9) - lost)  # `check` wins at lost / had >= fraction
            goal = c.text or f"{who} wins once the enemy has lost {c.fraction:.0%} of its {counted}s"
            more = _more(needed, counted)
            progress = f"{more} ({lost} of {had} lost)" if needed else f"met ({lost} of {had} lost)"
            out.append(Objective(c.side, goal, progress, more if needed else "met", c.kind))
        elif c.kind == "hold" and c.side:
            where = " ".join(str(Hex(*h)) for h in c.hexes) or "no hex"  # col,row as the files and the map say
            last = c.turn if c.turn is not None or not hold_until_last else state.max_turns
            when = f" at the end of turn {last}" if last else " at the end of a turn"
            goal = c.text or f"{who} holds {where}{when}"
            hexes = [Hex(*h) for h in c.hexes]
            met = held(c.side, hexes) if held else all(holds(c.side, h) for h in hexes)
            now = "held now" if hexes and met else "not held now"
            clock = turns_left(state.turn, last) if last else "checked at the end of every turn"
            short = f"hold {where}" + (f": {_short_turns(state.turn, last)}" if last else " at a turn's end")
            out.append(Objective(c.side, goal, f"{now}; {clock}", short, c.kind))
        elif c.kind == "turn_limit":
            last = c.turn or state.max_turns
            if last is None:
                continue
            limit_given = limit_given or last == state.max_turns
            who = name(c.side) if c.side else "nobody (a draw)"
            goal = c.text or f"at the end of turn {last} {who} wins"
            short = ("hold out: " if c.side else "draw: ") + _short_turns(state.turn, last)
            out.append(Objective(c.side, goal, turns_left(state.turn, last), short, c.kind))
    if state.max_turns is not None and not limit_given:
        last = state.max_turns
        out.append(Objective(None, f"after turn {last} the game ends drawn if nothing else decided it",
                             turns_left(state.turn, last), _short_turns(state.turn, last)))
    return out


HEADLINE = ("hold", "casualties", "turn_limit", "eliminate", "")
"""Which of a side's objectives the status line names first."""


def headline(found: list[Objective], side: str | None) -> Objective | None:
    """The one objective to name in a few words for `side` (its own first, then one for nobody)."""
    mine = [o for o in found if o.side == side] or [o for o in found if o.side is None]
    rank = {k: i for i, k in enumerate(HEADLINE)}
    return min(mine, key=lambda o: rank.get(o.kind, len(rank)), default=None)
