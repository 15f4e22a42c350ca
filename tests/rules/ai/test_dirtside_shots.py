"""Dirtside: of a unit's fire actions only its best target by the exact odds is searched (hint `prune`,
`ai_shots.best_targets`). Valley, seed 3003 against the greedy player: on turn 1 the Anvil Platoon fired at the
Shade Commandos where a shot at the Iron Troop, the enemy armour whose guns reach it, was worth more than twice as
much; the Iron Troop then destroyed Anvil 2. An element of an army lost counts on the Free Company's casualties race
too (`tolls`): by its material alone the armies' best target was each other's."""

from __future__ import annotations

from rules.ai.simulate import legal
from rules.registry import get
from rules.rulesets.dirtside import ai_hints as dirtside
from rules.rulesets.dirtside.ai_outcomes import outcome_value
from rules.rulesets.dirtside.ai_shots import shot_worth, tolls
from rules.rulesets.dirtside.preview import for_action
from rules.service import GameService
from saves.scenarios import load_scenario

ANVIL, IRON, SHADE = "f1", "r1", "m2"


def _opening():
    state = GameService.new(load_scenario("valley", ruleset="dirtside"), seed=3003).state
    return state, legal(get("dirtside"), state, "federal")


def _fire(actions, state, unit: str, target: str):
    return next(a for a in actions if a.kind == "fire" and a.unit_id == unit and a.at == state.units[target].at)


def test_the_anvil_fires_only_at_its_best_target():
    state, actions = _opening()
    at_iron, at_shade = _fire(actions, state, ANVIL, IRON), _fire(actions, state, ANVIL, SHADE)
    assert shot_worth(state, at_iron, "federal") > shot_worth(state, at_shade, "federal") > 0
    kept = dirtside.prune(state, "federal", actions)
    assert [a for a in kept if a.kind == "fire" and a.unit_id == ANVIL] == [at_iron]


def test_only_the_fire_actions_are_cut():
    state, actions = _opening()
    kept = dirtside.prune(state, "federal", actions)
    before = dirtside.stand_off(state, "federal", actions)
    assert [a for a in before if a.kind != "fire"] == [a for a in kept if a.kind != "fire"]
    assert {a.unit_id for a in before if a.kind == "fire"} == {a.unit_id for a in kept if a.kind == "fire"}


def _material(state, action, side: str) -> float:
    return sum(float(o.chance) * outcome_value(state, action, o, side) for o in for_action(state, action).outcomes)


def test_an_army_element_lost_counts_on_the_free_companys_race():
    state, actions = _opening()
    toll = tolls(state, "federal")
    assert set(toll) == {"federal", "rebels"} and toll["rebels"] < 0
    assert tolls(state, "free")["rebels"] == -toll["rebels"]
    at_iron, at_shade = _fire(actions, state, ANVIL, IRON), _fire(actions, state, ANVIL, SHADE)
    assert shot_worth(state, at_iron, "federal") < _material(state, at_iron, "federal") + toll["rebels"] / 4
    assert shot_worth(state, at_shade, "federal") == _material(state, at_shade, "federal")  # the Free Company's own
