"""DHR's computer brings a side to the enemy where only casualties win (rules/rulesets/dhr/ai_pressure.py).
The position is from a game the old computer lost, replayed action by action with the game's own dice."""

from __future__ import annotations

import random

from rules.ai.hints import hints_for
from rules.ai.levels import computer_for
from rules.hexgrid import Hex
from rules.rulesets.dhr.ai_pressure import close_in, pressed, reach_of
from rules.rulesets.dhr.ai_reach import destination
from rules.service import GameService
from saves.scenarios import load_scenario
from tests.rules.dhr.helpers import H, replay_scenario

TOWER_3003 = [
    ("horde", "Move Wolf riders to 7,3 (5 hexes)"),
    ("horde", "Move Wolf riders to 8,3 (1 hex)"),
]
"""Tower, seed 3003, the computer (the Horde) against the greedy player, turn 1: the Horde's infantry chip is
drawn. The old computer moved Orc warband (2) from 10,1 back into the woods at 12,0 and Orc warband from 3,1 to
the woods at 2,0; the warbands walked a hex to and fro in the top row for eight turns and the Horde lost."""


def _orcs_nearest(seat, to: Hex) -> int:
    """Hexes from `to` to the nearest unit of the Tower."""
    view = seat.view()
    return min(to.distance(u.at) for u in view.units.values() if u.side == "keep" and u.on_map)


def _orc_moves(seat, actions):
    return [a for a in actions if a.kind == "move" and a.unit in ("h1", "h2")]


def test_both_sides_of_tower_are_pressed_and_no_side_of_farm_field_hedgerow():
    """Tower: only casualties win and the Tower outranges the Horde. Farm and hedgerow have a hex to hold; field's
    archers reach 8 on both sides."""
    for name, expected in (("tower", True), ("field", False), ("farm", False), ("hedgerow", False)):
        view = GameService.new(load_scenario(name, ruleset="dhr"), seed=1).seat(None).view()
        assert all(pressed(view, s) == expected for s in view.side_ids()), name


def test_the_outranged_horde_comes_on_out_of_the_woods():
    seat = replay_scenario("tower", 3003, TOWER_3003)
    assert seat.side == "horde" and seat.view().chip == "horde:infantry"
    legal = seat.legal_actions()
    kept = hints_for(seat.ruleset).prune(seat.view(), "horde", legal)
    back = [a for a in legal if seat.describe(a) == "Move Orc warband (2) to 12,0 (2 hexes)"]
    assert back and back[0] not in kept
    assert not [a for a in kept if a.kind == "end"]  # the chip is not set aside
    view = seat.view()
    for a in _orc_moves(seat, kept):
        unit = view.units[a.unit]
        assert _orcs_nearest(seat, destination(a)) < _orcs_nearest(seat, unit.at), seat.describe(a)
    assert _orc_moves(seat, kept)
    for n in range(3):
        chosen = computer_for("normal", random.Random(f"computer:horde:{n}")).choose(seat)
        assert chosen.kind == "move" and chosen.unit in ("h1", "h2"), seat.describe(chosen)
        assert _orcs_nearest(seat, destination(chosen)) < _orcs_nearest(seat, view.units[chosen.unit].at)


def test_in_reach_the_horde_is_free():
    """Next to the Tower the orc warbands may stand, fight or end as they like: nothing is left out for them."""
    seat = replay_scenario("tower", 3003, TOWER_3003)
    view = seat.view()
    taken = {u.at for u in view.units.values() if u.on_map}
    men = view.units["k1"].at
    free = [h for h in men.neighbours() if view.board.in_bounds(h) and h not in taken]
    for uid, at in (("h1", free[0]), ("h6", free[0]), ("h2", free[1])):
        view.units[uid].at = at
    legal = seat.legal_actions()
    assert close_in(view, "horde", legal) == legal


FAR = {"h1": (0, 0), "h6": (0, 0), "h2": (13, 0), "h3": (1, 0), "h4": (13, 9), "h5": (0, 9)}
"""Hexes of tower's board beyond 6 of every unit of the Tower at the start: the greedy Horde wanders into such
woods (seed 3000: Orc warband at 0,7, wolf riders at 1,8), where the Tower's crossbows and lightning do not reach."""


def test_the_tower_comes_on_when_the_horde_stands_beyond_its_reach():
    """Tower, seed 3000, turn 1: the Tower's wizard chip is drawn. With every orc and goblin beyond the Mage's reach,
    the old prune kept all her moves and the pass (the Tower is not outranged): against the greedy Horde the Tower
    stood in its tower while the clock ran out (every draw of the bench's row, seeds 3000-3019, was the Tower's)."""
    seat = replay_scenario("tower", 3000, [])
    view = seat.view()
    assert seat.side == "keep" and view.chip == "keep:wizard"
    for uid, at in FAR.items():
        view.units[uid].at = H(*at)
    mage = view.units["k3"]
    enemies = [u.at for u in view.units.values() if u.side == "horde"]
    gap = min(mage.at.distance(e) for e in enemies) - reach_of(mage)
    assert gap > 0
    legal = seat.legal_actions()
    kept = close_in(view, "keep", legal)
    assert [a for a in legal if a.kind == "end"] and not [a for a in kept if a.kind == "end"]
    moves = [a for a in kept if destination(a) is not None]
    assert moves and len(moves) < len([a for a in legal if destination(a) is not None])
    for a in moves:
        assert min(destination(a).distance(e) for e in enemies) - reach_of(mage) < gap, seat.describe(a)
