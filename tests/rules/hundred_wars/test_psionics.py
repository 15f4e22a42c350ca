"""Psionic pips (text: "Psionic"), with forced dice: 'fire or cancel the fire from one enemy system, reroll any 1 die,
cancel an enemy psionic pip ... including during the enemy's actions', and other specialities simulated."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.core import Refusal
from rules.rulesets.hundred_wars import RULESET
from rules.rulesets.hundred_wars.actions import PsiReveal
from tests.rules.hundred_wars.helpers import HQ, INF, act, at, game, unit
from tests.said import chances as said_chances

PSI = {**HQ, "psionic": 2, "psionic_range": 30}
# Red's infantry at (3,1) fires at blue's at (3,4): 15 cm. The doubled Range roll reaches it from a 8 (a Good Hit on
# 8 or 9); Fire 16 against Armour 8: Fire 12 v Armour 7 is 5 damage, Fire 16 v Armour 5 destroys.


def kinds(s, side):
    return sorted({a.kind for a in RULESET.legal_actions(s, side)})


def shot_game(red_psi: bool = False, blue_psi: bool = False, blue_reach: int = 30):
    """Blue's psionic unit at (6,6) is 25 cm from red's firer and 20 cm from its own target unit."""
    units = [unit("r", "red", at(3, 1)), unit("b", "blue", at(3, 4))]
    if red_psi:
        units.append(unit("rp", "red", at(5, 1), **PSI))
    if blue_psi:
        units.append(unit("bp", "blue", at(6, 6), **{**PSI, "psionic_range": blue_reach}))
    return game(units)


def test_without_psionics_a_shot_runs_through_without_a_pause():
    s = shot_game()
    act(s, "fire red unit=r at=3,4", 50, 16, 5)
    assert s.paused == [] and s.units["b"].eliminated


def test_the_target_side_may_cancel_the_fire_with_a_pip_before_any_die_is_rolled():
    s = shot_game(blue_psi=True)
    act(s, "fire red unit=r at=3,4")  # no die yet: blue may react
    assert RULESET.decision(s).side == "blue" and s.paused[-1].kind == "psi_fire"
    offered = RULESET.legal_actions(s, "blue")
    assert {a.kind for a in offered} == {"done", "psi"} and RULESET.legal_actions(s, "red") == []
    cancel = next(a for a in offered if a.kind == "psi")
    assert cancel.cancel and "cancel the fire of r" in RULESET.describe(s, cancel)
    act(s, cancel.text())  # no die: the fire is cancelled, the weapon spent, the pip used
    assert s.paused == [] and not s.units["b"].eliminated and s.units["r"].fired == [0]
    assert s.psi_used == {"bp": 1} and RULESET.decision(s).side == "red"


def test_letting_the_fire_go_ahead_rolls_the_shot():
    s = shot_game(blue_psi=True)
    act(s, "fire red unit=r at=3,4")
    act(s, "done blue", 50)  # blue lets it fire; Range 50 is on target: blue (in range of the firer) may re-roll it
    assert s.paused[-1].kind == "psi_die" and "range" in s.paused[-1].prompt
    act(s, "done blue", 12, 7)  # the Fire and Armour dice go against blue too: it may re-roll one of them
    assert s.paused[-1].kind == "psi_die" and RULESET.decision(s).side == "blue"
    act(s, "done blue")  # keeps the dice: 5 damage, odd: red allocates
    assert s.paused == [] and s.pending[0].damage == 5 and s.pending[0].allocator == "red"


def test_a_pip_re_rolls_a_missed_range_die_for_the_firer():
    s = shot_game(red_psi=True)
    act(s, "fire red unit=r at=3,4", 5)  # 10 cm of 15: not sighted; red may re-roll its own die
    p = s.paused[-1]
    assert p.kind == "psi_die" and p.reactor == "red" and "range" in p.prompt
    offered = [a for a in RULESET.legal_actions(s, "red") if a.kind == "psi"]
    assert [(a.unit, a.reroll) for a in offered] == [("rp", "range")]
    act(s, "psi red unit=rp at=3,1 reroll=range", 50, 16, 5)  # 100 cm: on target; Fire 16 v Armour 5 destroys
    assert s.units["b"].eliminated and s.psi_used == {"rp": 1} and s.paused == []


def test_a_pip_re_rolls_the_armour_die_of_a_hit_for_the_target():
    s = shot_game(blue_psi=True, blue_reach=20)  # out of reach of the firer: no pause to cancel it
    act(s, "fire red unit=r at=3,4", 50, 12, 7)  # 5 damage if kept
    offered = {a.reroll for a in RULESET.legal_actions(s, "blue") if a.kind == "psi"}
    assert offered == {"armour"}  # blue's psionic unit is within 30 cm of its own unit only, not of the firer
    act(s, "psi blue unit=bp at=3,4 reroll=armour", 60)  # Armour 8 now: Fire 12 v 8, 4 damage, even: blue allocates
    assert s.paused == [] and s.pending[0].damage == 4 and s.pending[0].allocator == "blue"


def test_a_re_roll_may_be_answered_by_the_other_side_once_per_unit_and_phase():
    s = shot_game(red_psi=True, blue_psi=True)
    act(s, "fire red unit=r at=3,4")
    act(s, "done blue", 5)  # the Range die misses: red may re-roll it
    assert s.paused[-1].reactor == "red"
    act(s, "psi red unit=rp at=3,1 reroll=range")  # blue may cancel red's pip
    assert s.paused[-1].kind == "psi_pip" and s.paused[-1].reactor == "blue"
    act(s, "done blue", 50)  # it works: 100 cm, on target; the die now goes against blue, who may re-roll it
    assert s.paused[-1].kind == "psi_die" and s.paused[-1].reactor == "blue"
    act(s, "psi blue unit=bp at=3,1 reroll=range", 3)  # 6 cm: not sighted; red's only psionic unit has used its pip
    assert s.paused == [] and s.psi_used == {"rp": 1, "bp": 1} and not s.units["b"].eliminated


def test_an_enemy_pip_may_be_cancelled_and_stays_spent():
    s = game([unit("p", "red", at(3, 1), **PSI), unit("b", "blue", None), unit("q", "blue", at(6, 6), **PSI)])
    blind = next(u for u in s.units.values() if u.blind and u.side == "blue")
    blind.at = at(3, 5)
    act(s, "psi red unit=p at=3,5")
    assert s.paused[-1].kind == "psi_pip" and RULESET.decision(s).side == "blue"
    cancel = next(a for a in RULESET.legal_actions(s, "blue") if a.kind == "psi")
    assert "cancel the psionic pip of p" in RULESET.describe(s, cancel)
    act(s, cancel.text())
    assert blind.blind and not blind.eliminated and s.psi_used == {"p": 1, "q": 1} and s.paused == []


def test_a_pip_fires_one_enemy_weapon_at_a_unit_of_the_psionic_sides_choice():
    s = game([unit("p", "red", at(3, 1), **PSI), unit("e", "blue", at(3, 4)), unit("f", "blue", at(5, 4))])
    offered = [a for a in RULESET.legal_actions(s, "red") if a.kind == "psi" and a.weapon is not None]
    assert {(a.at, a.to) for a in offered} >= {(at(3, 4), at(5, 4)), (at(5, 4), at(3, 4))}
    assert all(a.to != at(3, 1) for a in offered)  # never at the psionic side's own units
    a = next(a for a in offered if a.at == at(3, 4) and a.to == at(5, 4))
    assert RULESET.preview(s, a).outcomes and "fire Fire 1 (16, Range 20 cm) of e at 3,4 at f at 5,4" in RULESET.describe(s, a)
    act(s, a.text(), 50, 16, 5)  # 10 cm; Fire 16 v Armour 5: blue's own weapon destroys blue's unit
    assert s.units["f"].eliminated and s.units["e"].fired == [0] and s.psi_used == {"p": 1}
    with pytest.raises(Refusal, match="once per phase"):
        act(s, a.text())


def test_a_pip_simulates_field_repairs_and_an_ecm_jam():
    s = game([unit("p", "red", at(3, 1), **PSI), unit("i", "red", at(4, 1))])
    s.units["i"].stats.armour = 5
    act(s, "psi red unit=p at=4,1 simulate=repairs")  # no roll: 1 point back
    assert s.units["i"].stats.armour == 6 and s.psi_used == {"p": 1}
    s = game([unit("p", "red", at(3, 1), **PSI), unit("h", "blue", at(3, 5), **HQ)], phase="counters", pips={"h": 9})
    a = next(a for a in RULESET.legal_actions(s, "red") if a.kind == "psi" and a.simulate == "ecm")
    pv = RULESET.preview(s, a)
    # 9 pips less 1d10, not below 2: faces 7-10 leave 2, faces 1-6 leave 8 down to 3.
    assert said_chances(pv, s) == {"2 pips left (-7)": Fraction(4, 10),  # the change to the side's pips in brackets
                                   **{f"{n} pips left ({n - 9})": Fraction(1, 10) for n in range(3, 9)}}
    act(s, a.text(), 6)  # 9 - 6 = 3 pips left; no ECM roll to make or beat
    assert s.pips == {"h": 3}
    s.psi_phase = []
    with pytest.raises(Refusal, match="Phase 4"):
        act(s, "psi red unit=p at=3,5 simulate=repairs")


def test_the_re_roll_preview_gives_the_exact_odds_of_the_new_die():
    s = shot_game(blue_psi=True, blue_reach=20)  # out of reach of the firer: no pause to cancel it
    act(s, "fire red unit=r at=3,4", 50, 12, 7)
    pv = RULESET.preview(s, PsiReveal(side="blue", unit="bp", at=at(3, 4), reroll="armour"))
    got = said_chances(pv, s)
    # Fire stays 12: Armour 1-6 destroys (12 >= 2 x score), 7-8 hits for 5 or 4 ... Armour 8 caps faces 8-100.
    assert got["b destroyed"] == Fraction(6, 100) and got["b takes 5 damage"] == Fraction(1, 100)
    assert got["b takes 4 damage"] == Fraction(93, 100) and sum(got.values()) == 1


def test_cancel_and_re_roll_are_refused_outside_a_pause():
    s = shot_game(red_psi=True)
    with pytest.raises(Refusal, match="while an enemy action waits"):
        act(s, "psi red unit=rp at=3,1 reroll=range")


def move_game(red_psi: bool = False, blue_psi: bool = False):
    """Red's infantry (Move 10) at (3,1) has a counter to (8,1); psionic units within 30 cm of it."""
    units = [unit("r", "red", at(3, 1))]
    if red_psi:
        units.append(unit("rp", "red", at(2, 2), **PSI))
    if blue_psi:
        units.append(unit("bp", "blue", at(6, 5), **PSI))
    s = game(units, phase="move")
    s.units["r"].counter = at(8, 1)
    return s


