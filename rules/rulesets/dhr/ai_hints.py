"""The computer's hints for DHR: a unit's worth by its figures and Rating, the worth of casualties."""

from __future__ import annotations

from rules.actions import Action
from rules.board import Board
from rules.hexgrid import Hex
from rules.outcomes import MORALE_FAILED
from rules.rulesets.dhr.ai_cover import best_cover
from rules.rulesets.dhr.ai_pressure import close_in
from rules.rulesets.dhr.ai_reach import out_of_reach
from rules.rulesets.dhr.ai_shots import best_shots, goals_now
from rules.rulesets.dhr.ai_threat import threat as volleys_at
from rules.rulesets.dhr.state import DHRState
from rules.rulesets.dhr.terrain import cached_step_check, hex_dv
from rules.rulesets.dhr.victory import figures as figures_of

contact = 0.08
"""DHR is a game of fire at range: closing in matters, but less than in hand-to-hand rules."""


def step_cost(board: Board, a: Hex, b: Hex) -> float | None:
    """The MP a step from `a` into `b` costs on average (DHR-A04; None: impassable). A step is one MP,
    and a check passes on a d6 above the DV: a failure costs another MP (the automatic pass), and
    challenge terrain is rolled for until it passes, 6 / (6 - DV) MP in all."""
    chk = cached_step_check(board, a, b)
    if chk.impassable:
        return None
    if chk.challenge:
        return 6.0 / max(6 - chk.dv, 1)
    return 1.0 + chk.dv / 6.0


def losses(state: DHRState, side: str) -> tuple[int, int]:
    """(figures lost, figures at the start) of `side`, as the casualties condition counts them (DHR victory)."""
    now, start = figures_of(state, side)
    return start - now, start


def unit_value(state: DHRState, unit) -> float:
    """Figures are the unit's strength; Rating is the chance of every roll it makes."""
    s = unit.stats
    per_figure = (0.6 + 0.2 * (unit.rating if hasattr(unit, "rating") else s.rating)) * s.toughness
    worth = 1.5 + per_figure * unit.figures - 0.5 * unit.wounds
    # Terrain's Defensive Value saves hits and steadies morale: a unit in cover keeps its figures.
    worth += 0.04 * hex_dv(state.board, unit.at) * unit.figures
    if s.vehicle:
        worth += 3.0 * s.armour_dice + 4.0
        worth -= 3.0 if unit.mp_lost else 0.0
        worth -= 4.0 if unit.weapon_out else 0.0
    return worth


def threat(state: DHRState, side: str) -> float:
    """What the enemy's next volleys may take from `side`'s foot, at its units' worth (ai_threat.py)."""
    return volleys_at(state, side, unit_value)


LEAVES = 1.0
"""Worth of a unit failing morale or running: it gives ground and loses a turn, it keeps its figures."""


def outcome_value(state: DHRState, action, outcome, side: str) -> float:
    """The worth to `side` of one outcome of a preview, from its effects (rules/outcomes.py): figures or
    vehicles lost at their share of the unit's worth, all of it when none is left, a failed morale check or a
    retreat a little."""
    total = 0.0
    for e in outcome.units:
        unit = state.units.get(e.unit)
        if unit is None or not unit.on_map:
            continue
        if e.losses and e.loss in ("figures", "vehicles"):
            n = min(e.losses, unit.figures)
            worth = unit_value(state, unit) if n >= unit.figures else n * (unit_value(state, unit) - 1.5) / max(unit.figures, 1)
        elif e.eliminated:
            worth = unit_value(state, unit)
        elif e.retreat or MORALE_FAILED in e.status:
            worth = LEAVES
        else:
            worth = 0.0
        total += -worth if unit.side == side else worth
    return total


def prune(view: DHRState, side: str, actions: list[Action]) -> list[Action]:
    """Leave out a special figure dropping out of its unit, unless into a hex its side must hold. Attached, it
    is hit only by area attacks and traversing fire and still fires, calls and casts with its unit (DHR
    Special Figures); alone it is a one-figure unit every weapon may shoot, and its loss counts towards the
    casualties condition. The look-ahead ends before the other side fires, so it saw only the walk towards
    the objective: hedgerow's Medic, Leader and RTO dropped out, walked ahead alone and were shot, three of
    the ten figures that lose the Americans the game (seeds 3006, 3016, 3018 against the random player).
    Of a weapon's shots, only the best by its exact odds is kept (rules/rulesets/dhr/ai_shots.py); a vehicle keeps
    out of the reach of anti-tank weapons it outranges (rules/rulesets/dhr/ai_reach.py); a side where only
    casualties win comes to the enemy (rules/rulesets/dhr/ai_pressure.py); a foot unit takes the best cover of the
    hexes as near its objective (rules/rulesets/dhr/ai_cover.py)."""
    goals = {Hex(*h) for c in view.victory if c.kind == "hold" and c.side == side and c.hexes for h in c.hexes}
    kept = [a for a in actions if a.kind != "drop" or Hex(*a.at) in goals]
    kept = out_of_reach(view, kept, goals_now(view, side))
    kept = close_in(view, side, kept)
    kept = best_cover(view, side, kept)
    return best_shots(view, side, kept, outcome_value)
