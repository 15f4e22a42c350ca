"""Walks over the terrain in the evaluation, and the hints of Skirmish and Dirtside."""

from __future__ import annotations

from rules.ai.evaluate import Evaluator
from rules.ai.hints import hints_for
from rules.board import Board
from rules.hexgrid import Hex, from_offset
from rules.registry import get
from rules.service import GameService
from saves.scenarios import load_scenario


def _walled_quad_teaching():
    """QUAD teaching with a wall of impassable hexes down column 6, open only at the top row."""
    game = GameService.new(load_scenario("teaching", ruleset="quad"), seed=1)
    state = game.state.model_copy(deep=True)
    terrain = tuple("impassable" if (c == 6 and r >= 1) else "open" for r in range(8) for c in range(12))
    state.board = Board(width=12, height=8, terrain=terrain)
    cond = next(c for c in state.victory if c.kind == "hold")
    return game.ruleset, state, cond


def test_the_objective_is_approached_around_a_wall_not_through_it():
    """By straight hex distance the hex behind the wall (6 from the fort) looked nearer than the one by the
    gap (7); the walk goes round: 8 against 7."""
    ruleset, state, cond = _walled_quad_teaching()
    fort = Hex(*cond.hexes[0])
    by_gap, behind_wall = from_offset(4, 0), from_offset(5, 3)
    assert behind_wall.distance(fort) < by_gap.distance(fort)
    ev = Evaluator(hints_for(ruleset), ruleset)
    assert ev.walks(state).to(fort, behind_wall) > ev.walks(state).to(fort, by_gap)
    taker = next(u for u in state.units.values() if u.side == cond.side)
    state.units = {taker.id: taker}  # alone on the map: only the walk differs between the two hexes

    def worth(h: Hex) -> float:
        taker.at = h
        return ev.position(state, cond.side)

    assert worth(by_gap) > worth(behind_wall)


def test_a_difficult_hex_costs_a_quad_walk_more_than_an_open_one():
    from rules.rulesets.quad import ai_hints as quad

    ruleset, state, cond = _walled_quad_teaching()
    terrain = list(state.board.terrain)
    terrain[2 * 12 + 3] = "river"
    board = Board(width=12, height=8, terrain=tuple(terrain))
    here, river, beside = from_offset(2, 2), from_offset(3, 2), from_offset(3, 3)
    assert quad.step_cost(board, here, river) > quad.step_cost(board, here, beside) == 1.0
    assert quad.step_cost(state.board, from_offset(5, 2), from_offset(6, 2)) is None


def test_a_dhr_step_costs_the_mp_its_terrain_check_takes_on_average():
    """DHR-A04: a d6 above the DV passes, a failure costs another MP; a challenge is rolled until it passes."""
    from rules.rulesets.dhr import ai_hints as dhr

    terrain = ("open", "woods", "house", "water", "open", "open")
    board = Board(width=6, height=1, terrain=terrain)
    here = from_offset(0, 0)
    woods, house, water = from_offset(1, 0), from_offset(2, 0), from_offset(3, 0)
    assert dhr.step_cost(board, from_offset(5, 0), from_offset(4, 0)) == 1.0
    assert dhr.step_cost(board, here, woods) == 1.5  # DV 3: fails half the time
    assert dhr.step_cost(board, woods, house) == 1 + 4 / 6
    assert dhr.step_cost(board, house, water) is None


def test_skirmish_dirtside_and_dhr_have_hints():
    for rid in ("skirmish", "dirtside", "dhr"):
        hints = hints_for(get(rid))
        assert hints is not None and callable(hints.unit_value) and callable(hints.step_cost)


def test_a_downed_or_fleeing_skirmish_model_is_worth_less():
    """The generic reading counted numbers only: a model shot down was worth as much as a standing one."""
    ruleset = get("skirmish")
    state = GameService.new(load_scenario("teaching", ruleset="skirmish"), seed=1).state.model_copy(deep=True)
    ev = Evaluator(hints_for(ruleset), ruleset)
    unit = next(iter(state.units.values()))
    standing = ev.unit_value(state, unit)
    unit.downed = True
    downed = ev.unit_value(state, unit)
    unit.fleeing = True
    assert standing > downed > ev.unit_value(state, unit)


