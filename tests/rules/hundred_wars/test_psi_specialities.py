"""Psionic pips simulating Orders and Mobile ('may be used to simulate any other speciality'), with forced dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.core import Refusal
from rules.rulesets.hundred_wars import RULESET
from tests.rules.hundred_wars.helpers import INF, act, at, board, game, unit

SEER = {**INF, "psionic": 2, "psionic_range": 30}  # psionic, no Orders: no commander's pips on the side
FAST = {**INF, "move": [{"mode": "ground", "factor": 20}]}


def refused(s, *cases: tuple[str, str]) -> None:
    """Each action (its text) is refused with a reason matching its pattern."""
    for reason, action in cases:
        with pytest.raises(Refusal, match=reason):
            act(s, action)


def test_a_pip_simulates_orders_a_move_counter_for_a_unit_and_its_group_with_no_commander():
    s = game([unit("rp", "red", at(3, 1), **SEER), unit("a", "red", at(3, 3)), unit("a2", "red", at(4, 3)),
              unit("far", "red", at(11, 1)), unit("e", "blue", at(11, 7))], phase="counters")
    assert not [a for a in RULESET.legal_actions(s, "red") if a.kind == "counter"]  # no commander, no pips
    offered = {(a.at, a.remove) for a in RULESET.legal_actions(s, "red") if a.kind == "psi" and a.simulate == "orders"}
    assert (at(3, 3), False) in offered and not any(h == at(11, 1) for h, _ in offered)  # far is beyond 30 cm
    act(s, "psi red unit=rp at=3,3 to=3,6 simulate=orders")
    assert s.units["a"].counter == at(3, 6) and s.units["a2"].counter == at(3, 6)  # the group follows its orders
    assert s.psi_used == {"rp": 1} and s.pips == {}
    s.psi_phase = []  # a later Phase 3
    act(s, "psi red unit=rp at=3,3 remove=true simulate=orders")
    assert s.units["a"].counter is None and s.units["a2"].counter is None and s.psi_used == {"rp": 2}


def test_simulated_orders_are_refused_with_a_reason_and_may_be_cancelled_by_an_enemy_pip():
    units = [unit("rp", "red", at(3, 1), **SEER), unit("a", "red", at(3, 3)), unit("far", "red", at(11, 1)),
             unit("e", "blue", at(3, 6)), unit("bp", "blue", at(6, 5), **SEER)]
    s = game(units, phase="counters")
    refused(s, ("no unit of yours", "psi red unit=rp at=3,6 to=3,7 simulate=orders"),
            ("beyond", "psi red unit=rp at=11,1 to=11,3 simulate=orders"),
            ("has no Move counter", "psi red unit=rp at=3,3 remove=true simulate=orders"))
    act(s, "psi red unit=rp at=3,3 to=3,5 simulate=orders")
    assert s.paused[-1].kind == "psi_pip" and RULESET.decision(s).side == "blue"
    cancel = next(a for a in RULESET.legal_actions(s, "blue") if a.kind == "psi")
    act(s, cancel.text())
    assert s.units["a"].counter is None and s.psi_used == {"rp": 1, "bp": 1}
    s = game(units, phase="fire")
    with pytest.raises(Refusal, match="Orders .* in Phase 3"):
        act(s, "psi red unit=rp at=3,3 to=3,5 simulate=orders")


def mobile_game():
    """A unit of Move 20 heads across a wood already rolled Hard: 2 hexes at most (Move 20 / 2 = 10 cm)."""
    b = board(terrain={at(2, 0): "wood", at(3, 0): "wood"})
    s = game([unit("i", "red", at(0, 0), **FAST), unit("rp", "red", at(1, 1), **SEER), unit("e", "blue", at(11, 7))],
             b=b, phase="move", rolled={f"wood@{at(2, 0)}": "hard"})
    s.units["i"].counter = at(4, 0)
    return s


def test_a_pip_simulates_mobile_so_hard_ground_counts_easy_for_the_phase():
    s = mobile_game()
    act(s, "move red unit=i", 100)
    assert s.units["i"].at == at(2, 0)  # without the pip the wood holds it to 10 cm
    s = mobile_game()
    pip = next(a for a in RULESET.legal_actions(s, "red") if a.kind == "psi" and a.simulate == "mobile")
    assert pip.at == at(0, 0)
    shown = {o.label: o.chance for o in RULESET.preview(s, pip).outcomes}
    assert shown["moves 4 hexes (20 cm)"] == Fraction(81, 100) and "moves 3 hexes (15 cm)" in shown
    plain = {o.label: o.chance for o in RULESET.preview(s, next(a for a in RULESET.legal_actions(s, "red")
                                                                  if a.kind == "move")).outcomes}
    assert plain["moves 2 hexes (10 cm)"] == Fraction(91, 100) and "moves 3 hexes (15 cm)" not in plain
    act(s, pip.text())
    assert s.psi_used == {"rp": 1} and s.psi_mobile == ["i"]
    act(s, "move red unit=i", 100)
    assert s.units["i"].at == at(4, 0)  # Hard counts Easy: the full 20 cm
    act(s, "done red")
    assert s.psi_mobile == ["i"]  # blue's part of the phase is still Phase 5
    act(s, "done blue", 7, 3)  # the next turn's player-order roll
    assert s.phase == "orders" and s.psi_mobile == []  # for the phase only


def test_simulated_mobile_is_refused_with_a_reason():
    s = mobile_game()
    refused(s, ("no revealed unit of yours", "psi red unit=rp at=2,2 simulate=mobile"),
            ("no move to make", "psi red unit=rp at=1,1 simulate=mobile"))  # the psionic unit has no counter
    s.units["i"].moved = True
    refused(s, ("no move to make", "psi red unit=rp at=0,0 simulate=mobile"))
    s = mobile_game()
    s.units["i"].stats.mobile = "both"
    with pytest.raises(Refusal, match="already moves as a Mobile unit"):
        act(s, "psi red unit=rp at=0,0 simulate=mobile")
    s = mobile_game()
    s.phase = "counters"
    with pytest.raises(Refusal, match="Mobile in Phase 5"):
        act(s, "psi red unit=rp at=0,0 simulate=mobile")
