"""Pilot test of the skirmish in the game screen: an overwatch shot interrupts a move, with keys only."""

from __future__ import annotations

from rules.dice import ScriptedDice
from rules.rulesets.skirmish import RULESET
from rules.rulesets.skirmish.state import Acting
from rules.service import GameService
from tests.rules.skirmish.helpers import model, o, setup
from tui.app import HexwarApp

FACES = {1: [10, 5, 3]}
"""The overwatch shot (the second action): a natural 0, a critical; wound rolls 5 (downed) and 3."""


def overwatch_game() -> GameService:
    s = setup([model("r1", "red", o(6, 6)), model("r2", "red", o(1, 9)),
               model("b1", "blue", o(8, 3)), model("b2", "blue", o(14, 1))])
    state = RULESET.setup(s, 1, {x.id: x.default for x in RULESET.options})
    state.phase, state.active_side = "activation", "red"
    b1 = state.units["b1"]
    b1.facing, b1.overwatch, b1.activated = "E", True, True
    state.units["r1"].activated = True
    state.acting = Acting(unit="r1", grade="passed")
    return GameService(RULESET, state, None, s,
                       dice_source=lambda seed, index, sink: ScriptedDice(FACES.get(index, []), sink=sink))


async def test_an_overwatch_shot_interrupts_a_move_and_downs_the_mover():
    service = overwatch_game()
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        while screen.selected != "r1":
            await pilot.press("n")
        await pilot.press("m")
        screen.map.cursor = o(11, 6)
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert service.log[-1].kind == "move"
        assert service.state.units["r1"].at == o(9, 6)  # stopped where the watcher sees it
        assert service.decision().side == "blue" and "overwatch" in service.decision().prompt
        assert "overwatch" in screen.palette.text.plain.lower()
        await pilot.press("w")
        if screen.choices is not None:  # one shot or two
            await pilot.press("a")
        if screen.pending is not None:
            await pilot.press("enter")
        await pilot.pause()
        assert service.log[-1].kind == "watchfire"
        r1 = service.state.units["r1"]
        assert r1.downed and r1.at == o(9, 6)  # the move does not go on
        assert "dn" in RULESET.unit_marks(service.state, "r1")
