"""Dead-fall ordnance (dsii-core §11.4; house 'Aerospace vehicles': a bomber leaves after dropping its ordnance):
an attack run drops one load on the target's hex: every element within 2 hexes draws 2 chits with the munition's
artillery validity; a load costs 30 points and 4 capacity."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.core import Refusal
from rules.rulesets.dirtside import RULESET, odds
from rules.rulesets.dirtside import chits as ch
from rules.rulesets.dirtside.actions import AttackRun
from rules.rulesets.dirtside.design import Design, price
from rules.rulesets.dirtside.turn import legal_actions

from tests.rules.dirtside.helpers import F, at, play, setup, start, tank, team, unit
from tests.said import chances, said


def bomber(loads=2):
    return unit("bomb", "blue", None, [{"name": "Bomber", "kind": "aircraft", "design": {
        "size": 4, "armour": 2, "mobility": "aerospace", "power": "fgp", "fc": "basic", "dfo": loads,
        "weapons": [{"type": "RFAC", "cls": 1, "mount": "fixed"}]}}], role="aircraft", off_table=False)


def game(loads=2):
    return start(setup([
        bomber(loads), unit("t", "blue", at(3, 14), [tank("T")]),
        unit("inf", "red", at(10, 4), [team("A"), team("B")]),
        unit("far", "red", at(17, 2), [tank("R")]),
    ]), first="blue")


def test_a_load_draws_2_chits_on_every_element_in_the_zone_with_hef_validity():
    state = game()
    assert AttackRun(side="blue", unit="bomb", at=at(10, 4), ordnance="HEF") in legal_actions(state, "blue")
    # HEF against infantry in the open: red + yellow; A draws R3 + Y1 = 4, killed; B draws G3 + G3 = 0
    play(state, "run blue unit=bomb at=10,4 ordnance=HEF", F("R3", "Y1"), F("G3", "G3"), 8, 5, 8)
    assert [e.lost for e in state.units["inf"].stats.elements] == [True, False]
    assert state.units["bomb"].stats.elements[0].dfo == 1
    assert ("Ordnance loads", "1") in RULESET.unit_card(state, "bomb")


def test_the_preview_and_no_load_left():
    state = game()
    p = RULESET.preview(state, AttackRun(side="blue", unit="bomb", at=at(10, 4), ordnance="HEF"))
    kill = next(o.chance for o in p.outcomes if said(o, state) == "inf A: killed")
    assert kill == odds.infantry_kill(2, ch.RY, 4)  # no air defence: the load always falls
    state = game(loads=0)
    assert not any(isinstance(a, AttackRun) and a.ordnance != "none" for a in legal_actions(state, "blue"))
    with pytest.raises(Refusal, match="no dead-fall ordnance load left"):
        play(state, "run blue unit=bomb at=10,4 ordnance=MAK")


def test_a_broken_craft_is_offered_no_attack_run_since_the_rules_refuse_it():
    """Found by the level tables (Dirtside valley, seed 5012): a Broken bomber was offered its runs, and the
    computer's pick of one was refused: the legal actions and the rules now ask the same question."""
    state = game()
    state.units["bomb"].stats.confidence = "BR"
    offered = [a for a in legal_actions(state, "blue") if a.unit == "bomb"]
    assert offered and not any(isinstance(a, AttackRun) for a in offered)  # it may still leave (its sortie)
    for ordnance in ("none", "HEF"):
        with pytest.raises(Refusal, match="is Broken: it may not attack"):
            play(state, f"run blue unit=bomb at=10,4 ordnance={ordnance}")


def test_loads_cost_30_and_take_4_capacity_on_aerospace_craft_only():
    d = Design(size=4, armour=2, mobility="aerospace", power="fgp", dfo=2)
    assert ("2 ordnance loads", 60) in price(d).lines and not price(d).problems
    assert "ordnance loads go on aerospace craft only" in price(Design(size=4, dfo=1)).problems[0]
    assert ("1 ordnance load", 30) in price(Design(size=4, dfo=1)).lines
    assert price(Design(size=1, armour=0, mobility="aerospace", power="fgp", dfo=2)).problems  # 8 > 5 capacity


