"""Climbing (text #4 'Climb & Jump', 'Falling'): the Agility test, slippery surfaces, falls off ladders and ropes."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.core import Context
from rules.rulesets.skirmish import RULESET
from rules.rulesets.skirmish import climbs
from rules.rulesets.skirmish.actions import Move, OverwatchFire
from rules.rulesets.skirmish.odds import _PathDice, enumerate_dice
from rules.rulesets.skirmish.procedures.climb import climb_test, holds_on
from saves.scenarios import load_scenario

from tests.rules.skirmish.helpers import act, acting, board, model, o, setup, start, texts

UP_AND_OVER = [o(4, 7), o(4, 6), o(4, 5)]
"""Up a head-high obstacle (1 level), along its top, and down again."""


def wall_game(agility=5, slippery=False):
    feats = [(o(4, 7), "slippery")] if slippery else []
    b = board(heights={o(4, 7): 1, o(4, 6): 1}, features=feats)
    s = setup([model("r1", "red", o(4, 8), agility=agility), model("b1", "blue", o(14, 0))], b=b)
    return acting(start(s), "r1")


def test_a_passed_climb_test_lets_the_move_go_on():
    state = wall_game()
    events = act(state, Move(side="red", unit="r1", path=UP_AND_OVER), 5)  # Agility 5 + 5 = 10: passed
    assert state.units["r1"].at == o(4, 5)
    assert any("climb (Agility)" in t and "passed" in t for t in texts(events))


def test_a_failed_climb_test_ends_the_move_at_the_top():
    state = wall_game()
    act(state, Move(side="red", unit="r1", path=UP_AND_OVER), 4)  # 5 + 4 = 9 vs 10: failed
    assert state.units["r1"].at == o(4, 7) and state.acting.moves == 1 and not state.units["r1"].downed


def test_climbing_down_a_head_high_obstacle_is_tested_too():
    state = wall_game()
    state.units["r1"].at = o(4, 6)
    act(state, Move(side="red", unit="r1", path=[o(4, 5), o(4, 4)]), 3)  # down 1 level, 8 fails
    assert state.units["r1"].at == o(4, 5)


def test_a_climb_that_ends_the_move_needs_no_test_on_a_dry_surface():
    state = wall_game()
    act(state, Move(side="red", unit="r1", path=[o(4, 7)]))  # no dice at all
    assert state.units["r1"].at == o(4, 7)


def test_a_slippery_climb_tests_again_after_a_failure_and_falls_on_the_second():
    state = wall_game(slippery=True)
    act(state, Move(side="red", unit="r1", path=UP_AND_OVER), 4, 5)  # fails (9), second test passes (10)
    assert state.units["r1"].at == o(4, 7) and not state.units["r1"].downed
    state = wall_game(slippery=True)
    events = act(state, Move(side="red", unit="r1", path=UP_AND_OVER), 4, 2)  # fails twice: falls 1 level
    assert state.units["r1"].at == o(4, 8)  # the foot of the climb; one level: no falling save
    assert not state.units["r1"].downed and any("falls 1\"" in t for t in texts(events))


def test_a_slippery_climb_is_tested_even_as_the_last_step():
    state = wall_game(slippery=True)
    act(state, Move(side="red", unit="r1", path=[o(4, 7)]), 8)
    assert state.units["r1"].at == o(4, 7)


def ladder_game(slippery=False):
    feats = [(o(4, 6), "ladder")] + ([(o(4, 6), "slippery")] if slippery else [])
    b = board(heights={o(4, 6): 3, o(4, 5): 3}, features=feats)
    s = setup([model("r1", "red", o(4, 8), move=6), model("b1", "blue", o(14, 0))], b=b)
    return acting(start(s), "r1")


def test_a_fall_from_a_slippery_ladder_makes_falling_saves_beyond_the_first_level():
    state = ladder_game(slippery=True)
    # up 3 levels: a natural 1 fails, 7 fails again: falls 3", two saves: 9 passes (14), 3 fails (8): downed
    act(state, Move(side="red", unit="r1", path=[o(4, 7), o(4, 6), o(4, 5)]), 1, 2, 9, 3)
    r1 = state.units["r1"]
    assert r1.at == o(4, 7) and r1.downed


def overwatch_ladder_game():
    """The mover climbs a ladder in a blue watcher's sight (the paths of test_overwatch.py)."""
    b = board(heights={o(9, 6): 2, o(10, 6): 2, o(11, 6): 2}, features=[(o(9, 6), "ladder")])
    s = setup([model("r1", "red", o(6, 6), move=6), model("r2", "red", o(1, 9)),
               model("b1", "blue", o(8, 3)), model("b2", "blue", o(14, 1))], b=b)
    state = start(s)
    b1 = state.units["b1"]
    b1.facing, b1.overwatch, b1.activated = "E", True, True
    state = acting(state, "r1")
    act(state, Move(side="red", unit="r1", path=[o(7, 6), o(8, 6), o(9, 6), o(10, 6), o(11, 6)]), 5)
    assert state.units["r1"].at == o(9, 6) and state.watch().on_ladder == o(9, 6)
    return state


