"""Skirmish's hints of this round: facing the nearest enemy, and keeping to hard cover as the defender."""

from __future__ import annotations

from rules.ai.evaluate import Evaluator
from rules.ai.hints import hints_for
from rules.hexgrid import from_offset
from rules.registry import get
from rules.rulesets.skirmish.terrain import facing_towards, in_front
from rules.service import GameService
from saves.scenarios import load_scenario


def _teaching():
    ruleset = get("skirmish")
    state = GameService.new(load_scenario("teaching", ruleset="skirmish"), seed=1).state.model_copy(deep=True)
    ev = Evaluator(hints_for(ruleset), ruleset)
    ev.now = state.turn
    return ruleset, state, ev


def test_a_model_facing_its_nearest_enemy_scores_better_than_one_facing_away():
    """Models see, shoot and watch only in their front 180 degrees (text #4); before this round every facing
    scored alike and the computer pivoted at random."""
    _, state, ev = _teaching()
    m3 = state.units["m3"]
    nearest = min((u for u in state.units.values() if u.side != "militia"), key=lambda u: u.at.distance(m3.at))
    m3.facing = facing_towards(m3.at, nearest.at)
    facing = ev.score(state, "militia")
    away = next(d for d in ("E", "NE", "NW", "W", "SW", "SE") if not in_front(m3.at, d, nearest.at))
    m3.facing = away
    assert facing > ev.score(state, "militia") + 0.4


def test_the_facing_is_not_in_a_model_s_worth_so_the_greedy_player_does_not_pivot_for_ever():
    """The greedy yardstick compares the worth of models only: the facing is a side's asset."""
    _, state, ev = _teaching()
    m3 = state.units["m3"]
    worths = set()
    for d in ("E", "NE", "NW", "W", "SW", "SE"):
        m3.facing = d
        worths.add(round(ev.material(state, "militia", assets=False), 9))
    assert len(worths) == 1


def test_the_militia_keep_to_their_hut_rather_than_close_in_over_open_ground():
    """Seed 1001 against the greedy player (before this round): Farid left the hut at (3,2) for open ground at
    (7,4), four hexes nearer the team, and the militia were shot down in the open and lost."""
    _, state, ev = _teaching()
    farid = state.units["m2"]
    farid.at = from_offset(3, 2)
    in_hut = ev.score(state, "militia")
    farid.at = from_offset(7, 4)
    assert in_hut > ev.score(state, "militia") + 0.5