def flight_game(ads: bool = False, wing_loads: int = 1):
    lead = bomber(1)
    lead.stats["wingman"] = "wing"
    wing = unit("wing", "blue", None, [{"name": "Wing", "kind": "aircraft", "design": {
        "size": 4, "armour": 2, "mobility": "aerospace", "power": "fgp", "fc": "basic", "dfo": wing_loads,
        "weapons": [{"type": "RFAC", "cls": 1, "mount": "fixed"}]}}], role="aircraft", off_table=False)
    units = [lead, wing, unit("t", "blue", at(3, 14), [tank("T")]),
             unit("inf", "red", at(10, 4), [team("A"), team("B")]),
             unit("near", "red", at(11, 4), [team("N")]),
             unit("far", "red", at(17, 2), [tank("R")])]
    if ads:
        units.append(unit("aa", "red", at(14, 2), [tank("ADS", gun=("RFAC", 2), ads="enhanced")], sensors=True))
    return start(setup(units), first="blue")


def test_the_flight_preview_counts_the_wingmans_load_while_the_target_stands():
    """Both craft drop (no air defence): the target's first team faces two loads; a unit beside it faces the
    second load only when the first left the target unit standing (not both its teams killed)."""
    state = flight_game()
    p = RULESET.preview(state, AttackRun(side="blue", unit="bomb", at=at(10, 4), ordnance="HEF"))
    shown = chances(p, state)
    k = odds.infantry_kill(2, ch.RY, 4)
    assert shown["inf A: killed"] == 1 - (1 - k) ** 2
    assert shown["near N: killed"] == k + (1 - k) * (1 - k * k) * k
    assert shown["near N: killed"] + shown["near N: unhurt"] == 1


def test_the_wingman_drops_only_while_the_target_unit_stands():
    state = flight_game()
    # the lead's load: A and B each draw R3 + Y1 = 4, killed; N draws G3 + G3; the unit is gone: the wing holds its load
    play(state, "run blue unit=bomb at=10,4 ordnance=HEF", F("R3", "Y1"), F("R3", "Y1"), F("G3", "G3"), 8)
    assert state.units["inf"].eliminated and state.units["wing"].stats.elements[0].dfo == 1


def test_the_flight_preview_takes_each_craft_through_zone_air_defence():
    """One ADS: both craft test at +1 first (leaving on a failure), then it fires at the lead (if still over,
    else at the wing); a load falls for each craft still over."""
    from rules.rulesets.dirtside import air, airops
    from rules.rulesets.dirtside.ladder import SYSTEM_DIE
    state = flight_game(ads=True)
    p = RULESET.preview(state, AttackRun(side="blue", unit="bomb", at=at(10, 4), ordnance="HEF"))
    shown = chances(p, state)
    craft = [state.units["bomb"], state.units["wing"]]
    t = [odds.test_outcomes(c.stats.die(), c.stats.leadership, 1)[0] for c in craft]
    miss = [odds.air_defence(SYSTEM_DIE["enhanced"], air.ADS_CHITS["enhanced"], airops.pilot_dice(c),
                             airops.craft(c).armour())["miss"] for c in craft]
    two = t[0] * t[1] * miss[0]
    one = t[0] * t[1] * (1 - miss[0]) + t[0] * (1 - t[1]) * miss[0] + (1 - t[0]) * t[1] * miss[1]
    assert shown["two loads fall"] == two and shown["one load falls"] == one
    assert shown["no load falls (turned back or shot down first)"] == 1 - one - two


def test_a_wingman_with_no_load_left_is_named_in_the_flight_preview():
    state = flight_game(wing_loads=0)
    p = RULESET.preview(state, AttackRun(side="blue", unit="bomb", at=at(10, 4), ordnance="HEF"))
    k = odds.infantry_kill(2, ch.RY, 4)
    assert chances(p, state)["inf A: killed"] == k
    assert any("no load left attacks with its gun" in n for n in p.notes)
