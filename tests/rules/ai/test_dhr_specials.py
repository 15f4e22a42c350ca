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


def test_a_machine_gun_traverses_onto_the_rto_who_has_strikes_on_call():
    """Hedgerow, seed 3001: the MG-42 team's chip is drawn first. The RTO with the 2nd Squad has two missions and
    an air strike on call; six dice of traversing fire on him kill him nine times in ten. The old reading counted
    his figure on neither the casualties race nor his calls and kept the squad's fire; the greedy Germans shoot
    the specials. His calls wiped out the Panzergrenadiers in the normal Germans' losses 3001 and 5015 against the
    greedy player, 3003 against the random player."""
    game = GameService.new(load_scenario("hedgerow", ruleset="dhr"), seed=3001)
    us, de = game.seat("us"), game.seat("de")
    (draw,) = us.legal_actions()
    assert us.apply(draw).ok and de.view().eligible == ["de2"]
    kept = hints_for(de.ruleset).prune(de.view(), "de", de.legal_actions())
    assert [de.describe(a) for a in kept if a.kind == "fire"] == [
        "MG-42 team: traversing fire MG-42 x6 (-1) at 2nd Squad at 10,11 (dice 0/6)"]
