"""A Hundred Wars: the computer gives Move counters and fires (issue 25: mars-expedition's Martians stood and died).

A Move counter is given in Phase 3 and obeyed in Phase 5, after the fire: further away than the computer's
look-ahead. Read where the unit stood, a counter changed nothing the computer saw, it chose Done over every
counter, and the Martians (weapons of 6 to 50 cm) stood on their edge under the Colonials' 120 cm missiles.
"""

from __future__ import annotations

import random

from rules.ai.computer import Computer
from rules.ai.evaluate import Evaluator
from rules.ai.hints import hints_for
from rules.ai.simulate import attempt
from rules.rulesets.hundred_wars import RULESET
from rules.rulesets.hundred_wars import ai_hints as hw
from rules.service import GameService
from rules.rulesets.hundred_wars import field
from tests.rules.hundred_wars.helpers import at, board, game, unit

# The text's sample lists (mars-expedition.toml): a Martian commander, a Maldian Guard Blade, the Great
# Dragon Battery, and a Colonial Missile Battery (Range 120 cm: the whole of a 12 x 8 table of 5 cm hexes).
TILAS = {"move": [{"mode": "ground", "factor": 10}], "orders": 4, "orders_range": 30, "cqb": 16, "armour": 12}
BLADES = {"move": [{"mode": "ground", "factor": 10}], "weapons": [{"fire": 10, "range": 6}], "cqb": 24, "armour": 12}
DRAGON = {"move": [{"mode": "ground", "factor": 10}], "weapons": [{"fire": 25, "range": 50}], "cqb": 10,
          "armour": 10}
MISSILES = {"move": [], "weapons": [{"fire": 45, "range": 120}], "cqb": 0, "armour": 5}


def _martians_out_of_reach(phase: str):
    """Blue (the Martians) at the south edge, its Guard Blades 7 hexes (35 cm) from a red Missile Battery that
    reaches them: blue to act in `phase` with its commander's 4 pips."""
    state = game([unit("m1", "blue", at(4, 7), **TILAS), unit("m11", "blue", at(6, 7), **BLADES),
                  unit("c11", "red", at(6, 0), **MISSILES)],
                 phase=phase, order=("blue", "red"), pips={"m1": 4})
    return GameService(RULESET, state)


def test_a_move_counter_reads_as_the_move_it_orders():
    service = _martians_out_of_reach("counters")
    state = service.state
    assert hw.heading(state, state.units["m11"]) is None  # no counter: it stands where it is
    state.units["m11"].counter = at(6, 0)
    ahead = hw.heading(state, state.units["m11"])
    assert ahead.distance(state.units["m11"].at) == 2  # Move 10 cm: two 5 cm hexes on the way
    assert ahead.distance(at(6, 0)) == state.units["m11"].at.distance(at(6, 0)) - 2
    state.units["c11"].counter = at(6, 3)  # Move 0: it goes nowhere
    assert hw.heading(state, state.units["c11"]) is None


def test_a_counter_reads_as_far_as_the_terrain_on_the_way_lets_the_unit_walk():
    """A river across the way, rolled V.Hard, divides a Move of 10 to 1 cm: the unit never enters it (AHW-A06,
    A07). Read along the line with the terrain left aside, the counter beyond looked like two hexes a turn, and a
    Dragon Battery stood at the bank for four turns (first-blinds, seed 3019 against the random player)."""
    state = game([unit("m1", "blue", at(4, 7), **TILAS), unit("m23", "blue", at(6, 6), **DRAGON),
                  unit("c11", "red", at(6, 0), **MISSILES)],
                 b=board(12, 8, terrain={at(x, 5): "river" for x in range(12)}), phase="counters",
                 order=("blue", "red"), pips={"m1": 4})
    battery = state.units["m23"]
    battery.counter = at(6, 1)
    piece = field.piece_at(state, at(6, 5))
    state.terrain_rolls[piece] = "very_hard"
    assert hw.heading(state, battery) is None  # it stays where it is
    state.terrain_rolls[piece] = "hard"  # Move 10 / 2 = 5 cm: one hex, into the river, and no further
    into = hw.heading(state, battery)
    assert into.distance(battery.at) == 1 and field.piece_at(state, into) == piece
    state.terrain_rolls[piece] = "easy"
    across = hw.heading(state, battery)
    assert across.distance(battery.at) == 2 and across.distance(at(6, 1)) == battery.at.distance(at(6, 1)) - 2
    del state.terrain_rolls[piece]  # never rolled: read as Hard, the likeliest of its 1d10
    assert hw.heading(state, battery) == into
    # Each walk is found once for the board (ai_hints.walk_end): asked again of the same position, it is the same;
    # a unit standing on the way is a new position, and the path goes round it, as the rules' does.
    assert hw.heading(state, battery) == into and len(state.board.memo("ai_walk_end")) == 4  # one a terrain
    state.units["m1"].at = into
    assert hw.heading(state, battery) != into and len(state.board.memo("ai_walk_end")) == 5


