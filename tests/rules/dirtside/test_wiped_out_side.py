"""Dirtside valley: a side with no ground unit left on the map is out (docs/rules/dirtside.md, Victory), its own
conditions with it. The Free Company, wiped out on turn 2, still won on turn 5 by its casualties condition when
the armies had lost nine elements (the bench, normal as the Federals against the random player, seed 3015)."""

from __future__ import annotations

import math

from rules.rulesets.dirtside.victory import check
from rules.service import GameService
from saves.scenarios import load_scenario


def _bled_valley():
    """Valley with as many of the two armies' elements lost as the Free Company's casualties condition asks
    (its fraction read from the scenario: nine of nineteen since stop 46)."""
    state = GameService.new(load_scenario("valley", ruleset="dirtside"), seed=1).state.model_copy(deep=True)
    race = next(c for c in state.victory if c.kind == "casualties")
    armies = sum(len(u.stats.elements) for u in state.units.values() if u.side in ("federal", "rebels"))
    left = math.ceil(race.fraction * armies - 1e-9)
    for u in state.units.values():
        for e in u.stats.elements:
            if u.side in ("federal", "rebels") and left and not e.lost and u.stats.role != "ground":
                e.lost, left = True, left - 1
    for u in state.units.values():
        for e in u.stats.elements:
            if u.side in ("federal", "rebels") and left and not e.lost and len(u.stats.alive()) > 1:
                e.lost, left = True, left - 1
    assert not left
    return state


def test_the_free_company_wins_its_race_while_it_stands():
    result = check(_bled_valley())
    assert result is not None and result.winner == "free"


def wipe_out(state, side: str) -> None:
    """Every element of `side` lost, its units eliminated (also used by tests/rules/ai/test_dirtside_toll.py)."""
    for u in state.units.values():
        if u.side == side:
            for e in u.stats.elements:
                e.lost = True
            u.eliminated = True


def test_a_wiped_out_free_company_no_longer_wins_by_the_armies_losses():
    state = _bled_valley()
    wipe_out(state, "free")
    assert check(state) is None
