"""Vehicle design points: the book's eight printed vehicles (core) and the house rules' changes."""

from __future__ import annotations

import pytest

from rules.rulesets.dirtside.design import Design, Weapon, price

BOOK = {
    "medium battle tank": (172, Design(size=3, mobility="tracked_fast", power="hmt", armour=3, fc="superior",
                                       weapons=[Weapon(type="HKP", cls=3), Weapon(type="RFAC", cls=1)],
                                       pds="enhanced", ecm="enhanced")),
    "light MICV": (71, Design(size=2, mobility="gev_fast", power="hmt", armour=2, fc="enhanced", ecm="basic",
                              weapons=[Weapon(type="MDC", cls=2)], carries_teams=1)),
    "DEIMOS": (356, Design(size=4, mobility="gev_slow", power="fgp", armour=4, fc="superior", pds="enhanced",
                           ecm="enhanced", apfc=True, stealth=1,
                           weapons=[Weapon(type="MDC", cls=4), Weapon(type="GMS/H", guidance="enhanced")])),
    "assault VTOL": (178, Design(size=3, mobility="vtol", power="fgp", armour=2, fc="enhanced", ecm="enhanced",
                                 weapons=[Weapon(type="RFAC", cls=1)], carries_teams=2)),
    "wheeled APC": (70, Design(size=3, mobility="wheeled_high", amphibious=True, power="cfe", armour=3,
                               fc="enhanced", ecm="basic", weapons=[Weapon(type="MDC", cls=1)], carries_teams=2)),
    "medium artillery": (209, Design(size=3, mobility="tracked_slow", power="cfe", armour=3, artillery="medium",
                                     ammo=1, pds="basic", apfc=True, ecm="enhanced")),
    "area defence": (393, Design(size=3, mobility="tracked_slow", power="cfe", armour=3, ads="enhanced",
                                 ecm="superior", backup=True)),
    "ground-attack fighter": (274, Design(size=3, mobility="aerospace", power="fgp", armour=2, ecm="enhanced")),
}


@pytest.mark.parametrize("name", list(BOOK))
def test_core_prices_of_the_books_vehicles(name):
    points, design = BOOK[name]
    assert price(design, house=False).total == points


def test_house_rfac_costs_6_per_class():
    _, mbt = BOOK["medium battle tank"]
    assert price(mbt).total == 173
    assert price(BOOK["assault VTOL"][1]).total == 179


def test_multiple_fire_controls_cost_by_the_nth_largest_weapon():
    d = Design(size=3, armour=3, mobility="tracked_fast", power="hmt", fc="enhanced", fcs=3,
               weapons=[Weapon(type="HVC", cls=3), Weapon(type="RFAC", cls=2)])
    lines = dict(price(d).lines)
    assert lines["fire control enhanced"] == 12
    assert lines["fire control #2 (4 x class 2)"] == 8
    assert lines["fire control #3 (4 x class 1)"] == 4  # the APSW counts as class 1
    assert not price(d).problems


def test_fire_controls_limited_by_size_and_weapons():
    d = Design(size=2, armour=2, mobility="tracked_fast", fcs=3, weapons=[Weapon(type="RFAC", cls=1)])
    assert any("may have 2" in p for p in price(d).problems)
    d = Design(size=3, armour=2, fcs=3, weapons=[Weapon(type="RFAC", cls=1)])
    assert any("no 3th weapon" in p for p in price(d).problems)
    assert any("may have 1" in p for p in price(Design(size=3, fcs=2, weapons=[Weapon(type="RFAC")]), house=False).problems)


def test_emplacement_half_power_no_mobility_armour_size_plus_one():
    d = Design(size=3, armour=4, mobility=None, emplacement=True, power="hmt")
    lines = dict(price(d).lines)
    assert lines["armour"] == 12 and lines["power plant HMT (20% of BVP 27)"] == 6  # 5.4 rounds up (DS2-A08)
    assert not price(d).problems
    assert price(Design(size=3, armour=5, mobility=None, emplacement=True)).problems
    assert price(Design(size=3, armour=4)).problems  # an ordinary vehicle: armour up to size


def test_sam_decoys_aam_lines():
    d = Design(size=4, armour=3, mobility="tracked_slow", sam="enhanced")
    assert dict(price(d).lines)["SAM enhanced"] == 400
    f = Design(size=3, armour=2, mobility="aerospace", power="fgp", decoys=True, aam="superior")
    lines = dict(price(f).lines)
    assert lines["decoys"] == 20 and lines["AAMs superior"] == 60
    assert price(Design(size=3, decoys=True)).problems


def test_house_artillery_space():
    d = Design(size=3, armour=3, mobility="tracked_slow", artillery="medium", ammo=3)
    assert not price(d).problems  # 9 + 2 x 3 = 15
    d = Design(size=3, armour=3, mobility="tracked_slow", artillery="medium", ammo=4)
    assert any("needs 18 capacity" in p for p in price(d).problems)
