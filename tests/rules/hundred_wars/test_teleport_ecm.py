"""ECM against teleporters (text: "ECM"), with forced dice: 'Hijack a teleporter - Send units in buffer back to previous
teleporter and roll d10 to materialise that many units' and 'Disrupt a teleporter - Prevent 1 d10 units from being
de-materialised'."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.core import Refusal
from rules.resolver import run
from rules.rulesets.hundred_wars import RULESET
from rules.rulesets.hundred_wars.actions import Jam
from tests.rules.hundred_wars.helpers import INF, act, at, game, unit

TP = {**INF, "teleport": 3, "teleport_range": 30}
ECM = {**INF, "ecm": 6, "ecm_range": 40}


def teleport_game(red_ecm: bool = False):
    """Red's teleporter at (3,1) with three infantry beside it; blue's ECM unit 20 cm away."""
    units = [unit("t", "red", at(3, 1), **TP), unit("a", "red", at(2, 1)), unit("b", "red", at(4, 1)),
             unit("c", "red", at(3, 2), **(ECM if red_ecm else INF)), unit("j", "blue", at(3, 5), **ECM)]
    return game(units, phase="move")


def test_disrupting_a_teleporter_keeps_1d10_units_from_dematerialising_this_turn():
    s = teleport_game()
    act(s, "gather red unit=t passenger=a")  # nothing rolled yet: blue may disrupt
    assert s.paused[-1].kind == "ecm_teleport" and RULESET.decision(s).side == "blue"
    offered = RULESET.legal_actions(s, "blue")
    assert {a.kind for a in offered} == {"done", "jam"}
    jam = next(a for a in offered if a.kind == "jam")
    assert "disrupts the teleporter t" in RULESET.describe(s, jam)
    pv = RULESET.preview(s, jam)
    assert {o.label: o.chance for o in pv.outcomes} == {
        "the ECM fails (or is beaten)": Fraction(4, 10),
        "disrupted: it stays, with 1d10 units in all kept this turn": Fraction(6, 10)}
    act(s, jam.text(), 2, 2)  # ECM 2 <= 6, nobody to beat; 1d10 = 2: a stays, and one more unit this turn
    assert s.paused == [] and s.units["a"].at == at(2, 1) and s.units["t"].buffer == [] and s.tp_blocked == {"t": 1}
    act(s, "gather red unit=t passenger=b")  # kept back without another pause or roll
    assert s.units["b"].at == at(4, 1) and s.tp_blocked == {"t": 0} and s.paused == []
    act(s, "gather red unit=t passenger=c")  # the 1d10 is used up, and blue's ECM unit has acted this turn
    assert s.units["c"].at is None and s.units["t"].buffer == ["c"]


def test_a_failed_or_beaten_disruption_lets_the_unit_go():
    s = teleport_game()
    act(s, "gather red unit=t passenger=a")
    act(s, "jam blue unit=j at=3,1", 7)  # 7 > 6: the ECM fails
    assert s.units["a"].at is None and s.units["t"].buffer == ["a"] and s.ecm_teleport == ["j"]
    s = teleport_game(red_ecm=True)
    act(s, "gather red unit=t passenger=a")
    act(s, "jam blue unit=j at=3,1", 3, 3)  # margin 3 does not beat red's margin 3 ('Combat an enemy ECM attack')
    assert s.units["t"].buffer == ["a"] and s.tp_blocked == {}


def test_letting_it_go_spends_nothing_and_a_disrupted_teleport_still_sends_its_buffers():
    s = teleport_game()
    act(s, "gather red unit=t passenger=a")
    act(s, "done blue")  # let it go: a is dematerialised, blue's ECM unit keeps its use
    assert s.units["t"].buffer == ["a"] and s.ecm_teleport == []
    act(s, "teleport red unit=t passenger=b to=8,1")  # b would be dematerialised: blue may disrupt
    assert s.paused[-1].kind == "ecm_teleport"
    act(s, "jam blue unit=j at=3,1", 1, 5, 4)  # disrupted (1d10 = 5): b stays; the buffers go on the roll of 4
    assert s.units["b"].at == at(4, 1) and s.tp_blocked == {"t": 4} and s.units["t"].buffer == []
    assert s.units["a"].at is not None and s.units["a"].at.distance(at(8, 1)) <= 1 and s.teleported == ["t"]


def test_hijacking_a_teleporter_materialises_1d10_of_its_buffered_units_beside_it():
    s = teleport_game()
    for uid in ("a", "b", "c"):
        s.units[uid].at = None
    s.units["t"].buffer = ["a", "b", "c"]
    s.order = ["blue", "red"]
    s.active_side = "blue"
    hijacks = [a for a in RULESET.legal_actions(s, "blue") if a.kind == "jam"]
    assert hijacks == [Jam(side="blue", unit="j", at=at(3, 1))]
    assert "hijacks the teleporter t" in RULESET.describe(s, hijacks[0])
    got = {o.label: o.chance for o in RULESET.preview(s, hijacks[0]).outcomes}
    # ECM 6: 6 in 10 succeed; then 1d10, at most the 3 units held: 1 (1 in 10), 2 (1 in 10), 3 (8 in 10).
    assert got == {"the ECM fails (or is beaten)": Fraction(4, 10), "1 unit materialised": Fraction(6, 100),
                   "2 units materialised": Fraction(6, 100), "3 units materialised": Fraction(48, 100)}
    proc, values = run("hundred_wars", "hijack", {"mine": "6", "units": "3"})  # the quick resolver agrees
    assert [o.chance for o in proc.odds(values).outcomes] == list(got.values())
    act(s, hijacks[0].text(), 2, 2)
    assert s.units["t"].buffer == ["c"]
    placed = [s.units[u].at for u in ("a", "b")]
    assert all(h is not None and h.distance(at(3, 1)) == 1 for h in placed)
    with pytest.raises(Refusal, match="this turn"):
        act(s, hijacks[0].text())


def test_a_hijack_needs_units_in_the_buffers_and_the_ecm_roll():
    s = teleport_game()
    s.order, s.active_side = ["blue", "red"], "blue"
    assert not [a for a in RULESET.legal_actions(s, "blue") if a.kind == "jam"]
    with pytest.raises(Refusal, match="no enemy teleporter with units in its buffers"):
        act(s, "jam blue unit=j at=3,1")
    s.units["t"].buffer, s.units["a"].at = ["a"], None
    act(s, "jam blue unit=j at=3,1", 8)  # 8 > 6: fails, nothing comes out
    assert s.units["t"].buffer == ["a"] and s.ecm_teleport == ["j"]
