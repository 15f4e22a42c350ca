"""Fire, saves, morale and melee through the turn, with forced dice (Firing, Terrain Saves,
Armor Saves, Morale, Melee; DHR-A01..A03, A07, A08, A10..A13, A23)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.core import Refusal
from rules.events import Retreated
from rules.hexgrid import Hex, line
from rules.rulesets.dhr import RULESET, combat
from rules.rulesets.dhr.actions import Fire, Melee, Move

from rules.service import GameService
from tests.rules.dhr.helpers import H, RIFLE, activate, board, game, scripted, setup, unit
from tests.said import said


def fires(g, uid):
    return [a for a in RULESET.legal_actions(g.state, g.state.units[uid].side) if isinstance(a, Fire) and a.unit == uid]


def duel(distance: int, rating=3, rof=(1,), figures=1, b=None, **target):
    """A firer at (0, 2) and a target `distance` hexes east on the same row."""
    b = b or board(30, 6)
    units = [unit("r1", "red", (0, 2), rating=rating, figures=figures,
                  weapons=[{"name": "rifle", "range": 6, "rof": list(rof)}]),
             unit("b1", "blue", (distance, 2), **target)]
    g = GameService.new(setup(units, b=b), seed=1)
    activate(g, "r1")
    return g


@pytest.mark.parametrize("distance,need", [(1, 3), (6, 3), (7, 2), (12, 2), (13, 1), (18, 1), (19, None)])
def test_range_bands_of_a_seasoned_rifleman(distance, need):
    """Range: range 6, Seasoned 3: 3 to 6 hexes, 2 to 12, 1 to 18, no shot at 19 (DHR-A02, A03)."""
    g = duel(distance)
    acts = fires(g, "r1")
    if need is None:
        assert acts == []
        with pytest.raises(Refusal):
            scripted(g, Fire(side="red", unit="r1", at=H(distance, 2)))
        return
    assert [a.slots for a in acts] == [1]
    _, dice = scripted(g, acts[0], 6, 1)  # a miss, then the target's morale (7 on open ground... 3+0)
    assert dice.records[0].need == need


def test_rate_of_fire_slots_are_used_from_the_left_with_a_penalty():
    """Rate of Fire: RoF 1|1|1 three times: 3d6 per firer, a 1 or less for Seasoned 3 (DHR-A08)."""
    g = duel(3, rof=(1, 1, 1), figures=2)
    assert sorted(a.slots for a in fires(g, "r1")) == [1, 2, 3]
    _, dice = scripted(g, Fire(side="red", unit="r1", at=H(3, 2), slots=3), [2] * 6, 1)
    assert len(dice.records[0].faces) == 6 and dice.records[0].need == 1


def test_mg42_two_slots_roll_six_dice_at_minus_one():
    """Rate of Fire: the MG 42's 3|3|2|2|2 fired with two slots is 6d6 at -1."""
    units = [unit("r1", "red", (0, 2), rating=4, figures=5,
                  weapons=[{"name": "MG-42", "range": 8, "rof": [3, 3, 2, 2, 2], "count": 1}]),
             unit("b1", "blue", (5, 2))]
    g = GameService.new(setup(units, b=board(30, 6)), seed=1)
    activate(g, "r1")
    _, dice = scripted(g, Fire(side="red", unit="r1", at=H(5, 2), slots=2), [6] * 6, 1)
    assert len(dice.records[0].faces) == 6 and dice.records[0].need == 3


