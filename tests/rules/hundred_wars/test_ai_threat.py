"""The A Hundred Wars computer weighs the fire in store at the next turn (ai_threat.py) and keeps its units and
blinds within its commanders' Orders Range (ai_hints.beyond_orders); issue 25, mars-expedition against the random
player: the Martians' Riders and Guard Blades, under blinds placed out of Tilas's range, stood in the Colonials'
Gatlings' reach from turn 1 to turn 12 and were shot away one by one (seed 3019: lost 0 to 370)."""

from __future__ import annotations

import random

from rules.ai.evaluate import Evaluator
from rules.ai.hints import hints_for
from rules.ai.simulate import attempt
from rules.rulesets.hundred_wars import RULESET
from rules.rulesets.hundred_wars import ai_hints as hw
from rules.rulesets.hundred_wars.ai_threat import fire_in_store
from rules.service import GameService
from tests.rules.hundred_wars.helpers import at, back_and_done_worth, board, game, unit

TILAS = {"move": [{"mode": "ground", "factor": 10}], "orders": 4, "orders_range": 30, "cqb": 16, "armour": 12}
BLADES = {"move": [{"mode": "ground", "factor": 10}], "weapons": [{"fire": 10, "range": 6}], "cqb": 24, "armour": 12}
DRAGON = {"move": [{"mode": "ground", "factor": 10}], "weapons": [{"fire": 25, "range": 50}], "cqb": 10,
          "armour": 10}
GATLING = {"move": [{"mode": "ground", "factor": 3}], "weapons": [{"fire": 30, "range": 60}], "cqb": 15, "armour": 8}


def _blades_in_the_gatlings_reach() -> GameService:
    """Seed 3019, turn 3: blue's Guard Blades (Range 6 cm: no answer) 11 hexes (55 cm) from a revealed red
    Gatling Battery (Range 60 cm), Tilas behind them out of its reach; blue to give Move counters with 4 pips."""
    state = game([unit("m1", "blue", at(5, 15), **TILAS), unit("m11", "blue", at(6, 12), **BLADES),
                  unit("c18", "red", at(6, 1), **GATLING)],
                 b=board(12, 16), phase="counters", order=("blue", "red"), pips={"m1": 4})
    return GameService(RULESET, state)


def test_a_unit_in_reach_of_a_revealed_gun_counts_its_shot_against_its_side():
    state = _blades_in_the_gatlings_reach().state
    in_reach = fire_in_store(state, "blue", hw.heading)
    assert in_reach > 0
    assert fire_in_store(state, "red", hw.heading) == 0  # the Blades' 6 cm reach nothing
    state.units["m11"].counter = at(6, 15)  # heading two hexes back, 6,14: 13 hexes, out of the Gatling's 12
    assert fire_in_store(state, "blue", hw.heading) == 0


def test_a_counter_out_of_reach_of_guns_it_cannot_answer_is_worth_more_than_standing():
    """Before: standing (Done) scored higher: only the walk toward the enemy counted, and stepping back lost it."""
    worth = back_and_done_worth(_blades_in_the_gatlings_reach(), "blue", "m11", at(6, 15))
    assert worth["counter"] > worth["done"]


def test_the_sides_own_shots_in_store_count_for_it():
    """A Dragon Battery (Range 50 cm) 8 hexes from the Gatling: the shot it has in store counts against red, so
    for blue in the evaluation (blue's worth less red's)."""
    state = game([unit("m1", "blue", at(5, 15), **TILAS), unit("m13", "blue", at(6, 9), **DRAGON),
                  unit("c18", "red", at(6, 1), **GATLING)],
                 b=board(12, 16), phase="counters", order=("blue", "red"), pips={"m1": 4})
    assert fire_in_store(state, "red", hw.heading) > 0
    red_side = hw.side_value(state, "red")
    state.units["m13"].stats = state.units["m13"].stats.model_copy(update={"weapons": []})
    assert hw.side_value(state, "red") > red_side


def _dragons_out_of_orders_range() -> GameService:
    """Seed 3017: blue's blind of Dragon Batteries 9 hexes from Tilas (Orders Range 30 cm: 6 hexes), the
    enemy far off; blue to give Move counters with 4 pips."""
    state = game([unit("m1", "blue", at(2, 14), **TILAS), unit("m13", "blue", None, **DRAGON),
                  unit("m14", "blue", None, **DRAGON), unit("c18", "red", at(6, 0), **GATLING)],
                 b=board(16, 16), phase="counters", order=("blue", "red"), pips={"m1": 4})
    for m in ("m13", "m14"):
        state.blind_of(m).at = at(11, 14)
    return GameService(RULESET, state)