def test_a_short_movement_roll_may_be_re_rolled_by_the_movers_side():
    s = move_game(red_psi=True, blue_psi=True)
    act(s, "move red unit=r", 4)  # 4 cm of Move 10: short, against red
    p = s.paused[-1]
    assert p.kind == "psi_move" and p.reactor == "red" and s.units["r"].at == at(3, 1)
    a = next(a for a in RULESET.legal_actions(s, "red") if a.kind == "psi")
    assert a.reroll == "move" and "re-roll the movement die" in RULESET.describe(s, a)
    pv = RULESET.preview(s, a)  # the new 1d100 on Move 10: 0 hexes on 1-4, 1 on 5-9, 2 on 10-100
    assert said_chances(pv, s) == {"moves 0 hexes (0 cm)": Fraction(4, 100),
                                                      "moves 1 hex (5 cm)": Fraction(5, 100),
                                                      "moves 2 hexes (10 cm)": Fraction(91, 100)}
    act(s, a.text())  # blue's psionic unit is in range of red's: it may cancel the pip first
    assert s.paused[-1].kind == "psi_pip" and s.paused[-1].reactor == "blue"
    act(s, "done blue", 70)  # it works: a full move now goes against blue, who may re-roll it
    assert s.paused[-1].kind == "psi_move" and s.paused[-1].reactor == "blue"
    act(s, "done blue")  # blue keeps it: 10 cm, two hexes
    assert s.units["r"].at == at(5, 1) and s.psi_used == {"rp": 1} and s.paused == []