def test_a_model_attacked_on_a_ladder_that_fails_its_agility_test_falls_to_the_foot():
    state = overwatch_ladder_game()
    # the shot misses (5 + 2 = 7 vs 10); Agility 5 + 3 = 8 fails: it falls 2", one save: 8 + 5 = 13 passes
    events = act(state, OverwatchFire(side="blue", unit="b1", at=o(9, 6)), 2, 3, 8)
    r1 = state.units["r1"]
    assert r1.at == o(8, 6) and not r1.downed and not state.paused
    assert any("attacked on a ladder" in t for t in texts(events))
    assert state.acting.moves == 1  # the move is over; the model may still shoot


def test_a_model_attacked_on_a_ladder_that_passes_holds_on_and_goes_on():
    state = overwatch_ladder_game()
    act(state, OverwatchFire(side="blue", unit="b1", at=o(9, 6)), 2, 7)  # miss; 5 + 7 = 12 holds on
    assert state.units["r1"].at == o(11, 6)


def test_after_a_hold_the_mover_goes_on_and_is_off_the_ladder_at_the_next_pause():
    from rules.rulesets.skirmish.actions import HoldFire
    state = overwatch_ladder_game()
    act(state, HoldFire(side="blue"))  # no attack: no test; the watcher may fire at the next hex
    assert state.units["r1"].at == o(10, 6) and state.watch().on_ladder is None
    act(state, OverwatchFire(side="blue", unit="b1", at=o(10, 6)), 2)  # a miss; no Agility test on the roof
    assert state.units["r1"].at == o(11, 6)


@pytest.mark.parametrize("agility, slippery, on, stop, fall", [
    (5, False, Fraction(6, 10), Fraction(4, 10), 0),
    (5, True, Fraction(6, 10), Fraction(4, 10) * Fraction(6, 10), Fraction(4, 10) ** 2),
    (7, True, Fraction(8, 10), Fraction(2, 10) * Fraction(8, 10), Fraction(2, 10) ** 2),
])
def test_the_climb_odds_are_the_decimal_ladder(agility, slippery, on, stop, fall):
    dist = climbs.test_odds(agility, "climb", 1, slippery)
    assert dist.get("on") == on and dist.get("stops", 0) == stop and dist.get("falls", 0) == fall
    walk = enumerate_dice(lambda d: climb_test(d, agility, slippery=slippery))
    assert sum(p for r, p in walk.items() if r.goes_on) == on
    assert enumerate_dice(lambda d: holds_on(d, agility))[True] == Fraction(agility + 1, 10)


def _ending(state, path):
    """Every way the move really ends, by applying it with every sequence of faces."""
    def run(dice):
        s = state.model_copy(deep=True)
        RULESET.apply(s, Move(side="red", unit="r1", path=path), Context(lambda sink: dice))
        u = s.units["r1"]
        return "dead" if u.eliminated else ("downed" if u.downed else str(u.at))
    return enumerate_dice(run)


def _label(text, end):
    if "dead" in text:
        return "dead"
    if "downed" in text:
        return "downed"
    if text.startswith("reaches"):
        return str(end)
    return text.split(" at " if " at " in text else " to ")[1].split(" ")[0].rstrip(",")


