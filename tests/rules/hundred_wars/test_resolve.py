"""The quick resolver's A Hundred Wars procedures: the game's own odds, and odds that agree with the rolls."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from rules.actions import parse_action
from rules.dice import ScriptedDice
from rules.resolver import procedures, run
from rules.rulesets.hundred_wars import RULESET, field
from rules.rulesets.hundred_wars.procedures import specials
from tests.rules.hundred_wars.helpers import INF, at, board, game, unit


def _given(values: dict) -> dict[str, str]:
    return {k: ("yes" if v is True else "no" if v is False else str(v)) for k, v in values.items()}


def _same(resolver_preview, game_preview) -> None:
    mine = [o.chance for o in resolver_preview.outcomes]
    theirs = [o.chance for o in game_preview.outcomes]
    assert mine == theirs and sum(mine) == 1


def test_every_roll_of_the_text_is_listed_and_the_command_line_lists_them(capsys):
    from tui.cli import main

    names = {"fire", "cqb", "move", "space", "orders", "terrain", "ecm", "ads", "repair", "teleport", "ram", "suicide",
             "scuttle", "bonus", "pool", "hijack", "disrupt"}
    assert set(procedures("hundred_wars")) == names
    assert main(["resolve", "hundred_wars"]) == 0
    out = capsys.readouterr().out
    assert all(n in out for n in names)


@pytest.mark.parametrize("rolled, flank", [(None, False), ("hard", False), ("very_hard", True)])
def test_a_shot_resolves_with_the_odds_the_game_shows(rolled, flank):
    wood = {at(3, 3): "wood"} if rolled else {}
    target = {**INF, "armour": 30}
    s = game([unit("r", "red", at(3, 1), **{**INF, "weapons": [{"fire": 40, "range": 30}]}),
              unit("b", "blue", at(3, 4) if not flank else at(5, 3), **target)],
             b=board(terrain=wood), rolled={f"wood@{at(3, 3)}": rolled} if rolled else None)
    firer, tgt = s.units["r"], s.units["b"]
    action = parse_action(RULESET.action_adapter, f"fire red unit=r at={'3,4' if not flank else '5,3'}")
    shown = RULESET.preview(s, action)
    d = field.cm(s, firer.at, tgt.at)
    known = [lvl for h in [*field.between(firer.at, tgt.at), tgt.at]
             if (lvl := field.known_level(s, h, None)) is not None]
    worst = max(known, key=["easy", "hard", "very_hard", "impassable"].index, default="easy")
    proc, values = run("hundred_wars", "fire", _given({
        "distance": d, "weapon_range": 30, "fire": 40, "armour": 30, "terrain": worst,
        "arc": field.arc(tgt, firer.at), "hex_cm": s.hex_cm}))
    _same(proc.odds(values), shown)


def test_a_move_resolves_with_the_odds_the_game_shows():
    s = game([unit("i", "red", at(0, 0), **{**INF, "move": [{"mode": "ground", "factor": 17}]}),
              unit("e", "blue", at(11, 7))], phase="move")
    s.units["i"].counter = at(4, 0)
    shown = RULESET.preview(s, parse_action(RULESET.action_adapter, "move red unit=i"))
    proc, values = run("hundred_wars", "move", _given({"move": 17, "hexes": 4, "hex_cm": s.hex_cm}))
    _same(proc.odds(values), shown)


def test_a_close_combat_resolves_with_the_odds_the_game_shows():
    s = game([unit("i", "red", at(3, 1), **{**INF, "cqb": 25}), unit("e", "blue", at(3, 4), **{**INF, "cqb": 14}),
              unit("h", "red", at(0, 0), **{**INF, "orders": 3, "orders_range": 60})], phase="counters", pips={"h": 3})
    shown = RULESET.preview(s, parse_action(RULESET.action_adapter, "counter red unit=i to=3,4"))
    proc, values = run("hundred_wars", "cqb", _given({"a1": 25, "b1": 14}))
    _same(proc.odds(values), shown)


def _enumerate(name: str, given: dict, dice: int, sides: int) -> None:
    """Every face of the procedure's dice, rolled: each first line (to a colon) is one of the odds' labels in the odds' proportions."""
    proc, values = run("hundred_wars", name, _given(given))
    odds = {o.label: o.chance for o in proc.odds(values).outcomes}
    seen: Counter = Counter()
    for faces in product(range(1, sides + 1), repeat=dice):
        line = proc.roll(values, ScriptedDice(*faces))[0]
        seen[next(label for label in odds if line.split(":")[0] == label)] += 1
    total = sides ** dice
    assert {k: Fraction(n, total) for k, n in seen.items()} == {k: p for k, p in odds.items() if p}


