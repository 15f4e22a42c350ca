"""The scenario's casualties conditions in the evaluation: a figure is worth more the fewer the enemy must lose."""

from __future__ import annotations

from rules.ai.evaluate import Evaluator
from rules.ai.hints import hints_for
from rules.service import GameService
from saves.scenarios import load_scenario


def _tower():
    game = GameService.new(load_scenario("tower", ruleset="dhr"), seed=1)
    ev = Evaluator(hints_for(game.ruleset), game.ruleset)
    ev.now = 1
    return ev, game.state.model_copy(deep=True)


def _after(state, losses: dict[str, int]):
    after = state.model_copy(deep=True)
    for uid, n in losses.items():
        after.units[uid].figures -= n
    return after


def test_the_horde_trades_three_of_its_figures_for_two_of_the_towers():
    """The Horde wins once the Tower has lost 9 of its 18 figures, the Tower once the Horde has lost 18 of 35:
    two men-at-arms of the Tower for three orcs brings the Horde nearer its win than the Tower to its own. By the
    units' worth alone (figures x Rating) the trade looked bad: 2 x 1.56 against 3 x 1.2."""
    ev, state = _tower()
    traded = _after(state, {"k1": 2, "h1": 3})
    assert ev.score(traded, "horde") > ev.score(state, "horde")
    assert ev.score(traded, "keep") < ev.score(state, "keep")


def test_the_way_to_a_casualties_win_counts_more_as_the_last_turn_nears():
    """A draw waits at the end of turn 8 for a side short of its toll: a figure taken then is worth more."""
    ev, state = _tower()
    hit = _after(state, {"k1": 1})
    early = ev.score(hit, "horde") - ev.score(state, "horde")
    ev.now = state.max_turns
    late = ev.score(hit, "horde") - ev.score(state, "horde")
    assert late > early + 2.0