def test_a_full_movement_roll_may_be_re_rolled_by_the_enemy_and_blinds_are_never_offered():
    s = move_game(blue_psi=True)
    act(s, "move red unit=r", 70)
    assert s.paused[-1].reactor == "blue"
    act(s, "psi blue unit=bp at=3,1 reroll=move", 3)  # 3 cm: it stays where it is
    assert s.units["r"].at == at(3, 1) and s.psi_used == {"bp": 1} and s.paused == []
    s = move_game(red_psi=True)
    act(s, "move red unit=r", 70)  # a full move and no enemy pip: no pause
    assert s.units["r"].at == at(5, 1) and s.paused == []
    s = game([unit("b", "blue", None), unit("rp", "red", at(3, 2), **PSI), unit("bp", "blue", at(2, 5), **PSI)],
             phase="move", order=("blue", "red"))
    blind = next(u for u in s.units.values() if u.blind and u.side == "blue")
    blind.at, blind.counter = at(3, 5), at(3, 1)
    act(s, f"move blue unit={blind.id}", 4)  # a blind's roll: a pause would tell whether it fell short of its Move
    assert s.paused == []


# --- close combat: one die of a bout (melee.py) ----------------------------------------------


def bout_game(red_psi: bool = False, blue_psi: bool = False, mate: bool = False):
    """Red's r (CQB 20) walks from (3,1) into contact with blue's b (CQB 30) at (3,4); `mate`: a group-mate behind."""
    units = [unit("r", "red", at(3, 1)), unit("b", "blue", at(3, 4), **{**INF, "cqb": 30})]
    if mate:
        units.append(unit("m", "red", at(3, 0)))
    if red_psi:
        units.append(unit("rp", "red", at(5, 1), **PSI))
    if blue_psi:
        units.append(unit("bp", "blue", at(6, 6), **PSI))
    s = game(units, phase="move")
    for u in ("r", "m"):
        if u in s.units:
            s.units[u].counter = at(3, 5)
    return s


def test_without_psionics_a_close_combat_never_pauses():
    s = bout_game()
    act(s, "move red unit=r", 10, 12, 25)  # 12 v 25: red takes 13
    assert s.paused == [] and s.pending[0].damage == 13 and s.pending[0].units == ["r"]


def test_the_losing_side_may_re_roll_one_die_of_a_close_combat():
    s = bout_game(red_psi=True)
    act(s, "move red unit=r", 10, 12, 25)  # red loses 12 to 25: it may re-roll its own die or blue's
    p = s.paused[-1]
    assert p.kind == "psi_cqb" and p.reactor == "red" and s.pending == []
    offered = {(a.unit, a.at) for a in RULESET.legal_actions(s, "red") if a.kind == "psi"}
    assert offered == {("rp", at(3, 3)), ("rp", at(3, 4))}
    a = PsiReveal(side="red", unit="rp", at=at(3, 4), reroll="cqb")
    assert "re-roll the close combat die of b" in RULESET.describe(s, a)
    pv = RULESET.preview(s, a)  # blue's new die against red's 12: 1-11 blue takes 12-f, 12 a tie, 13+ red takes f-12
    chances = said_chances(pv, s)
    assert chances["tie: no damage"] == Fraction(1, 100) and chances["Blue takes 11 damage"] == Fraction(1, 100)
    assert chances["Red takes 18 damage"] == Fraction(71, 100) and chances["Red takes 13 damage"] == Fraction(1, 100)
    assert sum(chances.values()) == 1 and "Red takes 19 damage" not in chances  # 30-100: 18
    act(s, a.text(), 5)  # blue's die again: 5; 12 to 5, blue takes 7 (odd: red allocates); blue has no pip
    assert s.paused == [] and s.pending[0].damage == 7 and s.pending[0].units == ["b"]
    assert s.pending[0].allocator == "red" and s.psi_used == {"rp": 1}


def test_a_re_rolled_bout_pauses_only_while_the_loser_has_a_pip_left():
    s = bout_game(red_psi=True, blue_psi=True)
    act(s, "move red unit=r", 10)  # a full move: blue may re-roll the movement die first
    act(s, "done blue", 12, 25)
    act(s, "psi red unit=rp at=3,3 reroll=cqb")  # its own die; blue's psionic unit may cancel the pip first
    assert s.paused[-1].kind == "psi_pip"
    act(s, "done blue", 40)  # red's own die again: 40 is capped at 20; 20 to 25, still red's loss, and red's only
    # psionic unit has used its pip this phase: no pause, red takes 5 (odd: blue allocates)
    assert s.paused == [] and s.pending[0].damage == 5 and s.pending[0].units == ["r"]
    assert s.pending[0].allocator == "blue" and s.psi_used == {"rp": 1}


def test_a_tie_goes_against_nobody_and_does_not_pause():
    s = bout_game(red_psi=True, blue_psi=True)
    act(s, "move red unit=r", 10)
    act(s, "done blue", 20, 20)
    assert s.paused == [] and s.pending == []