def test_terrain_save_uses_the_highest_dv_along_the_line_and_then_armour():
    """Terrain Saves + Armor Saves: 8 possible hits, behind a wall (DV 3) across crops (DV 1):
    3 saved; chain mail DV 2 against arrows: 2 more saved, 3 men lost."""
    b = board(12, 6, terrain={(2, 2): "crops", (3, 2): "crops"}, edges=[((4, 2), "E", "wall")])
    units = [unit("r1", "red", (1, 2), rating=6 - 1, figures=8,
                  weapons=[{"name": "longbow", "range": 8, "rof": [1], "attack": "arrows"}]),
             unit("b1", "blue", (5, 2), figures=10, rating=3, armour={"arrows": 2})]
    g = GameService.new(setup(units, b=b), seed=1)
    activate(g, "r1")
    events, dice = scripted(g, Fire(side="red", unit="r1", at=H(5, 2)),
                            [1] * 8,                      # 8 possible hits
                            [1, 2, 3, 4, 5, 6, 6, 6],     # terrain saves at 3: 3 saved
                            [1, 2, 3, 4, 5],              # armour saves at 2: 2 saved -> 3 lost
                            1)                            # morale 3 + 3 - 3 = 3: holds
    purposes = [(r.purpose, r.need) for r in dice.records]
    assert purposes == [("fire longbow", 5), ("terrain save", 3), ("armour save", 2), ("morale", 3)]
    assert g.state.units["b1"].figures == 7


def test_the_spine_takes_the_lesser_dv():
    """Terrain Saves: along a hex spine between a tilled field (1) and heavy woods (4), DV 1 (DHR-A07)."""
    a, t = Hex(2, 4), Hex(3, 2)
    spine = line(a, t)[1]
    assert spine.along_edge
    x, y = spine.hexes
    from rules.hexgrid import to_offset
    b = board(10, 8, terrain={to_offset(x): "crops", to_offset(y): "dense_woods"})
    units = [unit("r1", "red", to_offset(a)), unit("b1", "blue", to_offset(t))]
    g = GameService.new(setup(units, b=b), seed=1)
    assert combat.save_dv(g.state, a, t) == 1


def test_morale_example_veteran_behind_a_wall():
    """Morale: Veteran 4 behind a wall (DV 3), MG fire, no casualties: 7, an automatic pass (no roll).
    Next, 2 casualties: 5 or less; a 6 fails by 1: 1 hex away from the shooters (DHR-A11, A12, A23)."""
    b = board(12, 6, edges=[((4, 2), "E", "wall")])
    units = [unit("r1", "red", (1, 2), rating=4, figures=1,
                  weapons=[{"name": "MG", "range": 8, "rof": [3, 3], "count": 1}]),
             unit("b1", "blue", (5, 2), figures=8, rating=4)]
    g = GameService.new(setup(units, b=b), seed=1)
    activate(g, "r1")
    _, dice = scripted(g, Fire(side="red", unit="r1", at=H(5, 2)), [6, 6, 6])
    assert [r.purpose for r in dice.records] == ["fire MG"], "target 7: no morale roll"
    activate(g, "r1")
    events, dice = scripted(g, Fire(side="red", unit="r1", at=H(5, 2)), [1, 1, 6], [5, 6], 6)
    assert dice.records[-1].purpose == "morale" and dice.records[-1].need == 5
    assert g.state.units["b1"].figures == 6
    retreat = next(e for e in events if isinstance(e, Retreated))
    assert len(retreat.path) == 2
    assert retreat.path[-1].distance(H(1, 2)) == H(5, 2).distance(H(1, 2)) + 1


def test_a_failed_morale_check_retreats_by_the_margin():
    g = duel(2, rating=5, figures=6)
    # target 3 + 0 - 4 = -1: automatic failure, the die gives the margin (DHR-A01): 3 - (-1) = 4 hexes
    g.state.units["b1"].stats.rating = 3
    events, dice = scripted(g, Fire(side="red", unit="r1", at=H(2, 2)), [1, 1, 1, 1, 6, 6], 3)
    r = next(e for e in events if isinstance(e, Retreated))
    assert len(r.path) - 1 == 4
    assert g.state.units["b1"].at == H(6, 2)


def test_a_blocked_retreat_stops():
    units = [unit("r1", "red", (0, 0), rating=5, figures=6, weapons=[RIFLE]), unit("b1", "blue", (2, 0))]
    g = GameService.new(setup(units, b=board(3, 1)), seed=1)
    activate(g, "r1")
    events, _ = scripted(g, Fire(side="red", unit="r1", at=H(2, 0)), [6] * 6, 6)  # 3+0-0 = 3: fails by 3
    r = next(e for e in events if isinstance(e, Retreated))
    assert r.lost == 3 and g.state.units["b1"].at == H(2, 0), "the map edge is behind it"


