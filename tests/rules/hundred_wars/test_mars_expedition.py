"""The Mars Mining Expedition as rebalanced for issue 25 (docs/balance.md): its forces, and the description's
figures, which must stay true to the file."""

from __future__ import annotations

import re
from collections import Counter

from rules.rulesets.hundred_wars.costing import unit_cost
from rules.rulesets.hundred_wars.units import HwStats
from saves.scenarios import load_scenario


def _scenario():
    return load_scenario("mars-expedition", ruleset="hundred_wars")


def _points(setup) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in setup.units:
        out[u.side] = out.get(u.side, 0) + unit_cost(HwStats.model_validate(u.stats))
    return out


def _kinds(setup, side: str) -> Counter:
    return Counter(re.sub(r" \d+$", "", u.name) for u in setup.units if u.side == side)


def test_the_martians_trade_guard_blades_and_light_wings_for_dragon_batteries_and_the_colonials_leave_gatlings_and_missiles():
    """Every Martian Guard Blade had to close to 6 cm under the Colonial Gatlings and Missiles, and the Colonials
    scored 88%: the war band keeps two of twelve. With an agreement to end that lapses when the other side plays
    on (stop 36), every game went to turn 12 and the Colonials, shooting from their lines, won 80% (20 games):
    the six Light Wings (Fire 10, a scratch on Armour 8) gave way to four more Dragon Batteries (Fire 25 at 50 cm
    destroys any Colonial unit but the Moles), eleven in all, and the Company brings one Missile Battery of
    three (Fire 45 at 120 cm: the whole table) and two Gatling Batteries of four. Stop 37's computer keeps its
    commander out of the guns and its units in his Orders Range, and the Martians won 72% of 60: the Company
    brings a second Missile Battery back. Stop 52's computer reads the fire in store through the terrain on each
    line, and the Martians won 63% of 60: one Dragon Battery fewer, ten."""
    setup = _scenario()
    assert _kinds(setup, "martian") == Counter({"Tilas of Lars - Prime Sword": 1, "Tribal Sith Riders": 3,
                                                "Maldian Guard Blades": 2, "Great Dragon Battery": 10})
    assert _kinds(setup, "colonial") == Counter({"HQ Sir General Woolley Cardigan Jnr & staff": 1,
                                                 "Infantry Co.": 9, "Missile Battery": 2, "Steam Moles": 3,
                                                 "Gatling Battery": 2})


def test_the_description_gives_each_sides_points_and_the_turn_limit():
    setup = _scenario()
    points = _points(setup)
    assert points == {"colonial": 1342, "martian": 1389}
    said = [int(p) for p in re.findall(r"\((\d+) points", setup.description)]
    assert said == [points["colonial"], points["martian"]]
    assert f"after turn {setup.max_turns} wins" in setup.description
