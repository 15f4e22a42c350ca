"""A verb after a unit's name agrees with it: "Grenadiers activate", "1st Squad activates" (rules/words.py
`plural_name`, `agree`): DHR, QUAD and A Hundred Wars name their units as groups, often plural."""

from __future__ import annotations

import pytest

from rules.words import agree, plural_name

PLURAL = ["Grenadiers", "Men-at-Arms", "Men-at-arms of York", "Marines", "Lancers", "Crossbowmen", "Longbowmen",
          "Captain Ash & staff", "Horse and foot", "Lancastrian archers (2)", "Steam Moles 3", "Household knights",
          "Retinue men-at-arms", "Tribal Sith Riders 1", "League Crossbows"]
SINGULAR = ["1st Squad", "MG-42 team", "M5 Stuart", "Light Horse", "Lord Clifford", "Lt. Baker", "Cave troll",
            "Panther", "Medic", "House of Lancaster", "Orc warband (2)", "Infantry Co. 1", "Great Dragon Battery 10",
            "Shaman", "Pike Block", "Peasant Levy", "The Western Host", "Sir Aldric, champion", "Mage Elspeth",
            "Town Militia", "Free Company", "Gatling Battery 2", "Mecha", ""]


@pytest.mark.parametrize("name", PLURAL)
def test_a_plural_name_takes_a_plural_verb(name):
    assert plural_name(name)
    assert agree(name, "has", "have") == "have"


@pytest.mark.parametrize("name", SINGULAR)
def test_a_singular_name_takes_a_singular_verb(name):
    assert not plural_name(name)
    assert agree(name, "activates", "activate") == "activates"


def test_the_head_is_the_part_before_of_without_a_copy_number():
    assert plural_name("Men-at-arms of York") and not plural_name("House of Lancaster")
    assert not plural_name("Orc warband (2)") and plural_name("Yorkist archers (2)")
    assert not plural_name("Infantry Co. 1") and plural_name("Maldian Guard Blades 2")


def test_ss_us_and_is_are_not_plural_endings():
    assert not any(plural_name(n) for n in ("Fortress", "Hippopotamus", "Mantis"))
