"""What the dice log and the status line say of a change reads as words: "Sami is now downed", never
"downed False -> True" (seen in a skirmish game at 80x24)."""

from __future__ import annotations

import random
import re

import pytest

from rules import registry
from rules.events import Changed
from rules.service import GameService
from tests.rules.test_conformance import actors, setup_for


def test_a_marker_set_or_lifted_reads_as_words():
    assert Changed(unit="Sami", field="downed", before=False, after=True).text() == "Sami is now downed"
    lifted = Changed(unit="Reyes", field="overwatch", state="on overwatch", before=True, after=False, why="fires on overwatch")
    assert lifted.text() == "Reyes is no longer on overwatch (fires on overwatch)"
    assert Changed(unit="A", field="quality", before=4, after=3).text() == "A quality 4 -> 3"


@pytest.mark.parametrize("ruleset_id", [e.id for e in registry.entries()])
def test_no_event_of_random_play_says_true_false_or_none(ruleset_id):
    rng = random.Random(f"event-words:{ruleset_id}")
    game = GameService.new(setup_for(ruleset_id), seed=rng.randrange(2**31))
    said = []
    for _ in range(120):
        if game.result is not None:
            break
        side = rng.choice(actors(game))
        legal = game.legal_actions(side)
        if legal:
            said += [event.text() for event in game.apply(rng.choice(legal)).events]
    assert said
    wrong = [text for text in said if re.search(r"\b(True|False|None)\b", text)]
    assert not wrong, "\n".join(wrong[:10])