def test_a_dirtside_unit_that_lost_an_element_or_its_nerve_is_worth_less():
    """The generic reading counted the unit's numbers (its facing among them) and no element lost."""
    ruleset = get("dirtside")
    state = GameService.new(load_scenario("teaching", ruleset="dirtside"), seed=1).state.model_copy(deep=True)
    ev = Evaluator(hints_for(ruleset), ruleset)
    unit = next(u for u in state.units.values() if u.on_map and len(u.stats.elements) > 1)
    whole = ev.unit_value(state, unit)
    unit.stats.facing = (unit.stats.facing + 3) % 6
    assert ev.unit_value(state, unit) == whole  # turning is not a loss
    unit.stats.elements[0].lost = True
    lost_one = ev.unit_value(state, unit)
    unit.stats.confidence = "BR"
    assert whole > lost_one > ev.unit_value(state, unit)


def test_where_every_hex_must_be_held_each_gets_a_unit_of_its_own():
    """A QUAD hold condition on both gates of Cray (river-battle's West had one until stop 33; now either gate
    wins): one unit beside both is not enough, the second gate's lead is the walk of the next unit."""
    ruleset = get("quad")
    state = GameService.new(load_scenario("river-battle", ruleset="quad"), seed=1).state
    gates = [Hex(*h) for c in state.victory if c.kind == "hold" for h in c.hexes]
    assert len(gates) == 2
    ev = Evaluator(hints_for(ruleset), ruleset)
    assert ev.hold_every
    walks = ev.walks(state)
    beside = next(n for n in gates[0].neighbours() if n in gates[1].neighbours() and state.board.in_bounds(n))
    far = from_offset(2, 3)
    one_each = ev._leads(walks, gates, [beside, far], ours=True)
    assert one_each == walks.to(gates[0], beside) + walks.to(gates[1], far) or \
        one_each == walks.to(gates[1], beside) + walks.to(gates[0], far)
    assert one_each > Evaluator()._leads(walks, gates, [beside, far], ours=True)


def test_one_search_weighs_every_line_at_the_turn_of_its_decision():
    """Read from each state tried, the urgency of a hold condition made a line that ended the turn look worse
    by the turn number alone; with `now` set only the clock's own worth (CLOCK a turn) is left."""
    from rules.ai.evaluate import CLOCK

    ruleset = get("quad")
    state = GameService.new(load_scenario("teaching", ruleset="quad"), seed=1).state.model_copy(deep=True)
    side = next(c.side for c in state.victory if c.kind == "hold")
    ev = Evaluator(hints_for(ruleset), ruleset)

    def turn_gone() -> float:
        state.turn = 3
        before = ev.position(state, side)
        state.turn = 4
        return ev.position(state, side) - before

    assert turn_gone() < -CLOCK - 1.0  # the weights grew with the state's turn
    ev.now = 3
    assert abs(turn_gone() + CLOCK) < 1e-9


def test_a_skirmish_model_in_hard_cover_is_worth_more_than_in_the_open():
    """Buildings and rubble add 2 to the TN to hit a model there (text #4): the militia that kept to the huts
    held the checkpoint (won 4 of 4 against the greedy player on seeds 2000-2003, 2 of 4 without)."""
    from rules.rulesets.skirmish.terrain import HARD_COVER, in_cover

    ruleset = get("skirmish")
    state = GameService.new(load_scenario("teaching", ruleset="skirmish"), seed=1).state.model_copy(deep=True)
    ev = Evaluator(hints_for(ruleset), ruleset)
    unit = next(iter(state.units.values()))
    hexes = state.board.hexes()
    hard = next(h for h in hexes if state.board.terrain_at(h) in HARD_COVER)
    open_ground = next(h for h in hexes if not in_cover(state.board, h))
    unit.at = open_ground
    in_open = ev.unit_value(state, unit)
    unit.at = hard
    assert ev.unit_value(state, unit) > in_open