def test_the_rest_of_a_group_move_waits_for_the_close_combat_re_roll():
    s = bout_game(red_psi=True, mate=True)
    act(s, "move red unit=r", 10, 12, 25)  # r walks first (nearer the goal) and fights; m waits
    assert s.paused[-1].kind == "psi_cqb" and s.units["m"].at == at(3, 0)
    act(s, "done red")  # the bout's damage, then m walks its 10 cm
    assert s.pending[0].units == ["r"] and s.units["m"].at.distance(at(3, 0)) == 2 and s.paused == []


# --- the Orders die (orders.py) --------------------------------------------------------------


SEER = {**INF, "psionic": 2, "psionic_range": 30}  # psionic, no Orders: no Orders roll of its own


def orders_game(red_psi: bool = False, blue_psi: bool = False):
    units = [unit("hq", "red", at(3, 1), **HQ), unit("b", "blue", at(3, 6))]
    if red_psi:
        units.append(unit("rp", "red", at(5, 1), **SEER))
    if blue_psi:
        units.append(unit("bp", "blue", at(6, 5), **SEER))
    return game(units, phase="orders")


def test_without_psionics_the_orders_roll_never_pauses():
    s = orders_game()
    act(s, "orders red", 3)
    assert s.pips == {"hq": 3} and s.paused == [] and RULESET.decision(s).side == "blue"


def test_a_short_orders_roll_may_be_re_rolled_by_its_side_and_a_full_one_by_the_enemy():
    s = orders_game(red_psi=True, blue_psi=True)
    act(s, "orders red", 3)  # 3 pips of Orders 5: against red
    p = s.paused[-1]
    assert p.kind == "psi_orders" and p.reactor == "red" and s.phase == "orders" and s.acting() == "red"
    a = next(a for a in RULESET.legal_actions(s, "red") if a.kind == "psi")
    assert a.reroll == "orders" and "re-roll the Orders die of hq" in RULESET.describe(s, a)
    pv = RULESET.preview(s, a)  # 1-4: that many pips, 5-10: the full 5
    assert said_chances(pv, s) == {"1 pip (-2)": Fraction(1, 10), "2 pips (-1)": Fraction(1, 10),
                                   "3 pips": Fraction(1, 10), "4 pips (+1)": Fraction(1, 10),
                                   "5 pips (+2)": Fraction(6, 10)}
    act(s, a.text())
    act(s, "done blue", 9)  # blue lets the pip work: 9, the full 5 pips; now against blue, who may re-roll it
    assert s.pips == {"hq": 5} and s.paused[-1].kind == "psi_orders" and s.paused[-1].reactor == "blue"
    act(s, "psi blue unit=bp at=3,1 reroll=orders", 2)  # 2 pips; red's psionic unit has used its pip: no pause
    assert s.pips == {"hq": 2} and s.paused == [] and s.psi_used == {"rp": 1, "bp": 1}
    assert RULESET.decision(s).side == "blue" and s.acting() == "blue"  # red's Phase 1 is over


def test_keeping_the_orders_roll_ends_the_sides_phase_1():
    s = orders_game(red_psi=True)
    act(s, "orders red", 2)
    act(s, "done red")
    assert s.pips == {"hq": 2} and s.paused == [] and s.acting() == "blue" and s.psi_used == {}


# --- the teleport die (moving.py) ------------------------------------------------------------


def teleport_game(red_psi: bool = False, blue_psi: bool = False):
    tp = {**INF, "teleport": 3, "teleport_range": 20}
    units = [unit("t", "red", at(3, 1), **tp), unit("a", "red", at(3, 2)), unit("c", "red", at(4, 2)),
             unit("e", "blue", at(11, 7))]
    if red_psi:
        units.append(unit("rp", "red", at(5, 1), **SEER))
    if blue_psi:
        units.append(unit("bp", "blue", at(6, 4), **SEER))
    s = game(units, phase="move")
    act(s, "gather red unit=t passenger=a")
    if blue_psi:  # blue's pip could simulate ECM disrupting the teleporter: it lets it go
        assert s.paused[-1].kind == "ecm_teleport"
        act(s, "done blue")
    return s


def test_a_teleport_roll_that_leaves_units_suspended_may_be_re_rolled_by_its_side():
    s = teleport_game(red_psi=True)
    act(s, "teleport red unit=t passenger=c to=6,3", 1)  # a 1 for two units: one would stay in the buffers
    p = s.paused[-1]
    assert p.kind == "psi_teleport" and p.reactor == "red" and s.units["c"].at == at(4, 2)
    a = next(a for a in RULESET.legal_actions(s, "red") if a.kind == "psi")
    assert a.reroll == "teleport" and "re-roll the teleport die of t" in RULESET.describe(s, a)
    pv = RULESET.preview(s, a)
    assert said_chances(pv, s) == {"1 unit materialised, 1 unit suspended": Fraction(1, 10),
                                                      "2 units materialised, 0 units suspended": Fraction(9, 10)}
    act(s, a.text(), 6)  # both materialise; blue has no psionic unit: no pause
    assert s.paused == [] and s.units["t"].buffer == [] and s.units["a"].on_map and s.units["c"].on_map
    assert s.units["c"].at.distance(at(6, 3)) <= 1 and s.psi_used == {"rp": 1}


def test_a_full_teleport_roll_may_be_re_rolled_by_the_enemy_and_kept():
    s = teleport_game(blue_psi=True)
    act(s, "teleport red unit=t passenger=c to=6,3")
    act(s, "done blue", 5)  # no disruption; the roll sends both
    assert s.paused[-1].reactor == "blue" and s.units["c"].at == at(4, 2)  # nothing has moved yet
    act(s, "psi blue unit=bp at=3,1 reroll=teleport", 1)  # one of the two materialises: a first, c waits
    assert s.paused == [] and s.units["t"].buffer == ["c"] and s.units["c"].at is None and s.units["a"].on_map
    s = teleport_game()
    act(s, "teleport red unit=t passenger=c to=6,3", 1)  # no psionics: no pause
    assert s.paused == [] and s.units["t"].buffer == ["c"]


