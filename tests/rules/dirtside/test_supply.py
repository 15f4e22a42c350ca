"""House rule 'Artillery and ammo supply' in play: ammunition carriers hand bombardment chits to batteries and
mortar teams ("resupplied in the same way as other artillery"); reloading is the battery's whole activation."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.rulesets.dirtside import RULESET
from rules.rulesets.dirtside.actions import Resupply
from rules.rulesets.dirtside.army import unit_points
from rules.rulesets.dirtside.design import Design, capacity_used, price
from rules.rulesets.dirtside.turn import legal_actions
from rules.rulesets.dirtside.units import DSStats

from tests.rules.dirtside.helpers import at, play, setup, start, tank, team, unit


def gun(name, cls="medium", ammo=3, left=0):
    g = tank(name, gun=("HVC", 3), artillery=cls, ammo=ammo)
    g["ammo"] = left  # chits still carried
    return g


def carrier(name="Ammo", cls="medium", chits=4, size=3):
    return {"name": name, "kind": "vehicle", "design": {"size": size, "armour": 1, "mobility": "wheeled_high",
                                                         "power": "cfe", "supply": cls, "ammo": chits}}


def game(cls="medium", where=at(3, 8), **kw):
    return start(setup([
        unit("bat", "blue", at(2, 8), [gun("Gun 1"), gun("Gun 2", left=2)]),
        unit("sup", "blue", where, [carrier(cls=cls, **kw)]),
        unit("mor", "blue", at(6, 8), [{**team("Mortar", kind="mortar"), "ammo": 0}]),
        unit("r", "red", at(15, 4), [tank("R")]),
    ]), first="blue")


def ammo(state, uid):
    return [e.ammo for e in state.units[uid].stats.elements]


def test_a_carrier_fills_the_guns_in_order_and_the_battery_loses_its_activation():
    state = game()
    assert Resupply(side="blue", unit="sup", target="bat") in legal_actions(state, "blue")
    ctx = play(state, "resupply blue unit=sup target=bat")
    assert ammo(state, "bat") == [3, 3] and ammo(state, "sup") == [0]
    assert state.units["bat"].stats.activated and state.units["sup"].stats.activated is False
    assert state.acted and not state.moved  # the carrier's combat action; it may still move
    assert "hands 4 ammunition chits to bat (0 chits left)" in " ".join(e.text() for e in ctx.events)


def test_a_short_stock_stops_when_the_carrier_is_empty():
    state = game(chits=2)
    play(state, "resupply blue unit=sup target=bat")
    assert ammo(state, "bat") == [2, 2] and ammo(state, "sup") == [0]


def test_refusals_class_contact_activation_and_full_guns():
    state = game(cls="heavy")
    with pytest.raises(Refusal, match="carries heavy chits; bat fires medium artillery"):
        play(state, "resupply blue unit=sup target=bat")
    state = game(where=at(6, 12))
    with pytest.raises(Refusal, match="must be next to bat"):
        play(state, "resupply blue unit=sup target=bat")
    state = game()
    state.units["bat"].stats.activated = True
    with pytest.raises(Refusal, match="already activated this turn: reloading is its whole activation"):
        play(state, "resupply blue unit=sup target=bat")
    state = game()
    for e in state.units["bat"].stats.elements:
        e.ammo = 3
    with pytest.raises(Refusal, match="guns are full"):
        play(state, "resupply blue unit=sup target=bat")
    with pytest.raises(Refusal, match="your own batteries"):
        play(state, "resupply blue unit=sup target=r")
    assert not any(isinstance(a, Resupply) and a.target == "bat" for a in legal_actions(state, "blue"))


def test_a_mortar_team_takes_its_one_bombardment_and_can_fire_again():
    state = game(cls="light", where=at(7, 8))
    play(state, "resupply blue unit=sup target=mor")
    assert ammo(state, "mor") == [1] and ammo(state, "sup") == [3]
    assert state.units["mor"].stats.activated


def test_a_battery_reloads_from_its_own_carrier_as_its_whole_activation():
    state = start(setup([
        unit("bat", "blue", None, [gun("Gun 1", ammo=2), carrier(chits=3)], role="battery", artillery="medium",
             off_table=True),
        unit("t", "blue", at(2, 8), [tank("T")]),
        unit("r", "red", at(15, 4), [tank("R")]),
    ]), first="blue")
    assert "reload its guns" in RULESET.describe(state, Resupply(side="blue", unit="bat", target="bat"))
    play(state, "resupply blue unit=bat target=bat")
    assert ammo(state, "bat") == [2, 1] and state.units["bat"].stats.activated
    assert state.current is None and state.active_side == "red"


def test_carrier_space_and_points_house_and_core():
    d = Design(size=3, armour=1, mobility="wheeled_high", supply="medium", ammo=4)
    assert capacity_used(d) == 12 and capacity_used(d, house=False) == 16  # 3 a medium chit; core 4 a load
    assert not price(d).problems
    assert "capacity" in price(Design(size=2, mobility="wheeled_high", supply="heavy", ammo=2)).problems[0]
    assert price(Design(size=3, supply="light", artillery="light", ammo=1)).problems
    stats = DSStats(elements=[carrier(chits=4)])
    assert stats.elements[0].ammo == 4
    assert unit_points("Ammo", stats)[0] == price(stats.elements[0].design).total + 4 * 30
