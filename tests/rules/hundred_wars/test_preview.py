"""Previews show the exact odds of the same procedures, on a side's view."""

from __future__ import annotations

from fractions import Fraction

from rules.actions import parse_action
from rules.rulesets.hundred_wars import RULESET, odds
from rules.rulesets.hundred_wars.view import view
from tests.rules.hundred_wars.helpers import INF, at, board, game, unit


def preview(state, text):
    return RULESET.preview(state, parse_action(RULESET.action_adapter, text))


def test_fire_preview_is_the_exact_attack_distribution():
    s = game([unit("r", "red", at(3, 1)), unit("b", "blue", at(3, 4), **{**INF, "armour": 30})])
    p = preview(view(s, "red"), "fire red unit=r at=3,4")
    assert sum(o.chance for o in p.outcomes) == 1
    exact = odds.attack(15, 5, "easy", 16, 30)
    assert {o.label: o.chance for o in p.outcomes}["not sighted"] == exact[("not sighted", 0)]


def test_fire_preview_at_a_blind_gives_only_the_chance_to_reveal_it():
    s = game([unit("r", "red", at(3, 1)), unit("b", "blue", None)])
    s.blind_of("b").at = at(3, 4)
    p = preview(view(s, "red"), "fire red unit=r at=3,4")
    assert {o.label for o in p.outcomes} == {"revealed", "not sighted"}
    assert {o.label: o.chance for o in p.outcomes}["not sighted"] == Fraction(7, 100)


def test_an_unrolled_piece_on_the_line_is_mixed_in_by_its_d10():
    b = board(terrain={at(3, 3): "wood"})
    s = game([unit("r", "red", at(3, 1)), unit("b", "blue", at(3, 4))], b=b)
    p = preview(s, "fire red unit=r at=3,4")
    assert sum(o.chance for o in p.outcomes) == 1 and any("not yet rolled" in n for n in p.notes)


def test_move_preview_gives_the_distance_odds_and_the_chance_to_arrive():
    s = game([unit("r", "red", at(0, 0)), unit("b", "blue", at(11, 7))], phase="move")
    s.units["r"].counter = at(2, 0)
    p = preview(s, "move red unit=r")
    chances = {o.label: o.chance for o in p.outcomes}
    # Move 10 cm, 5 cm hexes: a roll of 1-4 moves no hex, 5-9 one, 10 or more two.
    assert chances == {"moves 0 hexes (0 cm)": Fraction(4, 100), "moves 1 hex (5 cm)": Fraction(5, 100),
                       "moves 2 hexes (10 cm)": Fraction(91, 100)}
    assert any("reaches its counter: 91.0%" in n for n in p.notes)


def test_fire_preview_explains_the_armour_arc_and_the_terrain_cut_with_their_rules():
    """Issue 24 item 7: where the numbers come from, each with its rule."""
    from rules.rulesets.hundred_wars import field

    b = board(terrain={at(3, 3): "wood"})
    s = game([unit("r", "red", at(3, 1)), unit("b", "blue", at(3, 4), **{**INF, "armour": 30})], b=b)
    s.terrain_rolls[field.piece_at(s, at(3, 3))] = "hard"
    target = s.units["b"]
    for facing in ("E", "NE", "NW", "W", "SW", "SE"):  # turn its back to the firer
        target.facing = facing
        if field.arc(target, at(3, 1)) == "rear":
            break
    p = preview(s, "fire red unit=r at=3,4")
    assert p.modifiers == (
        "Range score: 1d100 x2, then /2 for Hard terrain on the line (Firing; AHW-A08, AHW-A10); it must reach 15 cm",
        "Armour factor: 30 Armour - 22 rear arc: a quarter (AHW-A31) = 8",
    )


def test_the_armour_roll_in_the_dice_log_says_why_the_factor_is_lower():
    from rules.dice import ScriptedDice
    from rules.rulesets.hundred_wars.procedures import fire as fp

    dice = ScriptedDice([50])
    fp.armour_die(15, dice, modifiers=fp.armour_modifiers(30, "flank"))
    assert dice.records[0].modifiers == ("Armour factor: 30 Armour - 15 flank arc: halved (AHW-A31) = 15",)
