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


def _walk_after(s, roll: int) -> int:
    """Hexes the unit walks on this movement roll (on a copy)."""
    from tests.rules.hundred_wars.helpers import act

    s2 = s.model_copy(deep=True)
    act(s2, "move red unit=r", roll)
    return s.units["r"].at.distance(s2.units["r"].at)


def test_the_move_preview_uses_the_walks_levels_inside_a_fort_and_at_a_gate():
    """Issue 27: the preview read the rolled level where the walk reads the fort's own rules (good going inside
    and through a gate when uncontested), so it promised 0 hexes where the unit walks 2."""
    fort = {at(c, 3): "fort" for c in range(3, 8)}
    s = game([unit("r", "red", at(2, 3)), unit("b", "blue", at(11, 7))], phase="move",
             b=board(terrain=fort, gates=(at(3, 3),)), rolled={f"fort@{at(3, 3)}": "very_hard"})
    s.units["r"].counter = at(4, 3)
    chances = {o.label: o.chance for o in preview(s, "move red unit=r").outcomes}
    assert chances == {"moves 0 hexes (0 cm)": Fraction(4, 100), "moves 1 hex (5 cm)": Fraction(5, 100),
                       "moves 2 hexes (10 cm)": Fraction(91, 100)}
    assert _walk_after(s, 50) == 2


def test_the_move_preview_goes_over_the_rolls_of_pieces_not_yet_rolled():
    """An unrolled wood may roll Easy: the walk then goes the full roll, which the preview must include."""
    s = game([unit("r", "red", at(0, 0)), unit("b", "blue", at(11, 7))], phase="move",
             b=board(terrain={at(1, 0): "wood", at(2, 0): "wood"}))
    s.units["r"].counter = at(2, 0)
    chances = {o.label: o.chance for o in preview(s, "move red unit=r").outcomes}
    # the wood rolls 1 (Easy, 1/10): as open ground; 2-7 Hard (halves the Move: 5 cm, 1 hex on 5+);
    # 8-9 V.Hard (2 cm: none); 0 impassable
    two = Fraction(1, 10) * Fraction(91, 100)
    assert chances["moves 2 hexes (10 cm)"] == two
    assert sum(chances.values()) == 1
