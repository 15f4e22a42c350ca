"""A DHR foot unit moves to the best cover of the hexes as near its objective (rules/rulesets/dhr/ai_cover.py)."""

from __future__ import annotations

from rules.ai.hints import hints_for
from rules.hexgrid import from_offset
from rules.rulesets.dhr.moves import Move
from rules.service import GameService
from saves.scenarios import load_scenario


def _moves(view, unit: str, *ends):
    here = view.units[unit].at
    return [Move(side=view.units[unit].side, unit=unit, path=[here, from_offset(*e)]) for e in ends]


def test_the_1st_squad_stays_behind_the_hedge_rather_than_step_into_its_gap():
    """Seeds 3006 and 5014 against the greedy player: the 1st Squad moved from 4,11 into the road's gap in the
    hedge row (6,8), no save against the Grenadiers nor the MG-42, where 5,8 is as near the farmhouse behind the
    hedge (a save of 2 against every German); one Kar98k volley took its seven figures."""
    seat = GameService.new(load_scenario("hedgerow", ruleset="dhr"), seed=3006).seat("us")
    view = seat.view()
    gap, hedge, ahead = _moves(view, "us1", (6, 8), (5, 8), (6, 7))
    kept = hints_for(seat.ruleset).prune(view, "us", [gap, hedge, ahead])
    # 6,7 is a hex nearer the farmhouse than any covered hex of these: a step towards the goal is never cut.
    assert kept == [hedge, ahead]


def test_the_defenders_moves_are_not_cut_by_cover():
    """Only the side that must take the hexes: cut by nearness to the farmhouse they hold, the Germans lost
    games (computer against computer, seeds 9100-9159: the Americans 67% with both sides cut, 57% without the
    Germans)."""
    seat = GameService.new(load_scenario("hedgerow", ruleset="dhr"), seed=3006).seat("de")
    view = seat.view()
    moves = _moves(view, "de4", (5, 4), (4, 2))  # as near the farmhouse; 5,4 with no save against one American unit
    assert hints_for(seat.ruleset).prune(view, "de", moves) == moves
