"""Transports: loading, unloading, and the troops on board when their carrier is hit (dsii-core §4.4, §6.4)."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.rulesets.dirtside import RULESET
from rules.rulesets.dirtside.actions import Load
from rules.rulesets.dirtside.turn import legal_actions

from tests.rules.dirtside.helpers import F, at, play, setup, start, tank, team, unit


def apc(name="APC", **kw):
    return tank(name, size=2, armour=2, gun=("RFAC", 1), fc="basic", carries_teams=2, **kw)


def game(red_first=False):
    return start(setup([
        unit("c", "blue", at(5, 12), [apc()], facing=1),
        unit("i", "blue", at(5, 13), [team("A"), team("B")]),
        unit("rt", "red", at(5, 4), [tank("Red 1")], facing=4),
        unit("rx", "red", at(18, 1), [team("X")]),
    ]), first="red" if red_first else "blue")


def test_loading_costs_half_the_carriers_move_and_the_troops_ride_off_the_map():
    state = game()
    assert Load(side="blue", unit="c", troops="i") in legal_actions(state, "blue")
    play(state, "load blue unit=c troops=i")
    i, c = state.units["i"], state.units["c"]
    assert i.at is None and i.stats.aboard == "c" and i.stats.activated and state.spent == 6  # BMF 12
    with pytest.raises(Refusal, match="has 6 movement"):
        play(state, "move blue unit=c path=[6,12;7,12;8,12;9,12;10,12;11,12;12,12]")
    assert ("On board", "i") in RULESET.unit_card(state, "c")


def test_unloading_puts_the_troops_next_to_the_carrier():
    state = game()
    play(state, "load blue unit=c troops=i")
    play(state, "unload blue unit=c troops=i at=6,12")
    assert state.units["i"].at == at(6, 12) and state.units["i"].stats.aboard is None and state.spent == 12
    assert not any(a.kind in ("move", "load", "unload") for a in legal_actions(state, "blue"))


def test_a_knocked_out_carrier_loses_each_team_on_3_to_6_and_the_survivors_get_out():
    state = game()
    play(state, "load blue unit=c troops=i")
    play(state, "done blue")
    # HKP/3 at 8: d12 9 against the APC's d10 3; R3 Y1 R1 = 5 > 2: knocked out; A rolls 3 (lost), B 2 (safe)
    play(state, "fire red unit=rt at=5,12", 3, 9, F("R3", "Y1", "R1"), 3, 2)
    i = state.units["i"]
    assert state.units["c"].eliminated and [e.lost for e in i.stats.elements] == [True, False]
    assert i.at == at(5, 12) and i.stats.aboard is None


def test_a_boom_kills_everyone_on_board_and_a_damaged_carrier_loses_a_team_on_a_6():
    state = game()
    play(state, "load blue unit=c troops=i")
    play(state, "done blue")
    play(state, "fire red unit=rt at=5,12", 3, 9, F("BOOM", "R0", "R0"))
    assert state.units["i"].eliminated
    state = game()
    play(state, "load blue unit=c troops=i")
    play(state, "done blue")
    # R1 Y1 R0 = 2 = its front armour 2: damaged; A rolls 6 (lost), B 5
    # (safe); the carrier's first damage: test +1
    play(state, "fire red unit=rt at=5,12", 3, 9, F("R1", "Y1", "R0"), 6, 5, 8)
    i = state.units["i"]
    assert [e.lost for e in i.stats.elements] == [True, False] and i.stats.aboard == "c"


def test_optional_abandonment_bails_out_on_1_to_3_after_non_lethal_damage():
    def game(on):
        return start(setup([unit("c", "blue", at(5, 12), [tank("T", armour=2), tank("T2", armour=2)], facing=1),
                            unit("rt", "red", at(5, 4), [tank("Red 1")], facing=4),
                            unit("rx", "red", at(18, 1), [team("X")])]), first="red", abandonment=on)
    state = game(True)
    # R1 Y1 R0 = 2 = front armour 2: damaged; abandonment d6 3: the crew bails out (lost); half lost: test +2 holds;
    # the leader gone: a new leader's d6
    play(state, "fire red unit=rt at=5,12", 3, 9, F("R1", "Y1", "R0"), 3, 8, 4)
    assert state.units["c"].stats.elements[0].lost
    state = game(False)
    play(state, "fire red unit=rt at=5,12", 3, 9, F("R1", "Y1", "R0"), 8)  # off: damaged only, test +1
    assert state.units["c"].stats.elements[0].damaged and not state.units["c"].stats.elements[0].lost


def apc_game(armour=2, mobility="tracked_fast"):
    from tests.rules.dirtside.helpers import at, setup, start, tank, team, unit
    carrier = tank("APC", armour=armour, gun=("RFAC", 1), carries_teams=2, mobility=mobility)
    return start(setup([
        unit("apc", "blue", at(5, 8), [carrier]),
        unit("sq", "blue", None, [team("S1"), team("S2")], aboard="apc"),
        unit("ri", "red", at(10, 8), [team("R1")]),
        unit("rt", "red", at(8, 8), [tank("RT")]),
    ]), first="blue")


def test_infantry_fire_from_their_apc_is_always_ineffective_under_fire_only():
    from fractions import Fraction
    from rules.rulesets.dirtside import RULESET
    from rules.rulesets.dirtside.actions import Fire
    from tests.rules.dirtside.helpers import at, play
    state = apc_game()
    fire = Fire(side="blue", unit="sq", at=at(10, 8))
    assert fire in RULESET.legal_actions(state, "blue")
    assert Fire(side="blue", unit="sq", at=at(8, 8)) not in RULESET.legal_actions(state, "blue")  # a vehicle
    p = RULESET.preview(state, fire)
    assert [o.chance for o in p.outcomes] == [Fraction(1)]
    assert "always ineffective" in RULESET.describe(state, fire)
    ctx = play(state, "fire blue unit=sq at=10,8")  # no die is rolled
    assert not [e for e in ctx.events if e.kind == "rolled"]
    assert state.units["ri"].stats.under_fire and not any(e.lost for e in state.units["ri"].stats.elements)
    assert state.units["sq"].stats.activated and state.units["sq"].stats.aboard == "apc"


def test_troops_in_a_truck_may_not_fire_and_range_is_the_troops_firefight_range():
    import pytest
    from rules.core import Refusal
    from tests.rules.dirtside.helpers import play
    state = apc_game(armour=0)
    with pytest.raises(Refusal, match="only from an APC or MICV"):
        play(state, "fire blue unit=sq at=10,8")
    state = apc_game()
    state.units["ri"].at = state.units["ri"].at.__class__(state.units["ri"].at.q + 2, state.units["ri"].at.r)
    with pytest.raises(Refusal, match="out of sq's reach or sight \\(6 hexes\\)"):
        play(state, "fire blue unit=sq at=12,8")