# --- a die of an ECM contest (contest.py) ----------------------------------------------------

ECM6 = {**INF, "ecm": 6, "ecm_range": 40}


def ecm_order_game(red_psi: bool = False, blue_psi: bool = False, red_ecm: bool = False):
    """Red orders i; blue's ECM unit j may try to cancel it (red's own ECM, if any, is the roll to beat)."""
    units = [unit("h", "red", at(0, 0), **HQ), unit("i", "red", at(3, 1), **(ECM6 if red_ecm else INF)),
             unit("j", "blue", at(3, 5), **ECM6)]
    if red_psi:
        units.append(unit("rp", "red", at(5, 2), **SEER))
    if blue_psi:
        units.append(unit("bp", "blue", at(6, 5), **SEER))
    s = game(units, phase="counters", pips={"h": 3})
    act(s, "counter red unit=i to=6,1")
    return s


def test_a_successful_ecm_cancel_may_have_its_die_re_rolled_by_the_ordering_side():
    s = ecm_order_game(red_psi=True)
    act(s, "jam blue unit=j at=3,1", 2)  # ECM 2 <= 6: the cancel succeeds; red may re-roll j's die first
    p = s.paused[-1]
    assert p.kind == "psi_ecm" and p.reactor == "red" and s.units["i"].counter == at(6, 1)
    a = next(a for a in RULESET.legal_actions(s, "red") if a.kind == "psi")
    assert a.reroll == "ecm" and a.at == at(3, 5) and "re-roll the ECM contest die of j" in RULESET.describe(s, a)
    pv = RULESET.preview(s, a)  # 1-6 succeeds, 7-10 fails
    assert said_chances(pv, s) == {"the order is cancelled": Fraction(6, 10),
                                                      "the ECM fails (or is beaten)": Fraction(4, 10)}
    act(s, a.text(), 8)  # 8 > 6: the cancel fails, the order stands
    assert s.paused == [] and s.units["i"].counter == at(6, 1) and s.psi_used == {"rp": 1}
    assert RULESET.decision(s).side == "red" and s.ecm_used == ["j"]


def test_a_failed_ecm_contest_may_be_re_rolled_by_the_ecm_side_on_either_die():
    s = ecm_order_game(blue_psi=True, red_ecm=True)
    act(s, "jam blue unit=j at=3,1", 2, 2)  # margin 4 against 4: beaten, the order stands; blue may re-roll
    assert s.paused[-1].reactor == "blue"
    assert {a.at for a in RULESET.legal_actions(s, "blue") if a.kind == "psi"} == {at(3, 5), at(3, 1)}
    act(s, "psi blue unit=bp at=3,1 reroll=ecm", 5)  # red's counter-ECM again: 5, margin 1: blue's 4 beats it
    assert s.paused == [] and s.units["i"].counter is None and s.pips["h"] == 2


def test_without_psionics_an_ecm_contest_never_pauses():
    s = ecm_order_game()
    act(s, "jam blue unit=j at=3,1", 2)
    assert s.paused == [] and s.units["i"].counter is None


# --- a pip simulating the other specialities -------------------------------------------------


def test_a_pip_simulates_ecm_cancelling_a_new_enemy_order_with_no_roll():
    s = game([unit("h", "red", at(0, 0), **HQ), unit("i", "red", at(3, 1)), unit("bp", "blue", at(3, 5), **SEER)],
             phase="counters", pips={"h": 3})
    act(s, "counter red unit=i to=6,1")  # blue has no ECM unit, but a psionic one in range: it may react
    assert s.paused[-1].kind == "ecm_order" and s.paused[-1].reactor == "blue"
    a = next(a for a in RULESET.legal_actions(s, "blue") if a.kind == "psi")
    assert a.simulate == "ecm" and "cancel the new order of i" in RULESET.describe(s, a)
    act(s, a.text())  # no die
    assert s.units["i"].counter is None and s.paused == [] and s.psi_used == {"bp": 1} and s.pips["h"] == 2
    s = game([unit("h", "red", at(0, 0), **HQ), unit("i", "red", at(3, 1)), unit("b", "blue", at(3, 7))],
             phase="counters", pips={"h": 3})
    act(s, "counter red unit=i to=6,1")  # no ECM, no psionics: no pause
    assert s.paused == [] and s.units["i"].counter == at(6, 1)


def test_a_pip_simulates_ecm_disrupting_and_hijacking_a_teleporter():
    tp = {**INF, "teleport": 3, "teleport_range": 20}
    s = game([unit("t", "red", at(3, 1), **tp), unit("a", "red", at(3, 2)), unit("bp", "blue", at(5, 4), **SEER)],
             phase="move")
    act(s, "gather red unit=t passenger=a")
    assert s.paused[-1].kind == "ecm_teleport"
    a = next(a for a in RULESET.legal_actions(s, "blue") if a.kind == "psi")
    assert "disrupt the teleporter t" in RULESET.describe(s, a)
    assert {o.chance for o in RULESET.preview(s, a).outcomes} == {Fraction(1, 10)}
    act(s, a.text(), 2)  # 2 units kept this turn: a stays
    assert s.paused == [] and s.units["a"].at == at(3, 2) and s.tp_blocked == {"t": 1}
    s = game([unit("t", "red", at(3, 1), **tp), unit("a", "red", None), unit("c", "red", None),
              unit("bp", "blue", at(5, 4), **SEER)], phase="move", order=("blue", "red"))
    for b in [u for u in s.units.values() if u.blind]:
        b.eliminated = True  # a and c are in t's buffers, not under blinds
    s.units["t"].buffer = ["a", "c"]
    a = next(a for a in RULESET.legal_actions(s, "blue") if a.kind == "psi" and a.simulate == "ecm")
    assert a.at == at(3, 1) and "hijack the teleporter t" in RULESET.describe(s, a)
    assert said_chances(RULESET.preview(s, a), s) == {
        "1 unit materialised": Fraction(1, 10), "2 units materialised": Fraction(9, 10)}
    act(s, a.text(), 1)  # one of them materialises beside t, the first taken first
    assert s.units["a"].at.distance(at(3, 1)) == 1 and s.units["t"].buffer == ["c"]


