"""The computer's Skirmish hints (rules/rulesets/skirmish/ai_hints.py): a model does not walk alone into the enemy."""

from __future__ import annotations

import random

import pytest

from rules.ai import Computer
from rules.hexgrid import from_offset as o
from rules.rulesets.skirmish import ai_hints
from rules.rulesets.skirmish.actions import Activate, Charge, Move, RollOff
from rules.service import GameService
from saves.scenarios import load_scenario


def _beset(state, side: str, end) -> int:
    """Standing enemies within `BESET` hexes of `end`."""
    return sum(1 for u in state.units.values() if u.side != side and u.on_map and not u.downed
               and u.at.distance(end) <= ai_hints.BESET)


def _cole_half_way():
    """Teaching, seed 3004 (the bench's game against the greedy player): the Team has the initiative, Sgt Cole
    passed his activation roll and moved to (9,6), the woods before the checkpoint hut; he may move again."""
    game = GameService.new(load_scenario("teaching", ruleset="skirmish"), seed=3004)
    team = game.seat("team")
    assert team.apply(RollOff(side="team")).ok
    assert team.apply(Activate(side="team", unit="t1")).ok
    assert game.state.acting.grade == "passed"
    move = next(a for a in team.legal_actions() if a.kind == "move" and a.unit == "t1" and a.path[-1] == o(9, 6))
    assert team.apply(move).ok
    return game, team


def test_the_sergeant_does_not_sprint_alone_to_the_huts_door():
    """Before, the computer sent him on to (11,3) or (12,3), beside the three militiamen in the hut, for the
    walk to the objective (six tries of six); Farid charged him down and the team broke (seeds 3004, 3014)."""
    game, team = _cole_half_way()
    for seed in range(6):
        choice = Computer(random.Random(seed)).choose(team)
        if isinstance(choice, Move):
            assert _beset(game.state, "team", choice.path[-1]) < ai_hints.OUTNUMBERED, team.describe(choice)


def test_a_beset_move_is_left_out_but_a_charge_or_a_hex_to_hold_is_not():
    game, team = _cole_half_way()
    state, actions = game.state, team.legal_actions()
    kept = ai_hints.prune(state, "team", actions)
    beset = [a for a in actions if a.kind == "move" and _beset(state, "team", a.path[-1]) >= ai_hints.OUTNUMBERED]
    assert beset and not any(a in kept for a in beset)
    assert all(a in kept for a in actions if a.kind != "move")
    # The back room (11,1), the hex the team must hold, is kept however many stand by it.
    to_hold = Move(side="team", unit="t1", path=[o(11, 1)])
    charge = Charge(side="team", unit="t1", path=[], at=o(10, 2))
    assert ai_hints.prune(state, "team", [to_hold, charge]) == [to_hold, charge]


def test_a_model_alone_among_enemies_counts_against_its_side():
    """The sergeant at the hut's door, (11,3), with every militiaman able to charge him and no friend by him, costs
    the team `RISK` of his worth; back at his start nothing is at risk; with the team beside him, less."""
    game, _ = _cole_half_way()
    state = game.state.model_copy(deep=True)
    cole = state.units["t1"]
    cole.at = o(6, 11)
    assert ai_hints.side_value(state, "team") == 0.0
    cole.at = o(11, 3)
    alone = ai_hints.side_value(state, "team")
    assert alone == pytest.approx(-ai_hints.RISK * ai_hints.unit_value(state, cole))
    # The whole team beside him: each of the four has one enemy too many, less than he alone risked.
    for uid, h in (("t2", o(10, 4)), ("t3", o(11, 4)), ("t4", o(12, 4))):
        state.units[uid].at = h
    team = sum(ai_hints.unit_value(state, u) for u in state.units.values() if u.side == "team")
    together = ai_hints.side_value(state, "team")
    assert together == pytest.approx(-ai_hints.ALONE * team) and together > alone
