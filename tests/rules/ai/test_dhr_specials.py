"""DHR's special figures stay with their units: attached, only area attacks and traversing fire hit them."""

from __future__ import annotations

import random

import pytest

from rules.ai.hints import hints_for
from rules.ai.levels import computer_for
from rules.rulesets.dhr.actions import Drop
from rules.service import GameService
from saves.scenarios import load_scenario


def _hedgerow_first_activation(seed: int):
    """Hedgerow at the Americans' first decision after their chip is drawn (the bench's game `seed`)."""
    game = GameService.new(load_scenario("hedgerow", ruleset="dhr"), seed=seed)
    seat = game.seat("us")
    (draw,) = seat.legal_actions()
    assert seat.apply(draw).ok
    return seat


@pytest.mark.parametrize("seed", [3006, 3018])
def test_the_computer_keeps_hedgerows_special_figures_with_their_squads(seed):
    """The old computer dropped the Leader (3006) or the Medic (3018) out of the 1st Squad at once and walked
    it towards the farmhouse alone, where the Germans shot it: by the walk it gained, with no look at the fire."""
    seat = _hedgerow_first_activation(seed)
    assert any(isinstance(a, Drop) for a in seat.legal_actions())
    chosen = computer_for("normal", random.Random(f"computer:us:{seed}")).choose(seat)
    assert not isinstance(chosen, Drop), seat.describe(chosen)


def test_a_special_figure_may_still_drop_out_onto_a_hex_its_side_must_hold():
    seat = _hedgerow_first_activation(3006)
    view = seat.view()
    drops = [a for a in seat.legal_actions() if isinstance(a, Drop)]
    goal = tuple(view.victory[0].hexes[0])
    onto_goal = drops[0].model_copy(update={"at": goal})
    kept = hints_for(seat.ruleset).prune(view, "us", [*drops, onto_goal])
    assert kept == [onto_goal]


def test_the_rto_calls_his_strike_when_his_chip_comes_up():
    """Hedgerow, seed 5016: the RTO's chip is drawn first, the Panzergrenadiers stand in the crops, the air strike on
    them is worth some 10 by its exact odds. It lands one time in three, so its few tries all missed and tied with
    the pass, which the old computer took; traversing fire killed him before his chip came again."""
    seat = _hedgerow_first_activation(5016)
    view = seat.view()
    assert view.eligible == ["us6"] and "end" in [a.kind for a in seat.legal_actions()]
    kept = hints_for(seat.ruleset).prune(view, "us", seat.legal_actions())
    assert [seat.describe(a) for a in kept] == ["RTO Kowalski: call air on Panzergrenadiers at 4,3"]