def test_a_pip_simulates_an_ads_against_an_enemy_shot_and_ecm_against_an_ads():
    big = {**INF, "weapons": [{"fire": 60, "range": 20}]}
    s = game([unit("r", "red", at(3, 1), **big), unit("b", "blue", at(3, 4), **{**INF, "armour": 30}),
              unit("bp", "blue", at(3, 7), **{**SEER, "psionic_range": 20})])  # 15 cm from b, 30 cm from r
    act(s, "fire red unit=r at=3,4")  # Fire 60 > 35 at a unit within bp's range: blue may intercept
    assert s.paused[-1].kind == "psi_fire"
    a = next(a for a in RULESET.legal_actions(s, "blue") if a.kind == "psi")
    assert a.simulate == "ads" and not [x for x in RULESET.legal_actions(s, "blue") if getattr(x, "cancel", False)]
    pv = said_chances(RULESET.preview(s, a), s)
    assert pv["Fire 60 cut by 60"] == Fraction(4, 10) and pv["Fire 60 cut by 0"] == Fraction(1, 10)
    act(s, a.text(), 7, 50, 50, 20)  # 1d10 7: cut by 30, Fire 30; on target; Fire 30 v Armour 20: 10 damage
    assert s.paused == [] and s.pending[0].damage == 10 and not s.units["b"].eliminated
    s = game([unit("r", "red", at(3, 1), **big), unit("b", "blue", at(3, 4), **{**INF, "armour": 30})])
    act(s, "fire red unit=r at=3,4", 50, 50, 20)  # no psionics: no pause; the full Fire 60: 50 v 20 destroys
    assert s.paused == [] and s.units["b"].eliminated
    guard = {**INF, "ads": 6, "ads_range": 20, "ads_fire": 0}
    s = game([unit("rp", "red", at(3, 1), **SEER), unit("g", "blue", at(3, 4), **guard)])
    a = next(a for a in RULESET.legal_actions(s, "red") if a.kind == "psi" and a.simulate == "ecm")
    assert "against the ADS of g" in RULESET.describe(s, a)
    assert said_chances(RULESET.preview(s, a), s)["ADS 6 cut by 6"] == Fraction(4, 10)
    act(s, a.text(), 7)  # margin 10 - 7 = 3
    assert s.ads_cut == {"g": 3}


def test_a_pip_simulates_a_teleport_of_one_unit_with_no_roll():
    s = game([unit("rp", "red", at(3, 1), **SEER), unit("a", "red", at(3, 2)), unit("e", "blue", at(11, 7))],
             phase="move")
    offered = [a for a in RULESET.legal_actions(s, "red") if a.kind == "psi" and a.simulate == "teleport"]
    assert offered and all(a.at == at(3, 2) for a in offered)  # never the psionic unit itself
    act(s, "psi red unit=rp at=3,2 to=6,3 simulate=teleport")
    assert s.units["a"].at == at(6, 3) and s.psi_used == {"rp": 1}
    with pytest.raises(Refusal, match="beyond"):
        s.psi_phase = []
        act(s, "psi red unit=rp at=6,3 to=11,1 simulate=teleport")
    with pytest.raises(Refusal, match="not the psionic unit itself"):
        act(s, "psi red unit=rp at=3,1 to=4,1 simulate=teleport")


# --- the ADS and homing-disruption contests inside a shot (shot.py + contest.py) -------------


def test_an_ads_interception_die_may_be_re_rolled_by_the_firing_side():
    big = {**INF, "weapons": [{"fire": 60, "range": 40}]}
    guard = {**INF, "ads": 6, "ads_range": 30, "ads_fire": 0}
    units = [unit("r", "red", at(3, 1), **big), unit("b", "blue", at(3, 4), **{**INF, "armour": 30}),
             unit("g", "blue", at(3, 6), **guard), unit("rp", "red", at(5, 1), **{**SEER, "psionic_range": 40})]
    s = game(units)
    act(s, "fire red unit=r at=3,4", 50, 2)  # on target; g's ADS 2 <= 6: margin 4, the Fire cut by 40 if it stands
    p = s.paused[-1]
    assert p.kind == "psi_ecm" and p.reactor == "red" and s.pending == []
    a = next(a for a in RULESET.legal_actions(s, "red") if a.kind == "psi")
    assert a.at == at(3, 6) and a.reroll == "ecm"
    pv = said_chances(RULESET.preview(s, a), s)  # 1-6 cut by 10 x (6 - f), 7-10 fail
    assert pv == {"the ADS fails (or is beaten)": Fraction(4, 10), "the Fire is cut by 0": Fraction(1, 10),
                  "the Fire is cut by 10": Fraction(1, 10), "the Fire is cut by 20": Fraction(1, 10),
                  "the Fire is cut by 30": Fraction(1, 10), "the Fire is cut by 40": Fraction(1, 10),
                  "the Fire is cut by 50": Fraction(1, 10)}
    act(s, a.text(), 9, 50, 20)  # the ADS fails now: the full Fire 60; 50 v 20 destroys b
    assert s.units["b"].eliminated and s.paused == []
    s = game(units)
    act(s, "fire red unit=r at=3,4", 50, 2)
    act(s, "done red", 50, 20)  # kept: Fire 20; 20 v 20 does nothing, against red, who may re-roll a die again
    assert s.paused[-1].kind == "psi_die" and s.paused[-1].data["fire_factor"] == 20
    act(s, "done red")
    assert not s.units["b"].eliminated and s.pending == [] and s.paused == []


