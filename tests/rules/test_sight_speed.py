"""Lines of sight worked out faster (stop 46: a load replays every move, and each asks them) read as before."""

from __future__ import annotations

import random

from rules.board import Board, HexFeature
from rules.hexgrid import from_offset
from rules.rulesets.dirtside import terrain as dirt
from rules.rulesets.skirmish import terrain as skirm


def _boards(ids: list[str], buildings=()):
    rng = random.Random(5)
    for trial in range(8):
        width, height = 14, 12
        hexes = [from_offset(c, r) for r in range(height) for c in range(width)]
        features = tuple(HexFeature(at=h, feature=rng.choice(buildings)) for h in rng.sample(hexes, 8)) if buildings else ()
        yield rng, hexes, Board(width=width, height=height, terrain=tuple(rng.choice(ids) for _ in hexes),
                                elevation=tuple(rng.choice([0, 0, 0, 1, 2]) for _ in hexes) if trial % 2 else (),
                                features=features)


def test_dirtside_sight_remembers_the_boards_part_and_lets_rubble_clear_it():
    def first_written(board, a, b, rubble):
        top = max(board.height_at(a), board.height_at(b))
        for h in dirt._line(a, b):
            if h in (a, b) or not board.in_bounds(h):
                continue
            if (board.terrain_at(h) in dirt.BLOCKS_SIGHT or board.features_at(h) & dirt.BUILDINGS) and h not in rubble:
                return False
            if board.height_at(h) > top:
                return False
        return True

    for rng, hexes, board in _boards(["open", "light_woods", "urban", "rough", "dense_woods"], sorted(dirt.BUILDINGS)):
        for _ in range(300):
            a, b, rubble = rng.choice(hexes), rng.choice(hexes), frozenset(rng.sample(hexes, 15))
            for cleared in (frozenset(), rubble):
                assert dirt.sight(board, a, b, cleared) == first_written(board, a, b, cleared)
        assert board.memo("dirtside.sight")  # asked again, the board's part is not worked out again


def test_skirmish_sight_reads_the_line_as_steps_does():
    def first_written(board, a, b):
        top = max(board.height_at(a), board.height_at(b))
        return not any(all(skirm.blocks(board, h, top) for h in hexes) for hexes in skirm.steps(a, b)[1:-1])

    for rng, hexes, board in _boards(["open", "woods", "building", "open", "road", "impassable"]):
        for _ in range(300):
            a, b = rng.choice(hexes), rng.choice(hexes)
            assert skirm._sight(board, a, b) == first_written(board, a, b)
