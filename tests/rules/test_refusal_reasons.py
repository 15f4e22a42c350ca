"""Issue 24 item 9: a refusal always says why. Random play over every rule set; at each step an action that was
legal earlier and is not now is refused with a reason, and every action kind not on offer has a reason too."""

from __future__ import annotations

import random
import re

import pytest

from rules.rulesets.hundred_wars.actions import Done
from rules.service import GameService
from tests.rules.hundred_wars.helpers import at, game, unit
from tests.rules.test_conformance import setup_for

RULESETS = ["quad", "dhr", "skirmish", "hundred_wars", "dirtside"]
BARE = re.compile(r"(is not possible now|cannot .* now)\.?$")
"""A refusal that stops there gives no reason ('Done (next) is not possible now')."""


def has_reason(why: str) -> bool:
    return len(why) >= 12 and not BARE.search(why)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_refusal_in_random_play_says_why(ruleset):
    setup = setup_for(ruleset)
    rng = random.Random(7)
    game_ = GameService.new(setup, seed=7)
    earlier: list = []
    refusals = kinds_asked = 0
    for _ in range(120):
        if game_.result is not None:
            break
        side = game_.decision().side
        legal = game_.legal_actions(side)
        if not legal:
            break
        earlier += rng.sample(legal, min(3, len(legal)))
        stale = [a for a in earlier[-60:] if a.side == side and a not in legal]
        if stale:
            action = rng.choice(stale)
            why = game_.check(action)
            if why:  # a path not listed may still be accepted: only refusals are judged
                refusals += 1
                assert has_reason(why), f"{ruleset}: {action.text()} refused without a reason: {why!r}"
        seat = game_.seat(side)
        offered = {a.kind for a in legal}
        for kind in sorted(set(game_.ruleset.action_kinds) - offered):
            why = seat.why_not(kind)
            kinds_asked += 1
            assert has_reason(why), f"{ruleset}: no {kind} now, and no reason: {why!r}"
        game_.apply(rng.choice(legal))
    assert kinds_asked


def test_hundred_wars_done_in_phase_5_names_the_units_that_must_still_move():
    """'Done (next) is not possible now' gave no reason: blinds with Move counters must still move."""
    state = game([unit("r", "red", at(2, 2), name="Red Company"), unit("b", "blue", at(5, 5))], phase="move")
    state.units["r"].counter = at(2, 4)
    from rules.rulesets.hundred_wars import RULESET
    from rules.core import Context, Refusal

    assert Done(side="red") not in RULESET.legal_actions(state, "red")
    with pytest.raises(Refusal, match="must roll and move first: Red Company"):
        RULESET.apply(state, Done(side="red"), Context(lambda sink: None))
