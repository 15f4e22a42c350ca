"""The work a load's replay does once instead of again (issue 25, stop 47): each shortcut gives what the long way
gave, and none of them can be read stale."""

from __future__ import annotations

import random

from rules.board import Board, HexFeature
from rules.core import Context
from rules.rulesets.dirtside import legal, turn, victory, vtol
from rules.rulesets.dirtside import terrain as ter
from rules.rulesets.dirtside.chits import CANONICAL, canonical
from rules.service import GameService
from saves.scenarios import load_scenario

from tests.rules.dirtside.helpers import F, at, board, play, setup, start, tank, team, unit


def _positions(n: int = 60):
    """The valley after each of `n` random legal actions (every kind of decision: moves, pauses, fire)."""
    rng = random.Random(3)
    game = GameService.new(load_scenario("valley", "dirtside"), seed=3)
    for _ in range(n):
        d = game.decision()
        if d.side is None:
            return
        yield game.state
        game.apply(rng.choice(game.legal_actions(d.side)), autosave=False)


def test_who_decides_is_the_decisions_side_without_building_it():
    for state in _positions():
        assert turn.deciding(state) == turn.decision(state).side


def test_has_goes_is_whether_the_side_has_an_activation_left():
    left = set()
    for state in _positions(120):
        for side in state.side_ids():
            assert legal.has_goes(state, side) == (legal.goes(state, side) > 0)
            left.add(legal.goes(state, side) > 0)
    assert left == {True, False}


def test_may_opfire_is_whether_the_side_has_a_unit_for_opportunity_fire_wherever_the_mover_stands():
    seen = 0
    for state in _positions(30):
        for mover in list(state.units.values()):
            if not mover.on_map:
                continue
            was = mover.at
            for h in (was, at(10, 8), at(16, 9), at(5, 15)):
                mover.at = h  # each position asked afresh: nothing of the last one is kept
                for side in state.other_sides(mover.side):
                    units = legal.opfire_units(state, side, mover)
                    assert legal.may_opfire(state, side, mover) == bool(units)
                    seen += bool(units)
            mover.at = was
    assert seen  # some mover was in sight of a unit that could fire


def test_the_victory_census_counts_as_the_unit_by_unit_questions():
    for state in _positions():
        up, tally = victory._census(state)
        assert up == {s for s in state.side_ids() if victory.standing(state, s)}
        for side in state.side_ids():
            others = [e for u in state.units.values() if u.side != side for e in u.stats.elements]
            assert victory._losses(state, side) == (sum(e.lost for e in others), len(others))
            assert victory._summed(tally, lambda s: s != side) == victory._losses(state, side)


def test_the_blocks_table_is_the_boards_own():
    """Woods, urban and building hexes block sight; a board with another terrain or feature has its own table
    (a table or a line of sight of one board is never read for another)."""
    b = board(terrain={at(5, 5): "light_woods", at(6, 5): "urban"})
    built = Board(width=b.width, height=b.height, terrain=board().terrain,
                  features=(HexFeature(at=at(7, 5), feature="building"),))
    assert ter._blocks(b) == {at(5, 5), at(6, 5)} and ter._blocks(built) == {at(7, 5)}
    assert not ter.sight(b, at(4, 5), at(8, 5)) and ter.sight(board(), at(4, 5), at(8, 5))
    assert not ter.sight(built, at(6, 5), at(8, 5)) and ter.sight(b, at(6, 5), at(8, 5))


def test_a_line_of_sight_is_what_reading_the_board_hex_by_hex_gives():
    """Every line of a small board with woods, towns, buildings and hills, against the hex-by-hex reading."""
    rng = random.Random(5)
    w, h = 9, 7
    terrain = tuple(rng.choice(("open", "open", "open", "light_woods", "urban", "rough")) for _ in range(w * h))
    b = Board(width=w, height=h, terrain=terrain, elevation=tuple(rng.choice((0, 0, 1, 2)) for _ in range(w * h)),
              features=(HexFeature(at=at(4, 3), feature="building"), HexFeature(at=at(2, 5), feature="road")))
    hexes = b.hexes()
    for a in hexes:
        for z in hexes:
            assert ter._blocking(b, a, z) == _read(b, a, z), (a, z)


def _read(b: Board, a, z):
    top = max(b.height_at(a), b.height_at(z))
    blockers = []
    for h in ter._line(a, z):
        if not b.in_bounds(h) or h in (a, z):
            continue
        if b.height_at(h) > top:
            return False
        if b.terrain_at(h) in ter.BLOCKS_SIGHT or b.features_at(h) & ter.BUILDINGS:
            blockers.append(h)
    return tuple(blockers) or True


def test_a_walk_pays_the_going_of_what_the_mines_left_of_the_unit():
    """The going is worked out once a walk, and again after a minefield strikes: here it kills the wheeled
    vehicle (poor going in open, 2 a hex) and the tracked one walks on at 1 a hex."""
    state = start(setup([
        unit("t", "blue", at(10, 13), [tank("Blue 1", armour=3, mobility="wheeled_low"), tank("Blue 2", armour=3)],
             facing=1),
        unit("rx", "red", at(18, 1), [team("X")]),
    ], b=_mined()), first="blue")
    # Blue 1: Y2 = 2 > bottom armour 1, knocked out; Blue 2: no effect; the confidence test holds (8); a new
    # leader's rating (4)
    play(state, "move blue unit=t path=[10,12;10,11;10,10;10,9]", F("Y2", "R0"), F("G3", "R0"), 8, 4)
    assert state.units["t"].at == at(10, 9) and state.units["t"].stats.elements[0].lost
    assert state.spent == 2 + 2 + 2 + 1


def test_zone_air_defence_looks_for_no_ads_around_a_unit_not_flying_high(monkeypatch):
    state = start(setup([unit("t", "blue", at(10, 13), [tank("Blue 1")]), unit("rx", "red", at(18, 1), [team("X")])]))

    def looked(*_):
        raise AssertionError("ads_near asked for a unit that is no high-mode VTOL")

    monkeypatch.setattr(vtol, "ads_near", looked)
    vtol.zad(state, state.units["t"], Context(lambda sink: None))


def test_the_chit_pool_is_put_back_as_a_new_list_of_the_canonical_order():
    a, b = canonical(), canonical()
    assert a == b == list(CANONICAL) and a is not b
    a.pop()
    assert canonical() == list(CANONICAL)


def _mined() -> Board:
    b = board()
    return Board(width=b.width, height=b.height, terrain=b.terrain,
                 features=(HexFeature(at=at(10, 8), feature="minefield"),))
