"""DHR: each weapon's shot is chosen by the rules' exact odds, not by a throw or two of the computer's dice."""

from __future__ import annotations

import random

from rules.ai.hints import hints_for
from rules.ai.levels import computer_for
from rules.rulesets.dhr.ai_shots import shot_worth
from rules.service import GameService
from saves.scenarios import load_scenario

FARM_3000 = [
    "Move M5 Stuart to 7,4 (5 hexes)",
    "M5 Stuart: spend another MP and cross into 7,4 (automatic pass)",
    "M5 Stuart: fire .30 cal coax x6 (-2) at MG-42 team at 8,4",
    "End the activation",
    "2nd Squad: fire M1 Garand x4 (-1) at MG-42 team at 8,4",
]
"""The Americans' first actions in farm, seed 3000 against the greedy player (the game's own dice)."""


def _play(seat, words: str) -> None:
    while [a.kind for a in seat.legal_actions()] == ["draw"]:
        assert seat.apply(seat.legal_actions()[0]).ok
    (action,) = [a for a in seat.legal_actions() if seat.describe(a) == words]
    assert seat.apply(action).ok


def _farm_at_the_bar():
    """Farm, seed 3000: the 2nd Squad has fired its rifles at the MG-42 team (one figure left); its BAR may
    fire at the team or at the Grenadiers in the farmhouse, with two, four or six dice."""
    game = GameService.new(load_scenario("farm", ruleset="dhr"), seed=3000)
    seat = game.seat("us")
    for words in FARM_3000:
        _play(seat, words)
    return seat


def _bar_shots(seat):
    view = seat.view()
    hints = hints_for(seat.ruleset)
    shots = [a for a in seat.legal_actions() if a.kind == "fire" and a.unit == "us2" and
             view.units["us2"].stats.weapons[a.weapon].name == "BAR"]
    worth = {seat.describe(a): shot_worth(view, a, "us", hints.outcome_value) for a in shots}
    return shots, worth


def test_the_bars_shots_are_weighed_by_their_exact_odds():
    seat = _farm_at_the_bar()
    shots, worth = _bar_shots(seat)
    assert len(shots) >= 4
    # the team's last figure (its loss destroys the unit) is worth more than a figure of the Grenadiers in cover
    assert max(worth, key=worth.get).endswith("at MG-42 team at 8,4")
    kept = hints_for(seat.ruleset).prune(seat.view(), "us", seat.legal_actions())
    assert [seat.describe(a) for a in kept if a in shots] == [max(worth, key=worth.get)]


def test_the_computer_fires_the_bar_at_its_best_shot_or_not_at_all():
    """The old computer fired it at the Grenadiers (0.7 by the exact odds, against 1.15 at the team): the one
    throw it gave each shot decided. Now it weighs only the best of the weapon's shots."""
    seat = _farm_at_the_bar()
    shots, worth = _bar_shots(seat)
    best = max(worth.values())
    for n in range(4):
        chosen = computer_for("normal", random.Random(f"computer:us:{n}")).choose(seat)
        if chosen in shots:
            assert worth[seat.describe(chosen)] == best, seat.describe(chosen)


FARM_3000_RANDOM = [
    "Move M5 Stuart to 7,4 (5 hexes)",
    "Move M5 Stuart to 7,4 (1 hex)",
    "M5 Stuart: fire .30 cal coax x6 (-2) at MG-42 team at 8,4",
    "M5 Stuart: fire 37mm gun x1 at MG-42 team at 8,4",
    "2nd Squad: fire BAR x4 (-1) at MG-42 team at 8,4",
]
"""The Americans' first actions in farm, seed 3000 against the random player: the 2nd Squad has fired its BAR."""


def test_a_unit_that_has_fired_does_not_end_with_a_shot_left():
    """The 2nd Squad has fired its BAR (it moves no more this activation); its rifles may still fire at the MG-42
    team's last figure. The old computer ended the activation: -15 in its first round against -4 for the shot,
    but the one throw of its look-ahead put the end first."""
    game = GameService.new(load_scenario("farm", ruleset="dhr"), seed=3000)
    seat = game.seat("us")
    for words in FARM_3000_RANDOM:
        _play(seat, words)
    actions = seat.legal_actions()
    assert "end" in [a.kind for a in actions] and "move" not in [a.kind for a in actions]
    kept = hints_for(seat.ruleset).prune(seat.view(), "us", actions)
    assert "end" not in [a.kind for a in kept]
    assert [seat.describe(a) for a in kept] == ["2nd Squad: fire M1 Garand x4 (-1) at MG-42 team at 8,4"]
