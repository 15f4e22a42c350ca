"""Machine-gun line fire passes over an armoured vehicle on the line when the gun has no armament (Vehicles:
only armament hurts armour), as it may not fire at one either."""

from __future__ import annotations

from tests.rules.dhr.helpers import replay_scenario

FARM_7002 = [
    ("us", "Move 1st Squad to 5,8 (2 hexes)"),
    ("us", "1st Squad: fire BAR x4 (-1) at MG-42 team at 8,4"),
    ("us", "1st Squad: fire M1 Garand x4 (-1) at Grenadiers at 7,3"),
    ("us", "Move M5 Stuart to 7,5 (4 hexes)"),
    ("us", "M5 Stuart: line fire .30 cal coax x4 (-1) at Grenadiers at 7,3 (dice 4/0)"),
    ("us", "M5 Stuart: fire 37mm gun x1 at MG-42 team at 8,4"),
]
"""Farm, seed 7002 (the computer the Americans, against the greedy player): the M5 Stuart stands at 7,5, on the
line from the MG-42 team in the farmhouse to the 1st Squad at 5,8. The MG-42 (no armament) then laid all six
dice on the Stuart and knocked it out (13.6% by the preview), a figure towards the Americans' defeat."""


def _mg42_at_the_squad(seat):
    squad = seat.view().units["us1"].at
    return [a for a in seat.legal_actions() if a.kind == "fire" and a.unit == "de2" and a.at == squad]


def test_line_fire_without_armament_passes_over_a_vehicle():
    seat = replay_scenario("farm", 7002, FARM_7002)
    assert seat.side == "de"
    view = seat.view()
    stuart = view.units["us3"]
    assert stuart.on_map and stuart.stats.vehicle
    shots = _mg42_at_the_squad(seat)
    assert shots  # the gun still fires at the squad behind the Stuart
    for a in shots:
        hit = {e.unit for o in seat.preview(a).outcomes for e in o.units}
        assert hit == {"us1"}, seat.describe(a)
    # nor may it fire at the Stuart itself
    assert not any(a.kind == "fire" and a.unit == "de2" and a.at == stuart.at for a in seat.legal_actions())