def test_one_reading_finds_each_heading_once_and_as_heading_does(monkeypatch):
    """`headings` serves a whole reading of one position (side_value): what `heading` says of every unit, the
    table's part of the walk's key made once, not once a unit (a sixth of mars-expedition's slowest hard
    decision, stop 56)."""
    state = game([unit("m1", "blue", at(4, 7), **TILAS), unit("m11", "blue", at(6, 7), **BLADES),
                  unit("m23", "blue", at(2, 6), **DRAGON), unit("c11", "red", at(6, 0), **MISSILES)],
                 phase="counters", order=("blue", "red"), pips={"m1": 4})
    state.units["m11"].counter, state.units["m23"].counter = at(6, 1), at(2, 1)
    made = []
    real = hw.table_key
    monkeypatch.setattr(hw, "table_key", lambda s: made.append(1) or real(s))
    where = hw.headings(state)
    assert len(made) == 1
    for u in state.units.values():
        assert where(state, u) == where(state, u) == hw.heading(state, u, real(state))
    assert where(state, state.units["m11"]) is not None and len(made) == 1
    before = hw.side_value(state, "blue")
    made.clear()
    assert hw.side_value(state, "blue") == before and len(made) == 1  # one reading, one key


def test_a_counter_toward_the_enemy_is_worth_more_than_done():
    service = _martians_out_of_reach("counters")
    seat = service.seat("blue")
    actions = seat.legal_actions()
    toward = next(a for a in actions if a.kind == "counter" and a.unit == "m11" and a.to == at(6, 1) and not a.attack)
    done = next(a for a in actions if a.kind == "done")
    ev = Evaluator(hints_for(RULESET), RULESET)
    worth = {a.kind: ev.score(attempt(RULESET, service.state, a, random.Random(1)).state, "blue")
             for a in (toward, done)}
    assert worth["counter"] > worth["done"]


def test_the_computer_sends_a_unit_out_of_reach_toward_the_enemy():
    """Before: Done (every counter scored as standing still; of the ties, the one that changed nothing)."""
    for seed in (1, 2, 3):
        service = _martians_out_of_reach("counters")
        choice = Computer(random.Random(seed)).choose(service.seat("blue"))
        assert choice.kind == "counter", (seed, choice.text())
        mover = service.state.units[choice.unit]
        assert choice.to.distance(at(6, 0)) < mover.at.distance(at(6, 0)), choice.text()


def test_a_martian_in_range_fires_at_a_visible_colonial():
    """The Dragon Battery (Fire 25, Range 50 cm) 30 cm from a Missile Battery (Armour 5): fire is legal, and
    the computer fires. Before, with seed 3 it agreed to end the game (0-0: a draw at best): agreeing, then the
    same shot with lucky dice in its look-ahead, outscored the shot played at once (ai_hints.prune)."""
    state = game([unit("m1", "blue", at(4, 7), **TILAS), unit("m23", "blue", at(6, 6), **DRAGON),
                  unit("c11", "red", at(6, 0), **MISSILES)],
                 phase="fire", order=("blue", "red"))
    service = GameService(RULESET, state)
    seat = service.seat("blue")
    fires = [a for a in seat.legal_actions() if a.kind == "fire"]
    assert [(a.unit, a.at) for a in fires] == [("m23", at(6, 0))]
    for seed in (1, 2, 3):
        assert Computer(random.Random(seed)).choose(service.seat("blue")).kind == "fire"


def test_a_unit_under_a_blind_on_the_table_is_not_read_as_still_to_come():
    """Read as still to come (as far away as the map allows), a unit under a blind made lifting the blind worth a
    walk across the table: the computer revealed every blind at once, out of range of anything to shoot."""
    state = game([unit("m1", "blue", at(4, 7), **TILAS), unit("m11", "blue", None, **BLADES),
                  unit("c11", "red", at(6, 0), **MISSILES)],
                 phase="fire", order=("blue", "red"))
    state.blind_of("m11").at = at(6, 7)
    service = GameService(RULESET, state)
    state = service.state
    assert hw.heading(state, state.units["m11"]) == at(6, 7)
    seat = service.seat("blue")
    actions = seat.legal_actions()
    reveal = next(a for a in actions if a.kind == "reveal")
    done = next(a for a in actions if a.kind == "done")
    ev = Evaluator(hints_for(RULESET), RULESET)
    worth = {a.kind: ev.score(attempt(RULESET, state, a, random.Random(1)).state, "blue") for a in (reveal, done)}
    coming_on = ev.contact * (state.board.width + state.board.height)  # a unit off the table, as `position` reads it
    # before: the unit's coming on plus its worth (2.5 here, 5.5 on mars-expedition's table); now its worth and
    # the blind's own marker gone (1.2)
    assert worth["reveal"] - worth["done"] < coming_on
