"""Dirtside valley: the Free Company also wins once the two armies have lost nine of their nineteen elements
between them (a casualties condition; eight at stop 44). The Dirtside hints count a side's elements lost (`losses`), so the computer's reading
weighs that race (rules/ai/evaluate.py `_toll`): every element an army loses, to the other army too, brings the
Free Company nearer its win. Without the hint the armies' reading had no such term and fought each other as if
the race did not exist."""

from __future__ import annotations

from rules.ai.evaluate import Evaluator
from rules.ai.hints import hints_for
from rules.core import VictoryCondition
from rules.registry import get
from rules.rulesets.dirtside import ai_hints as dirtside
from rules.rulesets.dirtside.victory import standing
from rules.service import GameService
from saves.scenarios import load_scenario
from tests.rules.dirtside.test_wiped_out_side import wipe_out


def _valley():
    return GameService.new(load_scenario("valley", ruleset="dirtside"), seed=1).state


def _lose(state, side: str, count: int):
    """A copy of `state` where `count` of `side`'s elements are lost."""
    state = state.model_copy(deep=True)
    left = count
    for u in state.units.values():
        if u.side != side:
            continue
        for e in u.stats.elements:
            if left and not e.lost:
                e.lost, left = True, left - 1
    assert not left
    return state


def test_a_sides_losses_are_its_own_elements_lost_as_the_casualties_condition_counts_them():
    state = _valley()
    lost, had = dirtside.losses(state, "rebels")
    assert lost == 0 and had == sum(len(u.stats.elements) for u in state.units.values() if u.side == "rebels")
    assert dirtside.losses(_lose(state, "rebels", 3), "rebels") == (3, had)
    assert hints_for(get("dirtside")).losses is dirtside.losses


def test_the_armies_losses_bring_the_free_company_nearer_its_win_in_the_reading_of_every_side():
    ev = Evaluator(hints_for(get("dirtside")), get("dirtside"))
    state = _valley()
    bled = _lose(state, "rebels", 4)
    # position() reads objectives only (not material): the rebels' losses move it through the toll alone.
    assert ev.position(bled, "free") > ev.position(state, "free")
    assert ev.position(bled, "federal") < ev.position(state, "federal")


def test_a_wiped_out_free_company_is_out_of_the_race_in_the_reading_too():
    ev = Evaluator(hints_for(get("dirtside")), get("dirtside"))
    state = _valley()
    wipe_out(state, "free")
    bled = _lose(state, "rebels", 4)
    assert ev._toll(bled, next(c for c in state.victory if c.kind == "casualties")) == 0.0


def test_a_side_with_only_off_table_units_left_is_out_of_the_race_in_the_reading_as_in_the_victory_check():
    """The victory check reads a Dirtside side with no ground unit on the map as out, its casualties condition
    with it (rules/victory.py); an off-table battery, a launch site or an aircraft does not count. The reading
    asked 'is every unit eliminated?' and kept such a side in the race."""
    ev = Evaluator(hints_for(get("dirtside")), get("dirtside"))
    state = _lose(_valley(), "rebels", 4)
    for uid in ("f1", "f2"):  # the Federal ground units; the battery, the launch site and Hawk 1 are left
        state.units[uid].eliminated = True
        for e in state.units[uid].stats.elements:
            e.lost = True
    assert not all(u.eliminated for u in state.units.values() if u.side == "federal")
    race = VictoryCondition(kind="casualties", side="federal", fraction=0.45)
    assert ev._toll(state, race) == 0.0
    assert hints_for(get("dirtside")).side_standing is standing