def test_a_homing_disruption_die_may_be_re_rolled_by_the_firing_side():
    homing = {**INF, "weapons": [{"fire": 20, "range": 40, "kind": "homing"}]}
    units = [unit("r", "red", at(3, 1), **homing), unit("b", "blue", at(3, 4)),
             unit("e", "blue", at(3, 6), **{**INF, "ecm": 6, "ecm_range": 30}),
             unit("rp", "red", at(5, 1), **{**SEER, "psionic_range": 40})]
    s = game(units)
    act(s, "fire red unit=r at=3,4", 2)  # e's ECM 2 <= 6: the target's cover would be restored; red may re-roll
    assert s.paused[-1].kind == "psi_ecm" and s.paused[-1].reactor == "red"
    events = act(s, "psi red unit=rp at=3,6 reroll=ecm", 8, 1)  # 8: the ECM fails, the shot stays homing; Range 1
    assert not [e for e in events if getattr(e, "field", "") == "cover"] and s.paused == []
    s = game(units)
    act(s, "fire red unit=r at=3,4", 2)
    events = act(s, "done red", 1)
    assert [e for e in events if getattr(e, "field", "") == "cover"]


# --- the terrain (mode) die (mode_dice.py) ---------------------------------------------------


def wood_game(red_psi: bool = False, phase: str = "move"):
    """A wood across column 4 (one piece, not yet rolled) between red's r at (3,1) and blue's b."""
    from rules.hexgrid import to_offset  # noqa: F401 (used by the tests below)
    from tests.rules.hundred_wars.helpers import board

    wood = board(terrain={at(4, r): "wood" for r in range(8)})
    units = [unit("r", "red", at(3, 1)), unit("b", "blue", at(9, 6))]
    if red_psi:
        units.append(unit("rp", "red", at(2, 2), **SEER))
    s = game(units, b=wood, phase=phase)
    s.units["r"].counter = at(8, 1)
    return s


def test_a_terrain_roll_on_entering_a_piece_may_be_re_rolled_and_the_walk_goes_on():
    from rules.hexgrid import to_offset

    s = wood_game(red_psi=True)
    act(s, "move red unit=r", 10, 5)  # 10 cm; the wood rolls 5: Hard, Move 10 halved: one hex; red may re-roll
    p = s.paused[-1]
    assert p.kind == "psi_terrain" and p.reactor == "red" and s.units["r"].at == at(3, 1)
    a = next(a for a in RULESET.legal_actions(s, "red") if a.kind == "psi")
    assert a.reroll == "terrain" and "re-roll the terrain die" in RULESET.describe(s, a)
    assert said_chances(RULESET.preview(s, a), s) == {
        "Easy": Fraction(1, 10), "Hard": Fraction(6, 10), "V.Hard": Fraction(2, 10), "impassable": Fraction(1, 10)}
    act(s, a.text(), 1)  # Easy now (kept for the game): the full 10 cm, through the wood
    assert s.paused == [] and list(s.terrain_rolls.values()) == ["easy"] and to_offset(s.units["r"].at)[0] == 5
    s = wood_game()
    act(s, "move red unit=r", 10, 5)  # no psionics: no pause, Hard stands, one hex into the wood
    assert s.paused == [] and to_offset(s.units["r"].at)[0] == 4


def test_the_roll_of_the_piece_a_walk_starts_in_may_be_re_rolled_before_the_first_step():
    from tests.rules.hundred_wars.helpers import board

    fast = {**INF, "move": [{"mode": "ground", "factor": 20}]}

    def start_in_wood():
        s = game([unit("i", "red", at(0, 0), **fast), unit("rp", "red", at(1, 1), **SEER),
                  unit("e", "blue", at(11, 7))], b=board(terrain={at(0, 0): "wood"}), phase="move")
        s.units["i"].counter = at(4, 0)
        return s

    s = start_in_wood()
    act(s, "move red unit=i", 100, 5)  # a full roll; the wood it stands in rolls 5: Hard, against red
    p = s.paused[-1]
    assert p.kind == "psi_terrain" and p.reactor == "red" and s.units["i"].at == at(0, 0)
    a = next(a for a in RULESET.legal_actions(s, "red") if a.kind == "psi")
    assert a.reroll == "terrain" and a.at == at(0, 0)
    act(s, a.text(), 1)  # Easy now: the full 20 cm, four hexes
    assert s.paused == [] and s.units["i"].at == at(4, 0)
    s = start_in_wood()
    act(s, "move red unit=i", 100, 5)
    act(s, "done red")  # the Hard roll stands: Move 20 halved, two hexes
    assert s.paused == [] and s.units["i"].at == at(2, 0)


def test_a_terrain_roll_on_a_line_of_fire_may_be_re_rolled_before_the_range_roll():
    s = wood_game(red_psi=True, phase="fire")
    s.units["b"].at = at(6, 1)  # 15 cm away, across the wood
    act(s, "fire red unit=r at=6,1", 8)  # the wood rolls 8: V.Hard, against red (it divides the Range roll)
    assert s.paused[-1].kind == "psi_terrain" and s.paused[-1].reactor == "red" and "range" not in s.paused[-1].data["shot"]
    act(s, "psi red unit=rp at=4,0 reroll=terrain", 1, 8, 16, 5)  # Easy; 2 x 8 = 16 cm: on target; destroyed
    assert s.units["b"].eliminated and list(s.terrain_rolls.values()) == ["easy"] and s.paused == []


