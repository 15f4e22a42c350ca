"""Troop types with the text's defaults, and the text's weapons and armour as catalogues named in scenarios
("Movement", "Number of figures", "Rate of Fire", "Armor Saves", "Armored Vehicles & Heavy Weapons")."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.rulesets.dhr.catalogue import ARMOUR, TROOPS, VEHICLE_ARMOUR, WEAPONS
from rules.rulesets.dhr.units import DHRStats
from saves.scenarios import load_scenario

from tests.rules.dhr.helpers import game, unit


@pytest.mark.parametrize("given, mp, figures", [
    ({}, 3, 10),                              # "Foot - 3 hexes"; "10 per foot"
    ({"mounted": True}, 6, 5),                # "Mounted - 6 hexes"; "5 per mounted ... unit"
    ({"troop": "mounted"}, 6, 5),
    ({"vehicle": True, "armour_dice": 2}, 6, 1),  # "movement similar to mounted soldiers"
    ({"crew_served": True}, 1, 5),            # "Crew moving a mounted weapon - 1 hex"; "5 per ... artillery unit"
    ({"troop": "formation"}, 2, 10),          # "Soldiers moving in formation - 2 hexes"
    ({"troop": "natives"}, 4, 10),            # "Natives on home turf - 4 hexes"
    ({"troop": "mounted", "mp": 5, "figures": 4}, 5, 4),  # "Feel free to assign your own values"
])
def test_a_troop_type_gives_the_texts_movement_and_unit_size_unless_the_scenario_sets_them(given, mp, figures):
    s = DHRStats(**given)
    assert (s.mp, s.figures) == (mp, figures)


def test_a_troop_type_sets_its_flag_and_a_mounted_unit_moves_six_in_play():
    assert DHRStats(troop="mounted").mounted and DHRStats(troop="vehicle").vehicle
    assert DHRStats(troop="crew").crew_served
    g = game([unit("r1", "red", (0, 2), troop="mounted"), unit("b1", "blue", (9, 7))])
    r1 = g.state.units["r1"]
    assert (r1.figures, r1.start_figures, r1.stats.mp) == (5, 5, 6)


def test_every_rate_of_fire_the_text_lists_is_in_the_weapon_catalogue():
    text = {  # "Rate of Fire": the list, the examples and the paragraph after them
        "muzzle loader": [1], "breech loader": [1, 1], "semi automatic (clip)": [1, 1, 1],
        "semi automatic (magazine)": [1, 1, 1, 1], "full automatic (drum-fed)": [1, 1, 1, 1, 1],
        "full automatic (belt-fed)": [2, 2, 2, 2, 2],
        "Colt Revolver": [1, 1, 1], "Colt Automatic Pistol 1911": [1, 1, 1, 1, 1], "AR15": [2, 2, 2],
        "Sub Machine Gun": [2, 2, 2, 2], "Browning Automatic Rifle (BAR)": [2, 2, 2], "M1 Garand": [2, 2],
        "Bolt Action Rifle": [1, 1], "Clip Fed Bolt Action Rifle": [1, 1, 1], "M60 Machine Gun": [3, 3, 3, 3],
        "Thompson SMG": [2, 2, 2], "SMG with an endless magazine": [2, 2, 2, 2, 2], "more up front": [3, 2, 1],
        "MG 42": [3, 3, 2, 2, 2],
    }
    assert {name: w["rof"] for name, w in WEAPONS.items()} == text


def test_every_armour_dv_the_text_lists_is_in_the_armour_catalogue():
    dv = {name: a.get("all") for name, a in ARMOUR.items()}
    assert dv == {"leather": 1, "studded leather": 1, "padded armor": 1, "splint": 2, "banded": 2,
                  "light chain mail armor": 2, "heavy chain mail": 3, "chest plate": 3, "scale armor": 3,
                  "field plate": 4, "modern body armor": None}
    assert ARMOUR["modern body armor"] == {"small_arms": 2, "fragments": 2}  # "modern small arms and fragments"
    assert list(VEHICLE_ARMOUR.values()) == [1, 2, 3, 4, 5]
    assert set(TROOPS) == {"foot", "mounted", "vehicle", "formation", "natives", "crew"}


def test_a_scenario_names_weapons_and_armour_from_the_catalogue():
    s = DHRStats(weapons=["MG 42", {"type": "Bolt Action Rifle", "range": 7}], armour="field plate",
                 armour_dice="heavily armored", vehicle=True)
    mg, rifle = s.weapons
    assert (mg.name, mg.rof, mg.count, mg.line) == ("MG 42", [3, 3, 2, 2, 2], 1, True)
    assert (rifle.name, rifle.rof, rifle.range) == ("Bolt Action Rifle", [1, 1], 7)
    assert s.armour == {"all": 4} and s.armour_dice == 4


def test_an_unknown_catalogue_name_is_refused_with_the_names_there_are():
    with pytest.raises(ValidationError, match="no weapon called 'Laser' in the DHR catalogue .*MG 42"):
        DHRStats(weapons=["Laser"])
    with pytest.raises(ValidationError, match="no armour called 'mithril'"):
        DHRStats(armour="mithril")


def test_the_bundled_field_battle_names_its_armour_and_troops():
    setup = load_scenario("field", "dhr")
    knights = next(u for u in setup.units if u.stats.get("troop") == "mounted")
    s = DHRStats(**knights.stats)
    assert (s.mp, s.figures, s.mounted, s.armour) == (6, 5, True, {"all": 4})
