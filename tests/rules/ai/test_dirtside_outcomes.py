"""Dirtside's `outcome_value` hint (rules/rulesets/dirtside/ai_outcomes.py): the worth of one outcome of a preview, in
the units of its `unit_value`. Without it the greedy yardstick read a Dirtside attack by the material change of eight
throws, and normal's look-ahead steps and hard's rollouts by its one throw (the luckiest of the options won the step)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from rules.ai import GreedyPlayer
from rules.ai import rollout as rollout_module
from rules.ai.decisive import expected_worth
from rules.ai.evaluate import Evaluator
from rules.ai.hints import hints_for
from rules.ai.levels import computer_for
from rules.ai.simulate import legal
from rules.clone import clone
from rules.core import Outcome
from rules.outcomes import DAMAGED, EFFECTS, UnitEffect
from rules.registry import get
from rules.rulesets.dirtside import ai_outcomes
from rules.rulesets.dirtside.preview import FIGHTS, RALLIED
from rules.service import GameService
from saves.scenarios import load_scenario

TANKS, RIFLES, PATROL = "f1", "f2", "r3"
"""Teaching: the Federals' Hammer Section and 1st Rifle Platoon; the rebels' Woods Patrol, in reach of both."""


def _teaching():
    return GameService.new(load_scenario("teaching", ruleset="dirtside"), seed=3000)


def _fire(state, unit: str):
    return next(a for a in legal(get("dirtside"), state, "federal") if a.kind == "fire" and a.unit_id == unit
                and a.at == state.units[PATROL].at)


def _material(state, side: str) -> float:
    return Evaluator(hints_for(get("dirtside"))).material(state, side, assets=False)


def test_an_enemy_element_lost_is_worth_to_the_firer_what_the_material_says():
    state = _teaching().state
    fire = _fire(state, RIFLES)
    preview = get("dirtside").preview(state, fire)
    kills = [o for o in preview.outcomes if o.units]
    assert kills and all(e.loss == "elements" and e.losses == 1 for o in kills for e in o.units)
    after = clone(state)
    after.units[PATROL].infantry()[0].lost = True
    gained = _material(after, "federal") - _material(state, "federal")
    assert gained > 0
    value_of = hints_for(get("dirtside")).outcome_value
    assert value_of(state, fire, kills[0], "federal") == pytest.approx(gained)
    assert value_of(state, fire, kills[0], "rebels") == pytest.approx(-gained)
    assert [value_of(state, fire, o, "federal") for o in preview.outcomes if not o.units] == [0.0]


def _damaged(state):
    state.units[TANKS].vehicles()[0].damaged = True


def _dropped(state):
    state.units[PATROL].stats.confidence = "BR"


def _rallied(state):
    state.units[PATROL].stats.confidence = "CO"


def _gone(state):
    for e in state.units[TANKS].stats.alive():
        e.lost = True


@pytest.mark.parametrize(("effect", "done"), [
    (UnitEffect(unit=TANKS, status=(DAMAGED,)), _damaged),
    (UnitEffect(unit=PATROL, losses=2, loss="levels"), _dropped),
    (UnitEffect(unit=PATROL, status=(RALLIED,)), _rallied),
    (UnitEffect(unit=TANKS, losses=2, loss="vehicles", eliminated=True), _gone),
])
def test_each_effect_is_worth_what_it_changes_in_the_material(effect, done):
    state = _teaching().state
    state.units[PATROL].stats.confidence = "ST"
    after = clone(state)
    done(after)
    outcome = Outcome(chance=Fraction(1), units=(effect,), event=EFFECTS)
    for side in ("federal", "rebels"):
        value = ai_outcomes.outcome_value(state, None, outcome, side)
        assert value == pytest.approx(_material(after, side) - _material(state, side)), side
        assert value != 0


def test_the_greedy_yardstick_reads_a_fire_by_its_exact_odds_the_same_on_any_dice():
    """On main it tried the fire eight times with its own dice: its worth changed with them."""
    game = _teaching()
    seat = game.seat("federal")
    hints = hints_for(seat.ruleset)
    fire = _fire(seat.view(), TANKS)
    worths = set()
    for seed in range(6):
        player = GreedyPlayer(random.Random(seed))
        world = player._guess(seat)
        worths.add(round(player._worth(seat, fire, Evaluator(hints), hints.outcome_value, world), 9))
    assert len(worths) == 1
    exact = expected_worth(seat.preview(fire), hints.outcome_value, world, fire, "federal")
    assert worths == {round(exact, 9)} and exact > 0


def test_the_look_ahead_steps_to_the_fire_worth_more_by_its_odds_not_to_the_luckier_throw(monkeypatch):
    """The rifles' firefight at the Woods Patrol kills a team one time in two, the tanks' guns one in five: by the
    odds the rifles fire on any dice. Read by one throw each (main), the tanks fired whenever their throw killed and
    the rifles' did not."""
    game = _teaching()
    seat = game.seat("federal")
    normal = computer_for("normal", random.Random(1))
    ev, (world, *_) = normal._setup(seat)
    rifles, tanks = _fire(world, RIFLES), _fire(world, TANKS)
    monkeypatch.setattr(normal, "options", lambda *args: [tanks, rifles])
    for seed in range(12):
        step = rollout_module.best_step(normal, seat.ruleset, ev, world, "federal", random.Random(seed), 6)
        assert step.action == rifles, seed


def test_a_close_assault_counts_its_combat_rounds():
    """The preview ends where the combat rounds begin; their worth is fought out on copies, so an assault read by its
    odds is not free to the attacker (valley's Shade Commandos died in the rounds against Bravo Mech)."""
    state = _teaching().state
    assault = next(a for a in legal(get("dirtside"), state, "federal") if a.kind == "assault"
                   and a.at == state.units[PATROL].at)
    preview = get("dirtside").preview(state, assault)
    fights = [o for o in preview.outcomes if any(FIGHTS in e.status for e in o.units)]
    assert len(fights) == 1 and fights[0].chance > 0
    assert get("dirtside").outcome_words(fights[0], {}) == "the defender stands: combat rounds"
    value_of = hints_for(get("dirtside")).outcome_value
    worth = value_of(state, assault, fights[0], "federal")
    assert worth == ai_outcomes.rounds_worth(state, assault, "federal") != 0
    assert value_of(state, assault, fights[0], "rebels") == pytest.approx(-worth)