def test_a_close_combat_pause_is_undone_redone_and_replayed_exactly_through_the_service():
    from rules.actions import parse_action
    from rules.service import GameService

    for seed in range(1, 200):  # the first seed whose dice make red lose the bout (then red's pip may re-roll)
        s = bout_game(red_psi=True)
        s.seed = seed
        game = GameService(RULESET, s.model_copy(deep=True))
        assert game.apply(parse_action(RULESET.action_adapter, "move red unit=r")).ok
        if game.state.paused and game.state.paused[-1].kind == "psi_cqb":
            break
    else:
        raise AssertionError("no seed made a close combat pause")
    before, paused = game.initial.model_copy(deep=True), game.state.model_copy(deep=True)
    assert game.undo() and game.state == before and game.redo() and game.state == paused
    a = next(a for a in RULESET.legal_actions(game.state, "red") if a.kind == "psi")
    assert game.apply(a).ok and game.state.paused == [] and game.state.psi_used == {"rp": 1}
    again = GameService.replay(RULESET, game.initial, game.log)
    assert again.state == game.state
    assert game.undo() and game.state == paused


def test_simulated_specialities_are_refused_with_a_reason():
    s = game([unit("rp", "red", at(3, 1), **SEER), unit("e", "blue", at(3, 3))], phase="move")
    with pytest.raises(Refusal, match="no units in its buffers"):
        act(s, "psi red unit=rp at=3,3 simulate=ecm")
    with pytest.raises(Refusal, match="while an enemy shot waits"):
        act(s, "psi red unit=rp at=3,3 simulate=ads")
    with pytest.raises(Refusal, match="teleports a unit of yours"):
        act(s, "psi red unit=rp at=3,3 to=5,5 simulate=teleport")
    s.phase = "fire"
    with pytest.raises(Refusal, match="no ADS left"):
        act(s, "psi red unit=rp at=3,3 simulate=ecm")
    with pytest.raises(Refusal, match="Phase 5"):
        act(s, "psi red unit=rp at=3,1 to=4,1 simulate=teleport")
    s.phase = "move"
    with pytest.raises(Refusal, match="re-rolls only while an enemy action waits"):
        act(s, "psi red unit=rp at=3,3 reroll=terrain")


def test_a_failed_field_repair_may_be_re_rolled_by_its_side_and_a_success_by_the_enemy():
    fixer = {**INF, "field_repairs": 5}
    s = game([unit("f", "red", at(3, 1), **fixer), unit("i", "red", at(4, 1)), unit("rp", "red", at(2, 2), **SEER),
              unit("bp", "blue", at(3, 5), **SEER)])
    s.units["i"].stats.armour = 5
    act(s, "repair red unit=f at=4,1", 7)  # 7 is not below 5: no repair, against red
    assert s.paused[-1].kind == "psi_repair" and s.paused[-1].reactor == "red" and s.units["i"].stats.armour == 5
    a = next(a for a in RULESET.legal_actions(s, "red") if a.kind == "psi")
    assert "re-roll the Field Repairs die of f" in RULESET.describe(s, a)
    assert said_chances(RULESET.preview(s, a), s) == {
        "1 point repaired": Fraction(4, 10), "no repair": Fraction(5, 10),
        "no repair; no further repairs on that factor": Fraction(1, 10)}
    act(s, a.text())  # blue's psionic unit is in range of red's: it may cancel the pip first
    act(s, "done blue", 2)  # 2: repaired, now against blue, who may re-roll it
    assert s.paused[-1].kind == "psi_repair" and s.paused[-1].reactor == "blue"
    act(s, "psi blue unit=bp at=3,1 reroll=repair", 10)  # a 10: no repair, and no more on Armour
    assert s.paused == [] and s.units["i"].stats.armour == 5 and s.units["i"].locked == ["armour"]
    s = game([unit("f", "red", at(3, 1), **fixer), unit("i", "red", at(4, 1)), unit("e", "blue", at(11, 7))])
    s.units["i"].stats.armour = 5
    act(s, "repair red unit=f at=4,1", 7)  # no psionics: no pause
    assert s.paused == [] and s.units["i"].stats.armour == 5


def test_a_suicide_attacks_dice_may_be_re_rolled_by_the_side_they_went_against():
    def fresh(blue_psi: bool):
        units = [unit("r", "red", at(3, 1)), unit("b", "blue", at(3, 4))]
        if blue_psi:
            units.append(unit("bp", "blue", at(3, 7), **{**SEER, "psionic_range": 20}))  # 15 cm from b, 30 from r
        s = game(units, phase="move")
        s.units["r"].counter, s.units["r"].counter_attack = at(3, 4), "suicide"
        return s

    s = fresh(blue_psi=True)
    act(s, "move red unit=r", 10, 10, 3, 1, 5)  # closing 10 cm: Fire 10 v Armour 3 destroys b unless re-rolled
    assert s.units["r"].eliminated and not s.units["b"].eliminated
    assert s.paused[-1].kind == "psi_suicide" and s.paused[-1].reactor == "blue"
    a = next(a for a in RULESET.legal_actions(s, "blue") if a.kind == "psi" and a.reroll == "armour")
    chances = said_chances(RULESET.preview(s, a), s)  # b's Armour 8 against Fire 10
    assert chances == {"b destroyed": Fraction(5, 100), "b takes 4 damage": Fraction(1, 100),
                       "b takes 3 damage": Fraction(1, 100), "b takes 2 damage": Fraction(93, 100)}
    act(s, a.text(), 8)  # Armour 8 now: Fire 10 v 8, 2 damage (even: blue allocates)
    assert s.paused == [] and not s.units["b"].eliminated and s.pending[0].damage == 2
    assert s.pending[0].allocator == "blue"
    s = fresh(blue_psi=False)
    act(s, "move red unit=r", 10, 10, 3, 1, 5)  # no psionics: no pause, b destroyed
    assert s.units["b"].eliminated and s.paused == []
