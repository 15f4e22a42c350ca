"""Previews show the exact odds of the same procedures, on a side's view."""

from __future__ import annotations

from fractions import Fraction

from rules.actions import parse_action
from rules.rulesets.hundred_wars import RULESET, odds
from rules.rulesets.hundred_wars.view import view
from tests.rules.hundred_wars.helpers import INF, at, board, game, unit
from tests.said import chances, words
from tests.said import chances as said_chances


def preview(state, text):
    return RULESET.preview(state, parse_action(RULESET.action_adapter, text))


def test_fire_preview_is_the_exact_attack_distribution():
    s = game([unit("r", "red", at(3, 1)), unit("b", "blue", at(3, 4), **{**INF, "armour": 30})])
    v = view(s, "red")
    p = preview(v, "fire red unit=r at=3,4")
    assert sum(o.chance for o in p.outcomes) == 1
    exact = odds.attack(15, 5, "easy", 16, 30)
    assert chances(p, v)["not sighted"] == exact[("not sighted", 0)]


def test_fire_preview_at_a_blind_gives_only_the_chance_to_reveal_it():
    s = game([unit("r", "red", at(3, 1)), unit("b", "blue", None)])
    s.blind_of("b").at = at(3, 4)
    v = view(s, "red")
    p = preview(v, "fire red unit=r at=3,4")
    revealed, missed = sorted(words(p, v), key=lambda w: w == "not sighted")
    assert revealed.endswith(" revealed") and missed == "not sighted"  # the blind by its name in red's view
    assert chances(p, v)["not sighted"] == Fraction(7, 100)


def test_an_unrolled_piece_on_the_line_is_mixed_in_by_its_d10():
    b = board(terrain={at(3, 3): "wood"})
    s = game([unit("r", "red", at(3, 1)), unit("b", "blue", at(3, 4))], b=b)
    p = preview(s, "fire red unit=r at=3,4")
    assert sum(o.chance for o in p.outcomes) == 1 and any("not yet rolled" in n for n in p.notes)


def test_move_preview_gives_the_distance_odds_and_the_chance_to_arrive():
    s = game([unit("r", "red", at(0, 0)), unit("b", "blue", at(11, 7))], phase="move")
    s.units["r"].counter = at(2, 0)
    p = preview(s, "move red unit=r")
    chances = said_chances(p, s)
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
    chances = said_chances(preview(s, "move red unit=r"), s)
    assert chances == {"moves 0 hexes (0 cm)": Fraction(4, 100), "moves 1 hex (5 cm)": Fraction(5, 100),
                       "moves 2 hexes (10 cm)": Fraction(91, 100)}
    assert _walk_after(s, 50) == 2


def test_the_move_preview_goes_over_the_rolls_of_pieces_not_yet_rolled():
    """An unrolled wood may roll Easy: the walk then goes the full roll, which the preview must include."""
    s = game([unit("r", "red", at(0, 0)), unit("b", "blue", at(11, 7))], phase="move",
             b=board(terrain={at(1, 0): "wood", at(2, 0): "wood"}))
    s.units["r"].counter = at(2, 0)
    chances = said_chances(preview(s, "move red unit=r"), s)
    # the wood rolls 1 (Easy, 1/10): as open ground; 2-7 Hard (halves the Move: 5 cm, 1 hex on 5+);
    # 8-9 V.Hard (2 cm: none); 0 impassable
    two = Fraction(1, 10) * Fraction(91, 100)
    assert chances["moves 2 hexes (10 cm)"] == two
    assert sum(chances.values()) == 1


def test_the_walk_odds_equal_the_walk_over_every_roll_of_every_unrolled_piece():
    """walk_odds.steps (one pass, each piece's level chosen the first time the walk needs it) against a brute
    force over every combination of the pieces' 1d10 levels, each walked on every d100 face (odds.walk)."""
    from itertools import product

    from rules.rulesets.hundred_wars import moving, walk_odds

    terrain = {at(1, 0): "wood", at(2, 0): "wood", at(3, 0): "rough", at(4, 0): "marsh", at(5, 0): "fort",
               at(6, 0): "fort"}
    s = game([unit("r", "red", at(0, 0), move=[{"mode": "ground", "factor": 40}], weapons=[], cqb=5, armour=5),
              unit("b", "blue", at(11, 7))], phase="move", b=board(terrain=terrain))
    u = s.units["r"]
    u.counter = at(7, 0)
    path = moving.walk_path(s, u)
    pieces = walk_odds.unrolled(s, path)
    assert len(pieces) >= 3
    brute: dict[int, Fraction] = {}
    for combo in product(*[list(odds.terrain().items()) for _ in pieces]):
        p, rolls = Fraction(1), dict(s.terrain_rolls)
        for piece, (level, q) in zip(pieces, combo):
            rolls[piece], p = level, p * q
        seen = s.model_copy(update={"terrain_rolls": rolls})
        entered = [moving.step_level(seen, u, a, b, None) for a, b in zip(path, path[1:])]
        for n, q in odds.walk(40, moving.start_level(seen, u, None), entered, s.hex_cm).items():
            brute[n] = brute.get(n, Fraction(0)) + p * q
    assert walk_odds.steps(s, u, path, 40, changes_level=False, space=None) == {n: p for n, p in brute.items() if p}


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