@pytest.mark.parametrize("make, path", [
    (lambda: wall_game(), UP_AND_OVER),
    (lambda: wall_game(slippery=True), UP_AND_OVER),
    (lambda: ladder_game(slippery=True), [o(4, 7), o(4, 6), o(4, 5)]),
])
def test_the_move_preview_is_exactly_what_the_move_does(make, path):
    state = make()
    odds = climbs.move_odds(state.board, state.units["r1"].at, path, state.units["r1"].stats.agility)
    mine: dict = {}
    for text, p in odds.items():
        key = _label(text, path[-1])
        mine[key] = mine.get(key, 0) + p
    assert mine == _ending(state, path)


def test_the_legal_moves_offer_a_climb_that_goes_on_and_say_what_it_tests():
    b = board(heights={**{o(c, 7): 1 for c in range(16)}, **{o(c, 6): 1 for c in range(16)}})  # a long ridge
    state = acting(start(setup([model("r1", "red", o(4, 8)), model("b1", "blue", o(14, 0))], b=b)), "r1")
    moves = [a for a in RULESET.legal_actions(state, "red") if isinstance(a, Move) and a.path[-1] == o(4, 5)]
    assert len(moves) == 1 and len(moves[0].path) == 3
    assert RULESET.describe(state, moves[0]).endswith("(climb: Agility test)")
    p = RULESET.preview(state, moves[0])
    top = moves[0].path[0]
    assert {o.label: o.chance for o in p.outcomes} == {"r1 reaches 4,5": Fraction(6, 10),
                                                       f"r1 stops at {top} (a failed climb test)": Fraction(4, 10)}


def test_the_village_tower_is_climbed_by_its_ladder_with_a_test_to_go_on():
    s = load_scenario("village", "skirmish")
    state = RULESET.setup(s, 1, {})
    state.phase = "activation"
    for watcher, away in (("c1", o(10, 1)), ("c5", o(14, 2)), ("c8", o(15, 0)), ("c9", o(7, 3))):
        state.units[watcher].at = away  # the tower's guards step aside: this is about the ladder
    ladder = next(f.at for f in state.board.features if f.feature == "ladder")
    foot = next(h for h in ladder.neighbours() if state.board.in_bounds(h) and state.board.height_at(h) == 0
                and state.unit_at(h) is None and state.board.terrain_at(h) == "open")
    u = next(u for u in state.units.values() if u.side == state.units[next(iter(state.units))].side)
    u.at = foot
    state = acting(state, u.id)
    roof = next(h for h in ladder.neighbours() if state.board.height_at(h) == 2)
    assert climbs.path_tests(state.board, foot, [ladder, roof])[0].by == "ladder"
    act(state, Move(side=u.side, unit=u.id, path=[ladder, roof]), 9)
    assert state.units[u.id].at == roof


def test_a_watcher_moving_away_from_overwatch_takes_the_falling_saves_of_its_jump_down():
    from rules.rulesets.skirmish.actions import WatchMove

    b = board(heights={o(8, 3): 3})  # the watcher stands on a three-level roof
    s = setup([model("r1", "red", o(6, 6)), model("r2", "red", o(1, 9)),
               model("b1", "blue", o(8, 3)), model("b2", "blue", o(14, 1))], b=b)
    state = start(s, overwatch_moves=True)
    b1 = state.units["b1"]
    b1.facing, b1.overwatch, b1.activated = "E", True, True
    state = acting(state, "r1")
    act(state, Move(side="red", unit="r1", path=[o(7, 6), o(8, 6), o(9, 6), o(10, 6), o(11, 6)]))
    assert state.watch() is not None and state.watch().watchers == ["b1"]
    # off the roof to the north: a jump down of 3 levels, two saves: 9 (14) passes, 3 (8) fails: downed
    events = act(state, WatchMove(side="blue", unit="b1", path=[o(8, 2)]), 9, 3)
    assert state.units["b1"].at == o(8, 2) and state.units["b1"].downed
    assert sum("falling save" in t for t in texts(events)) == 2
