"""What the enemy's next attacks may take from a QUAD side: the `threat` hint (rules/rulesets/quad/ai_threat.py)."""

from __future__ import annotations

from rules.ai.hints import hints_for
from rules.hexgrid import from_offset
from rules.rulesets.quad.ai_hints import unit_value
from rules.rulesets.quad.ai_threat import quality_lost
from rules.rulesets.quad.combat import attack_inputs
from rules.service import GameService
from saves.scenarios import load_scenario


def _placed(view, unit: str, col: int, row: int):
    moved = view.model_copy(deep=True)
    moved.units[unit] = moved.units[unit].model_copy(update={"at": from_offset(col, row)})
    return moved


def test_a_unit_within_an_enemys_move_and_a_hex_stands_under_its_attack_and_one_beyond_does_not():
    """Teaching: the Outlaw Horse (Speed 3) at 11,3 reaches a unit four hexes off (three to move, one to attack);
    the Lancers at 1,2 are out of every Rebel's reach at the start."""
    seat = GameService.new(load_scenario("teaching", ruleset="quad"), seed=1).seat("kingdom")
    view = seat.view()
    threat = hints_for(seat.ruleset).threat
    assert threat(view, "kingdom") == 0.0
    near = _placed(view, "k1", 8, 2)
    horse, lancers = near.units["r4"], near.units["k1"]
    assert horse.at.distance(lancers.at) <= horse.stats.speed + 1
    expected = quality_lost(attack_inputs(near, horse, lancers, charged=False))
    assert 0 < expected < lancers.stats.quality
    # the Horse attacks the unit it takes most from: the Lancers at least
    assert threat(near, "kingdom") >= expected * unit_value(near, lancers) / lancers.stats.quality
