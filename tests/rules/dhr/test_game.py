"""Whole games through the GameService: the bundled scenarios load and play to their end with
seeded dice; undo is exact; a replay of the log gives the same state; victory conditions."""

from __future__ import annotations

import random

import pytest

from rules.core import GameResult
from rules.rulesets.dhr import RULESET
from rules.rulesets.dhr.actions import End
from rules.rulesets.dhr.victory import check
from rules.service import GameService

from tests.rules.dhr.helpers import RIFLE, V, game, unit

ALL_ON = dict(area_effect=True, vehicles=True, damage_table=True, special_figures=True, crew_served=True)


def load(name):
    from saves import scenarios

    return scenarios.load_scenario(name, ruleset="dhr")


def play(g: GameService, seed: int, limit: int = 4000, undo_every: int = 0) -> int:
    rng = random.Random(seed)
    for i in range(limit):
        d = g.decision()
        if d.side is None:
            return i
        acts = g.legal_actions()
        assert acts, f"{d.side} must decide but has no legal action"
        attacks = [a for a in acts if a.kind in ("fire", "melee", "overrun", "call", "cast")]
        a = rng.choice(attacks if attacks and rng.random() < 0.7 else acts)
        assert g.parse(a.text()) == a
        if undo_every and i % undo_every == 0:
            before = g.state.model_copy(deep=True)
            assert g.apply(a).ok
            after = g.state.model_copy(deep=True)
            assert g.undo() and g.state == before, "undo restores the exact state"
            assert g.redo() and g.state == after
            continue
        done = g.apply(a)
        assert done.ok, f"legal action refused: {a.text()}: {done.reason}"
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name", ["farm", "field", "tower", "hedgerow"])
def test_bundled_scenarios_load(name):
    s = load(name)
    assert s.ruleset == "dhr" and s.units
    g = GameService.new(s, seed=1)
    assert g.decision().side == s.sides[0].id


@pytest.mark.parametrize("name,opts", [("farm", {}), ("farm", ALL_ON), ("field", {}),
                                       ("field", dict(ALL_ON, chip_draw="unit")), ("tower", {}),
                                       ("tower", dict(ALL_ON, chip_draw="unit"))])
def test_bundled_scenarios_play_to_their_end(name, opts):
    s = load(name)
    g = GameService.new(s, seed=7, options=opts)
    play(g, seed=7, undo_every=5)
    assert g.result is not None
    assert g.result.turn <= (s.max_turns or 99)
    assert g.events[-1].kind == "game_over"
    again = GameService.replay(g.ruleset, g.initial, g.log)
    assert again.state == g.state, "a replay of the log reproduces the game"


def test_the_farm_is_won_by_holding_the_house_or_held_to_the_last_turn():
    s = load("farm")
    kinds = {(v.kind, v.side) for v in s.victory}
    assert kinds == {("hold", "us"), ("casualties", "de"), ("turn_limit", "de")}
    g = GameService.new(s, seed=3)
    st = g.state
    st.turn = 7  # past the end of turn 6
    assert check(st).winner == "de"
    de1 = st.units["de1"]
    house = s.victory[0].hexes[0]
    us1 = st.units["us1"]
    us1.at = house
    de1.at = s.victory[0].hexes[3] if de1.at == house else de1.at
    st.units["de1"].eliminated = True
    st.units["de2"].eliminated = True  # the MG-42 team stands in the house too
    assert check(st).winner == "us"
    st.units["de2"].eliminated = False
    assert check(st).winner == "de", "a German unit left in the house holds it"


def test_the_farms_mg_stands_in_the_house_and_every_approach_gets_its_save():
    """QA: the MG-42 in the yard had no save from 11,7 (the line ran along a wall's spine) and died
    on turn 1. In the farmhouse (DV 4) every line of fire gives it the house's save."""
    from rules.hexgrid import from_offset
    from rules.rulesets.dhr import combat

    s = load("farm")
    st = GameService.new(s, seed=1).state
    mg = st.units["de2"]
    assert mg.at in s.victory[0].hexes
    for col in range(st.board.width):
        for row in range(6, st.board.height):
            assert combat.save_dv(st, from_offset(col, row), mg.at) >= 4


def test_save_and_load_keeps_the_game(tmp_path):
    from saves import store

    g = GameService.new(load("farm"), seed=11)
    rng = random.Random(2)
    for _ in range(30):
        if g.decision().side is None:
            break
        assert g.apply(rng.choice(g.legal_actions())).ok
    path = tmp_path / "farm.toml"
    store.save_game(g, path)
    assert store.load_game(path).state == g.state


def test_victory_by_elimination_casualties_and_turn_limit():
    units = [unit("r1", "red", (1, 1), figures=4, weapons=[RIFLE]), unit("b1", "blue", (5, 1), figures=4)]
    g = game(units, victory=[V("casualties", side="red", fraction=0.5)], max_turns=3)
    st = g.state
    assert check(st) is None
    st.units["b1"].figures = 2
    assert check(st) == GameResult(winner="red", reason="the enemy lost 2 of 4 figures", turn=1)
    st.units["b1"].figures = 4
    st.turn = 4
    assert check(st).winner is None and "turn limit" in check(st).reason
    st.units["b1"].eliminated = True
    assert check(st).winner == "red"


def test_the_game_ends_after_the_last_turn_through_the_service():
    units = [unit("r1", "red", (1, 1)), unit("b1", "blue", (8, 1))]
    g = game(units, max_turns=2, victory=[V("turn_limit", side="blue")])
    assert g.apply(g.legal_actions()[0]).ok
    for _ in range(10):
        if g.result:
            break
        assert g.apply(End(side=g.decision().side)).ok
    assert g.result is not None and g.result.winner == "blue" and g.result.turn == 2
    assert g.state.turn == 3


def test_unit_card_marks_and_describe():
    g = GameService.new(load("field"), seed=1)
    st = g.state
    card = dict(RULESET.unit_card(st, "y6"))
    assert card["Special"] == "champion" and card["Rating"] == "5 (Elite)"
    assert RULESET.unit_marks(st, "y1") == "10f"
    assert RULESET.unit_marks(st, "l6") == "1f+"  # Lord Clifford rides with the billmen
    assert "chips in the bag" in RULESET.side_lines(st, "york")[0]
    for a in g.legal_actions():
        assert RULESET.describe(st, a)
    assert "chip bag" in RULESET.reference()
    keys = [k.key for k in RULESET.action_kinds.values()]
    assert len(set(keys)) == len(keys)
    assert not set(keys) & set("uqzlnr? 0123456789")