def test_line_fire_spreads_the_dice_nearest_first():
    """DHR-A10: the MG's dice go to every enemy along the line, nearest first, a die per figure."""
    units = [unit("r1", "red", (0, 2), rating=4, figures=4,
                  weapons=[{"name": "MG-42", "range": 8, "rof": [3, 3, 2, 2, 2], "count": 1, "line": True}]),
             unit("b1", "blue", (2, 2), figures=2), unit("b2", "blue", (4, 2), figures=3)]
    g = GameService.new(setup(units, b=board(12, 6)), seed=1)
    activate(g, "r1")
    acts = fires(g, "r1")
    assert any(a.line and a.at == H(4, 2) for a in acts)
    assert not any(a.line and a.at == H(2, 2) for a in acts), "nobody else on the line"
    # 2 slots: 6 dice: 2 at b1 (2 figures), then 3 at b2, the 6th goes round again to b1
    _, dice = scripted(g, Fire(side="red", unit="r1", at=H(4, 2), slots=2, line=True),
                       [6, 6, 6], 1, [6, 6, 6], 1)
    fire_rolls = [r for r in dice.records if r.purpose == "line fire"]
    assert [len(r.faces) for r in fire_rolls] == [3, 3]
    assert [r.unit for r in dice.records if r.purpose == "morale"] == ["b1", "b2"]


def test_each_weapon_fires_once_and_moving_stops_after_an_attack():
    units = [unit("r1", "red", (0, 2), figures=2, weapons=[RIFLE, {"name": "pistol", "range": 2, "rof": [1]}]),
             unit("b1", "blue", (2, 2))]
    g = GameService.new(setup(units, b=board(12, 6)), seed=1)
    activate(g, "r1")
    scripted(g, Fire(side="red", unit="r1", at=H(2, 2)), [6, 6], 1)
    acts = RULESET.legal_actions(g.state, "red")
    assert not any(isinstance(a, Move) for a in acts)
    assert {a.weapon for a in acts if isinstance(a, Fire)} == {1}
    scripted(g, Fire(side="red", unit="r1", at=H(2, 2), weapon=1), [6, 6], 1)
    assert g.state.active_unit is None, "nothing left to do: the activation ends by itself"
    assert "r1" in g.state.activated


def test_the_farm_house_melee():
    """Melee example: Seasoned 3 swordsmen in a farm house (DV 4) attacked from an open yard by
    Rating 4 infantry. 3 and 2 casualties; checks at 3+4-3 = 4 and 4+0-2 = 2. The defenders
    flee, the attackers hold and take the house (DHR-A13)."""
    b = board(10, 6, terrain={(4, 2): "house", (3, 2): "yard"})
    units = [unit("r1", "red", (3, 2), rating=4, figures=6), unit("b1", "blue", (4, 2), rating=3, figures=8)]
    g = GameService.new(setup(units, b=b), seed=1)
    activate(g, "r1")
    assert Melee(side="red", unit="r1", at=H(4, 2)) in RULESET.legal_actions(g.state, "red")
    events, dice = scripted(g, Melee(side="red", unit="r1", at=H(4, 2)),
                            [1, 2, 3, 4, 5, 6],            # attacker: 4 possible hits
                            [1, 2, 4, 4, 4, 4, 4, 4],      # defender: 2 possible hits
                            [5, 6, 6, 1],                  # defender's terrain saves at 4: 1 saved
                            6,                             # defender's morale at 4: fails by 2
                            2)                             # attacker's morale at 2: holds
    morale = [(r.unit, r.need) for r in dice.records if r.purpose == "morale"]
    assert morale == [("b1", 4), ("r1", 2)]
    assert g.state.units["b1"].figures == 5 and g.state.units["r1"].figures == 4
    assert g.state.units["r1"].at == H(4, 2), "the attacker may stay in the house"
    assert g.state.units["b1"].at.distance(H(3, 2)) == 3