def test_a_blind_out_of_every_commanders_range_counts_its_units_hexes_short():
    state = _dragons_out_of_orders_range().state
    assert hw.beyond_orders(state, "blue") == 2 * (9 - 6)
    state.units["m1"].counter = at(8, 14)  # two hexes on: 7 from the blind
    assert hw.beyond_orders(state, "blue") == 2 * (7 - 6)


def test_the_commander_walks_toward_units_it_cannot_order():
    """Before: Done scored as high as walking to them (the commander's place counted for nothing)."""
    service = _dragons_out_of_orders_range()
    actions = service.seat("blue").legal_actions()
    toward = next(a for a in actions if a.kind == "counter" and a.unit == "m1" and a.to == at(8, 14))
    done = next(a for a in actions if a.kind == "done")
    ev = Evaluator(hints_for(RULESET), RULESET)
    worth = {a.kind: ev.score(attempt(RULESET, service.state, a, random.Random(1)).state, "blue")
             for a in (toward, done)}
    assert worth["counter"] > worth["done"]


MISSILES = {"move": [], "weapons": [{"fire": 45, "range": 120}], "cqb": 0, "armour": 5}


def test_a_shot_at_a_guessed_blind_is_worth_more_than_ending_the_fire():
    """Seed 3004 (the Colonials against the random player): the Missile Battery with only a Martian blind in
    its Range. Before, the blind as guessed (holding nothing) was worth nothing to hit, and the computer ended
    its fire every turn while the Martians stayed hidden, until a Dragon Battery destroyed the Missiles (0-110)."""
    from rules.ai.simulate import guessed

    state = game([unit("c1", "red", at(2, 0), **dict(TILAS, orders=5)), unit("c11", "red", at(6, 0), **MISSILES),
                  unit("m13", "blue", None, **DRAGON)],
                 b=board(12, 16), phase="fire", order=("red", "blue"))
    state.blind_of("m13").at = at(6, 12)
    service = GameService(RULESET, state)
    seat = service.seat("red")
    world = guessed(RULESET, seat.view(), "red", random.Random(1))
    actions = seat.legal_actions()
    shot = next(a for a in actions if a.kind == "fire" and a.unit == "c11")
    done = next(a for a in actions if a.kind == "done")
    ev = Evaluator(hints_for(RULESET), RULESET)

    def worth(a):
        return sum(ev.score(attempt(RULESET, world, a, random.Random(s)).state, "red") for s in range(40)) / 40

    assert worth(shot) > worth(done) + 0.2


def test_fire_in_store_reads_the_terrain_on_the_line_as_the_preview_does():
    """First-blinds, seed 3028 against the random player: Red's Gatling stood four turns across the river (rolled
    V.Hard: the Range score divided by ten, never sighted at 25 cm) from Blue's Dragon Battery, neither able to
    fire at the other, while read in the open each counted as the other's threat; the battery shot the Rifles
    and Red lost 0 to 64. The water between them now counts as the preview counts it: no shot in store."""
    from rules.rulesets.hundred_wars import field
    from rules.rulesets.hundred_wars.preview import preview

    def battery_and_gatling(terrain):
        return game([unit("r4", "red", at(6, 1), **GATLING), unit("b4", "blue", at(6, 6), **DRAGON)],
                    b=board(12, 8, terrain=terrain), phase="fire")

    in_the_open = fire_in_store(battery_and_gatling({}), "red", hw.heading)
    assert in_the_open > 0
    state = battery_and_gatling({at(6, y): "river" for y in (3, 4)})
    piece = field.piece_at(state, at(6, 3))
    assert piece is not None and piece not in state.terrain_rolls
    unrolled = fire_in_store(state, "red", hw.heading)  # read as Hard, the likeliest roll: halves the Range score
    assert 0 < unrolled < in_the_open
    state.terrain_rolls[piece] = "hard"
    assert fire_in_store(state, "red", hw.heading) == unrolled
    state.terrain_rolls[piece] = "very_hard"
    fire = next(a for a in RULESET.legal_actions(state, "red") if a.kind == "fire")
    shot = preview(state, fire)
    assert [o.label for o in shot.outcomes] == ["not sighted"]  # what the rules say of that shot
    assert fire_in_store(state, "red", hw.heading) == 0 == fire_in_store(state, "blue", hw.heading)
    # a commander's risk is read through the same terrain (ai_hints.commanders)
    assert hw.kill_chance(25, 5, 25, 50, 6, "very_hard") == 0 < hw.kill_chance(25, 5, 25, 50, 6, "hard") \
        < hw.kill_chance(25, 5, 25, 50, 6)
