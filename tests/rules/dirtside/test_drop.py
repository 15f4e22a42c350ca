"""Drop troops (house 'Aerospace vehicles': craft over the battle area drop troops; §12.7 +50%) and VTOLs
putting troops down one element per half move (§4.4), with forced dice and chits."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.core import Refusal
from rules.rulesets.dirtside import RULESET
from rules.rulesets.dirtside.actions import Drop, Unload
from rules.rulesets.dirtside.army import unit_points
from rules.rulesets.dirtside.turn import legal_actions
from rules.rulesets.dirtside.units import DSStats

from tests.rules.dirtside.helpers import F, at, board, play, setup, start, tank, team, unit


def lifter(id="lift", side="blue", wing=None):
    return unit(id, side, None, [{"name": id, "kind": "aircraft", "design": {
        "size": 4, "armour": 2, "mobility": "aerospace", "power": "fgp", "carries_teams": 2}}],
        role="aircraft", off_table=False, **({"wingman": wing} if wing else {}))


def commandos(drop=True):
    return unit("cdo", "blue", None, [team("C1", kind="commando"), team("C2", kind="commando")], aboard="lift",
                drop=drop)


def game(ads=False, drop=True):
    units = [lifter(), commandos(drop), unit("t", "blue", at(3, 14), [tank("T")]),
             unit("r", "red", at(10, 4), [tank("R")])]
    if ads:
        units.append(unit("aa", "red", at(14, 2), [tank("ADS", gun=("RFAC", 2), ads="enhanced")], sensors=True))
    return start(setup(units), first="blue")


def test_drop_troops_land_on_a_free_hex_and_count_as_activated():
    state = game()
    assert Drop(side="blue", unit="lift", troops="cdo", at=at(11, 4)) in legal_actions(state, "blue")
    p = RULESET.preview(state, Drop(side="blue", unit="lift", troops="cdo", at=at(11, 4)))
    assert [(o.label, o.chance) for o in p.outcomes] == [("cdo lands at " + str(at(11, 4)), 1)]
    play(state, "drop blue unit=lift troops=cdo at=11,4")
    cdo = state.units["cdo"]
    assert cdo.at == at(11, 4) and cdo.stats.aboard is None and cdo.stats.activated
    assert state.units["lift"].stats.activated


def test_zone_air_defence_on_the_way_in_and_the_exact_preview():
    state = game(ads=True)
    p = RULESET.preview(state, Drop(side="blue", unit="lift", troops="cdo", at=at(11, 4)))
    # the pilot's test (d8 beats 2 + 1: 5/8), then the ADS d8 must not tie or beat the pilot's d8 (28/64)
    assert p.outcomes[0].chance == Fraction(5, 8) * Fraction(28, 64)
    assert sum(o.chance for o in p.outcomes) == 1
    play(state, "drop blue unit=lift troops=cdo at=11,4", 6, 2, 5)
    assert state.units["cdo"].at == at(11, 4)


def test_a_carrier_turned_back_keeps_its_troops_and_one_shot_down_loses_them():
    state = game(ads=True)
    play(state, "drop blue unit=lift troops=cdo at=11,4", 2)  # the pilot fails the +1 test: it leaves
    assert state.units["cdo"].stats.aboard == "lift" and state.units["lift"].stats.off_table
    state = game(ads=True)
    # passes; the ADS rolls 8 over 3: 3 chits, 9 > armour 2: shot down with everybody aboard
    play(state, "drop blue unit=lift troops=cdo at=11,4", 6, 8, 3, F("R3", "R3", "R3"))
    assert state.units["lift"].eliminated and state.units["cdo"].eliminated
    assert all(e.lost for e in state.units["cdo"].stats.elements)


def test_troops_without_drop_capability_land_with_the_transport_on_open_ground():
    """§4.4 'aerospace transports must land' and §11.4 'landing craft land in place of the attack': through zone
    air defence as a drop, then it touches down and the troops disembark (activated); never in woods or towns."""
    woods = board(terrain={at(12, 4): "light_woods"})
    state = start(setup([lifter(), commandos(drop=False), unit("t", "blue", at(3, 14), [tank("T")]),
                         unit("r", "red", at(10, 4), [tank("R")])], b=woods), first="blue")
    landing = Drop(side="blue", unit="lift", troops="cdo", at=at(11, 4))
    assert landing in legal_actions(state, "blue")
    assert Drop(side="blue", unit="lift", troops="cdo", at=at(12, 4)) not in legal_actions(state, "blue")
    assert "land at" in RULESET.describe(state, landing)
    p = RULESET.preview(state, landing)
    assert [(o.label, o.chance) for o in p.outcomes] == [(f"lift lands, cdo disembarks at {at(11, 4)}", 1)]
    with pytest.raises(Refusal, match="must land to put them down.*not on light woods"):
        play(state, "drop blue unit=lift troops=cdo at=12,4")
    ctx = play(state, "drop blue unit=lift troops=cdo at=11,4")
    cdo = state.units["cdo"]
    assert cdo.at == at(11, 4) and cdo.stats.aboard is None and cdo.stats.activated
    assert any("lands at" in getattr(e, "message", "") for e in ctx.events)


def test_a_landing_transport_turned_back_keeps_troops_without_drop_capability():
    units = [lifter(), commandos(drop=False), unit("t", "blue", at(3, 14), [tank("T")]),
             unit("r", "red", at(10, 4), [tank("R")]),
             unit("aa", "red", at(14, 2), [tank("ADS", gun=("RFAC", 2), ads="enhanced")], sensors=True)]
    state = start(setup(units), first="blue")
    play(state, "drop blue unit=lift troops=cdo at=11,4", 2)  # the pilot fails the +1 test: it leaves
    assert state.units["cdo"].stats.aboard == "lift" and state.units["cdo"].at is None


def test_the_hex_must_be_free_and_the_craft_over_the_battle_area():
    state = game()
    with pytest.raises(Refusal, match="not a free hex"):
        play(state, "drop blue unit=lift troops=cdo at=10,4")
    state.units["lift"].stats.off_table = True
    with pytest.raises(Refusal, match="over the battle area"):
        play(state, "drop blue unit=lift troops=cdo at=11,4")


def test_drop_capability_costs_half_again_each_element():
    plain = DSStats(elements=[team("C1", kind="commando")])
    dropped = DSStats(elements=[team("C1", kind="commando")], drop=True)
    assert unit_points("x", dropped)[0] == unit_points("x", plain)[0] * 3 // 2 == 135  # line commando 90 + 45


def vtol_game(teams=2, mode="low"):
    heli = {"name": "Heli", "kind": "vehicle", "design": {"size": 3, "armour": 1, "mobility": "vtol",
                                                          "power": "fgp", "carries_teams": 3}}
    return start(setup([
        unit("h", "blue", at(5, 8), [heli], mode=mode),
        unit("sq", "blue", None, [team(f"S{i}") for i in range(teams)], aboard="h"),
        unit("r", "red", at(15, 4), [tank("R")]),
    ]), first="blue")


def test_a_hovering_vtol_drops_one_element_per_half_move():
    state = vtol_game(teams=2)
    play(state, "unload blue unit=h troops=sq at=6,8")
    assert state.spent == state.units["h"].bmf()  # two teams: two half moves, its whole move
    state = vtol_game(teams=3)
    assert not any(isinstance(a, Unload) for a in legal_actions(state, "blue"))
    with pytest.raises(Refusal, match="has not 45 of its move left"):
        play(state, "unload blue unit=h troops=sq at=6,8")
    state = vtol_game(teams=3, mode="grounded")
    play(state, "unload blue unit=h troops=sq at=6,8")  # landed: any number in one half move
    assert state.spent == state.units["h"].bmf() / 2
    state = vtol_game(mode="high")
    with pytest.raises(Refusal, match="high mode"):
        play(state, "unload blue unit=h troops=sq at=6,8")
