"""House rules that play otherwise than their texts said (issue 27), each with forced dice."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.rulesets.dirtside.turn import legal_actions

from tests.rules.dirtside.helpers import at, play, setup, start, tank, team, unit

GUNS = [tank("G1", gun=("HVC", 3), artillery="light")]


def test_mortar_teams_spot_for_themselves_but_not_for_other_artillery():
    """Text: "They are able to spot for themselves, but not for other artillery." """
    state = start(setup([
        unit("m", "blue", at(5, 14), [team("Mortar", kind="mortar")]),
        unit("bb", "blue", None, GUNS, role="battery", artillery="light", off_table=True),
        unit("inf", "red", at(5, 6), [team("A")]), unit("r2", "red", at(15, 2), [team("C")]),
    ]))
    assert not any(a.kind == "call" and a.unit == "m" for a in legal_actions(state, "blue"))
    with pytest.raises(Refusal, match="not for other artillery"):
        play(state, "call blue unit=m battery=bb at=5,6", 6)
    mixed = start(setup([
        unit("m", "blue", at(5, 14), [team("Rifles"), team("Mortar", kind="mortar")]),
        unit("bb", "blue", None, GUNS, role="battery", artillery="light", off_table=True),
        unit("inf", "red", at(5, 6), [team("A")]), unit("r2", "red", at(15, 2), [team("C")]),
    ]))
    play(mixed, "call blue unit=m battery=bb at=5,6", 6)  # its rifle team's leader calls
    assert mixed.missions