@pytest.mark.parametrize("name, given, dice, sides", [
    ("orders", {"orders": 4}, 1, 10), ("terrain", {"table": "sea"}, 1, 10), ("ecm", {"mine": 6}, 1, 10),
    ("ecm", {"mine": 7, "theirs": 4}, 2, 10), ("ads", {"fire": 50, "ads": 6, "ecm": 3}, 2, 10),
    ("repair", {"repairs": 6}, 1, 10), ("teleport", {"units": 4}, 1, 10),
    ("hijack", {"mine": 6, "units": 3}, 2, 10), ("hijack", {"mine": 7, "theirs": 4, "units": 3}, 3, 10),
    ("disrupt", {"mine": 6}, 2, 10), ("disrupt", {"mine": 5, "theirs": 5}, 3, 10),
    ("space", {"speed": 30, "move": 20, "accelerate": False}, 1, 100), ("scuttle", {"fire": 40, "armour": 12}, 1, 100),
    ("bonus", {"damage": 37}, 1, 100), ("pool", {"loser": True}, 1, 100), ("pool", {"loser": False}, 2, 100),
])
def test_the_odds_agree_with_every_roll_of_the_procedure(name, given, dice, sides):
    _enumerate(name, given, dice, sides)


def test_the_resolver_states_the_texts_numbers():
    """'score must equal or exceed the number of units transported'; ECM 'the ECM factor or less'; ADS 'ten times'."""
    proc, values = run("hundred_wars", "fire", {"distance": "25", "weapon_range": "20"})
    assert "beyond the Range of 20 cm" in proc.odds(values).notes[0]
    proc, values = run("hundred_wars", "fire", {"target_level": "-2", "fire": "60"})
    assert "two levels deeper" in proc.odds(values).notes[0]
    assert specials.contest(6, 6).success  # rolling the ECM factor itself succeeds with nobody to beat
    proc, values = run("hundred_wars", "ads", {"fire": "50", "ads": "5"})
    assert proc.roll(values, ScriptedDice(2)) == ["Fire 20: cut by 30"]
    proc, values = run("hundred_wars", "fire", {"distance": "25", "fire": "30", "armour": "20"})
    assert proc.roll(values, ScriptedDice(20, 50, 20))[-1].startswith("10 damage")  # Range 40 cm; Fire 30 cap v 20
    assert proc.roll(values, ScriptedDice(13, 50, 20))[-1].startswith("destroyed")  # 26 cm: a Good Hit, cap 60: 50 v 20


def test_ram_and_suicide_attacks_resolve_as_the_text_says():
    """'A ram attack uses the Armour factors of both parties as pure damage'; a suicide attack 'uses the combined
    speed of both units ... as a mutual fire factor' (the target moving away subtracts)."""
    proc, values = run("hundred_wars", "ram", {"attacker_armour": "40", "target_armour": "15"})
    assert proc.roll(values, ScriptedDice()) == ["the target takes 40, the rammer 15"]
    proc, values = run("hundred_wars", "suicide", {"speed": "30", "toward": "-10", "armour": "8"})
    assert "Fire factor 20" in proc.odds(values).notes[0]
    assert proc.roll(values, ScriptedDice(12, 50)) == ["4 damage: Fire 12 v Armour 8"]
    assert proc.roll(values, ScriptedDice(50, 9)) == ["destroyed: Fire 20 v Armour 8"]  # the Fire factor caps 50