def test_melee_defender_behind_a_wall_gets_the_wall():
    b = board(10, 6, edges=[((3, 2), "E", "wall")])
    units = [unit("r1", "red", (3, 2), rating=4, figures=2), unit("b1", "blue", (4, 2), rating=3, figures=4)]
    g = GameService.new(setup(units, b=b), seed=1)
    activate(g, "r1")
    _, dice = scripted(g, Melee(side="red", unit="r1", at=H(4, 2)), [1, 1], [6, 6, 6, 6], [6, 6], 1, 1)
    # the defender: 3 + wall 3 - 2 = 4; the attacker from open ground: 4 + 0 - 0 = 4
    assert [(r.purpose, r.need) for r in dice.records[2:]] == [("terrain save", 3), ("morale", 4), ("morale", 4)]


def test_fire_through_the_service_with_seeded_dice_and_undo_is_exact():
    g = game([unit("r1", "red", (0, 2), figures=6, weapons=[RIFLE]), unit("b1", "blue", (3, 2), weapons=[RIFLE])], seed=5)
    assert g.apply(g.legal_actions()[0]).ok  # draw
    side = g.decision().side
    fire = next(a for a in g.legal_actions() if isinstance(a, Fire))
    before = g.state.model_copy(deep=True)
    assert g.apply(fire).ok
    assert any(e.kind == "rolled" for e in g.history[-1].events)
    after = g.state.model_copy(deep=True)
    assert g.undo() and g.state == before
    assert g.redo() and g.state == after
    assert side in ("red", "blue")


def test_preview_gives_exact_casualties_and_morale():
    units = [unit("r1", "red", (0, 2), figures=4, rating=3, weapons=[RIFLE]), unit("b1", "blue", (3, 2), figures=4)]
    g = GameService.new(setup(units, b=board(12, 6)), seed=1)
    activate(g, "r1")
    p = g.preview(Fire(side="red", unit="r1", at=H(3, 2)))
    cas = {said(o, g.state): o.chance for o in p.outcomes if "casualt" in said(o, g.state)}
    assert sum(cas.values()) == 1
    assert cas["b1: 0 casualties"] == Fraction(1, 2) ** 4
    fail = next(o.chance for o in p.outcomes if said(o, g.state) == "b1: fails morale")
    assert 0 < fail < 1
    m = g.preview(Melee(side="red", unit="r1", at=H(3, 2)))
    assert m is not None  # not adjacent, but a preview of the matchup is still computed


def test_line_fire_preview_gives_each_unit_on_the_line_its_share():
    units = [unit("r1", "red", (0, 2), rating=4, figures=4,
                  weapons=[{"name": "MG-42", "range": 8, "rof": [3, 3, 2, 2, 2], "count": 1, "line": True}]),
             unit("b1", "blue", (2, 2), figures=2), unit("b2", "blue", (4, 2), figures=3)]
    g = GameService.new(setup(units, b=board(12, 6)), seed=1)
    activate(g, "r1")
    p = g.preview(Fire(side="red", unit="r1", at=H(4, 2), slots=2, line=True))
    assert p.dice == "3d6 at b1, 3d6 at b2"
    for who in ("b1", "b2"):
        assert sum(o.chance for o in p.outcomes if said(o, g.state).startswith(f"{who}: ")
                   and "casualt" in said(o, g.state)) == 1


def test_only_the_services_decision_words_the_active_units_prompt(monkeypatch):
    """The prompt lists the active unit's attacks (all of them, built): `apply` and `legal_actions` need only
    the side, so an action words it once (the service's own check), not twice (a load replays every action)."""
    from rules.rulesets.dhr import turn

    g = duel(4)
    assert g.apply(Move(side="red", unit="r1", path=[H(1, 2)])).ok and g.state.active_unit == "r1"
    worded = []
    real = turn.active_prompt
    monkeypatch.setattr(turn, "active_prompt", lambda *a: worded.append(1) or real(*a))
    assert fires(g, "r1") and not worded
    assert g.apply(Move(side="red", unit="r1", path=[H(2, 2)])).ok
    assert len(worded) == 1
