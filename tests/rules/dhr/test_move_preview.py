"""DHR move preview (QA: "Move confirmation in DHR shows no terrain-check odds"): exact chances of
arriving or being stopped before each hex, equal to the move itself over every dice outcome."""

from __future__ import annotations

import itertools
from collections import defaultdict
from fractions import Fraction

import pytest

from rules.dice import ScriptedDice
from rules.rulesets.dhr.actions import Move

from tests.rules.dhr.helpers import H, activate, board, setup, unit
from rules.service import GameService
from tests.said import said


def new(terrain, edges=(), mp=3):
    units = [unit("r1", "red", (1, 1), name="1st Squad", figures=4, mp=mp), unit("b1", "blue", (8, 6))]
    return GameService.new(setup(units, b=board(terrain=terrain, edges=edges)), seed=1)


def where_it_ends(g, action, n_faces):
    """The chance of each end hex, applying the move with every row of `n_faces` dice."""
    out = defaultdict(Fraction)
    for faces in itertools.product(range(1, 7), repeat=n_faces):
        g2 = GameService(g.ruleset, g.state.model_copy(deep=True))
        g2.dice_source = lambda seed, index, sink=None, f=faces: ScriptedDice(*f, sink=sink)
        done = g2.apply(action, autosave=False)
        assert done.ok, done.reason
        out[str(g2.state.units["r1"].at)] += Fraction(1, 6 ** n_faces)
    return dict(out)


@pytest.mark.parametrize("terrain,edges,n", [
    ({(2, 1): "woods", (3, 1): "crops"}, (), 2),
    ({(2, 1): "open", (3, 1): "house"}, (), 1),
    ({}, [((1, 1), "E", "barbed_wire")], 3),
])
def test_the_move_preview_equals_the_move_over_every_dice_outcome(terrain, edges, n):
    g = new(terrain, edges)
    activate(g, "r1")
    action = Move(side="red", unit="r1", path=[H(2, 1), H(3, 1)])
    preview = g.preview(action)
    assert sum(o.chance for o in preview.outcomes) == 1
    got = {}
    for o in preview.outcomes:
        words = said(o, g.state)
        if words.startswith("arrives at "):
            got["3,1"] = got.get("3,1", 0) + o.chance
        elif words.startswith("stopped before 2,1"):
            got["1,1"] = got.get("1,1", 0) + o.chance
        elif words.startswith("stopped before 3,1"):
            got["2,1"] = got.get("2,1", 0) + o.chance
        elif words.startswith("stopped at "):
            h = words.split()[2].rstrip(":")
            got[h] = got.get(h, 0) + o.chance
    assert {k: v for k, v in got.items() if v} == where_it_ends(g, action, n)


def test_the_preview_names_the_terrain_and_the_number_to_beat():
    g = new({(2, 1): "woods"})
    activate(g, "r1")
    pv = g.preview(Move(side="red", unit="r1", path=[H(2, 1)]))
    assert pv.dice == "2,1 Woods DV 3: 1d6 over 3"
    assert [(said(o, g.state), o.chance) for o in pv.outcomes] == [
        ("arrives at 2,1", Fraction(1, 2)), ("stopped before 2,1 (Woods, DV 3)", Fraction(1, 2))]
    assert any("another MP" in n for n in pv.notes)
    clear = g.preview(Move(side="red", unit="r1", path=[H(1, 2)]))
    assert clear.dice == "no terrain checks" and clear.outcomes[0].chance == 1


def test_an_area_spell_preview_says_what_it_rolls_and_why_a_troll_takes_no_casualty():
    """QA: the fireball preview said only 'area effect' and 'target: 0 casualties 100%'."""
    from saves.scenarios import load_scenario
    from rules.rulesets.dhr.actions import Cast

    g = GameService.new(load_scenario("tower", "dhr"), seed=3)
    st = g.state
    wiz = next(u for u in st.units.values() if u.stats.special == "wizard" and u.side == "keep")
    troll = next(u for u in st.units.values() if u.name == "Cave troll")
    pv = g.ruleset.preview(st, Cast(side="keep", unit=wiz.id, at=troll.at, spell=0))
    assert pv.dice.startswith("1d6 of 4 or less to land on the hex, then 1d6 per figure, 2 or less to catch it")
    assert said(pv.outcomes[0], st) == "Cave troll: 0 casualties"
    assert any("takes 4 hits to fell" in n and "can only wound" in n for n in pv.notes)
