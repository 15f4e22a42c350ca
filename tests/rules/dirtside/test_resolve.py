"""The Dirtside quick-resolver procedures give the game's own preview of the same situation, and roll with
dice and chits (rules/resolver.py; issue 15)."""

from __future__ import annotations

from fractions import Fraction

from rules.board import Board, HexFeature
from rules.dice import ScriptedDice
from rules.resolver import run
from rules.rulesets.dirtside import RULESET, odds
from rules.rulesets.dirtside.actions import Assault, Bombard, Call, Fire, Move

from tests.rules.dirtside.helpers import F, at, board, setup, start, tank, team, unit
from tests.said import said


def chances(preview, state=None) -> list[tuple[str, Fraction]]:
    return sorted((said(o, state, "dirtside"), o.chance) for o in preview.outcomes)


def resolved(name: str, **given) -> tuple:
    proc, values = run("dirtside", name, {k: ("yes" if v is True else "no" if v is False else str(v))
                                          for k, v in given.items()})
    return proc, values


def test_direct_fire_resolves_with_the_odds_of_the_games_preview():
    state = start(setup([unit("b", "blue", at(5, 14), [tank("B1", gun=("HVC", 4), fc="enhanced")], facing=1),
                         unit("r", "red", at(5, 4), [tank("R1", armour=4, size=4)], facing=1),
                         unit("rx", "red", at(18, 1), [team("X")])]), first="blue")
    game = RULESET.preview(state, Fire(side="blue", unit="b", at=at(5, 4)))
    fire = [o for o in game.outcomes if said(o, state).startswith("B1 HVC/4")]
    proc, v = resolved("fire", weapon="HVC", cls=4, distance=10, fc="enhanced", signature=4, armour=3)
    mine = proc.odds(v)
    assert sorted(o.chance for o in mine.outcomes) == sorted(o.chance for o in fire) and sum(o.chance for o in fire) == 1
    # forced: target d6 rolls 2; d10 rolls 7: a hit; HVC/4 draws 4 chits red + yellow at close: R3 R1 = 4 > 3
    lines = proc.roll(v, ScriptedDice(2, 7, *F("R3", "R1", "G3", "M")))
    assert lines[0] == "target rolls 2; firer d10 rolls 7: 1 hit"
    assert lines[1] == "chits R3 R1 G3 M: knocked out (total 4)"


def test_the_assault_tests_resolve_as_the_game_previews_them():
    state = start(setup([unit("b", "blue", at(5, 10), [tank("B1"), tank("B2")]),
                         unit("r", "red", at(5, 8), [team("A"), team("B")], quality="green"),
                         unit("rx", "red", at(18, 1), [team("X")])]), first="blue")
    game = RULESET.preview(state, Assault(side="blue", unit="b", at=at(5, 8)))
    proc, v = resolved("assault", bonus=2, d_quality="green")  # all vehicles against none: +2
    assert chances(proc.odds(v)) == chances(game, state)
    assert proc.roll(v, ScriptedDice(2, 1)) == ["threat test rolls 2: the assault goes in",
                                                "defender rolls 1: gives way at once"]


def test_a_call_and_a_reaction_test_resolve_as_the_game_previews_them():
    battery = unit("bat", "blue", None, [tank("Gun", gun=("HVC", 3), artillery="light", ammo=1)],
                   role="battery", artillery="light", off_table=True)
    state = start(setup([unit("obs", "blue", at(5, 14), [team("HQ")], leadership=3, under_fire=True), battery,
                         unit("r", "red", at(5, 6), [team("A")]), unit("rx", "red", at(18, 1), [team("X")])]),
                  first="blue")
    game = RULESET.preview(state, Call(side="blue", unit="obs", battery="bat", at=at(5, 6)))
    proc, v = resolved("call", leadership=3)
    assert chances(proc.odds(v)) == chances(game) == [("mission placed", Fraction(1, 6)), ("no contact", Fraction(5, 6))]
    game = RULESET.preview(state, Move(side="blue", unit="obs", path=[at(5, 13)]))
    proc, v = resolved("test", leadership=3, threat=1, kind="reaction")
    assert sorted(o.chance for o in proc.odds(v).outcomes) == sorted(o.chance for o in game.outcomes)
    assert proc.roll(v, ScriptedDice(4)) == ["rolls 4: fails"]  # d8 must beat 3 + 1


def test_artillery_resolves_as_the_games_bombard_preview():
    state = start(setup([unit("m", "blue", at(5, 14), [tank("Gun", gun=("HVC", 3), artillery="medium", ammo=1),
                                                       tank("Gun 2", gun=("HVC", 3), artillery="medium", ammo=1)],
                              facing=1),
                         unit("r", "red", at(5, 6), [tank("R1", armour=3)]), unit("rx", "red", at(18, 1), [team("X")])]),
                  first="blue")
    game = RULESET.preview(state, Bombard(side="blue", unit="m", at=at(5, 6), munition="MAK"))
    proc, v = resolved("artillery", munition="MAK", target="vehicle", guns=2, armour=3)
    assert [o.chance for o in proc.odds(v).outcomes] == [o.chance for o in game.outcomes]
    assert sum(o.chance for o in game.outcomes) == 1


def test_mines_resolve_as_the_games_preview_of_a_move_into_them():
    b = board()
    mined = Board(width=b.width, height=b.height, terrain=b.terrain, features=(HexFeature(at=at(10, 8), feature="minefield"),))
    state = start(setup([unit("t", "blue", at(10, 11), [tank("T", armour=4)]), unit("rx", "red", at(18, 1), [team("X")])],
                        b=mined), first="blue")
    game = RULESET.preview(state, Move(side="blue", unit="t", path=[at(10, 10)]))
    proc, v = resolved("mines", armour=4)
    assert sorted(o.chance for o in proc.odds(v).outcomes) == sorted(o.chance for o in game.outcomes)
    assert proc.roll(v, ScriptedDice(*F("R1", "Y1"))) == ["chits R1 Y1: immobilised"]


def test_a_missile_duel_and_air_defence_give_the_exact_contest():
    proc, v = resolved("missile", quality="enhanced", ecm="basic", evades=True, decoys=True)
    hit = {o.label: o.chance for o in proc.odds(v).outcomes}["hit: the craft is destroyed"]
    assert hit == odds.contest(8, (6, 10))  # ECM d6; evading with decoys: one type above blue d8
    proc, v = resolved("airdefence", ads="lad", lad=3, pilot="veteran", nerve=1)
    out = proc.odds(v)
    assert out.dice.startswith("d10 against d12") and sum(o.chance for o in out.outcomes) == 1
    proc, v = resolved("contest", active="8", passive="6", second="6")
    assert {o.label: o.chance for o in proc.odds(v).outcomes}["hit (strictly higher)"] == odds.contest(8, (6, 6))
