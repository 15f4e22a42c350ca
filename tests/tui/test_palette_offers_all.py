"""Every legal action is offered where the command palette offers it (issue 24 item 5).

Dirtside's "done" carried an empty unit: with the unit that had just fired selected, the docked palette
showed only "m Move", `d` answered "cannot end activation" and space "Nothing to confirm", while the
command palette listed "end the activation". Over random legal play in every rule set, each legal
action (the command palette's list) must be reached by its kind's key from the docked palette, with its
own unit selected or, for an action of no unit, with any unit of the side selected or none.
"""

from __future__ import annotations

import random

import pytest

from rules import registry
from rules.service import GameService
from tests.rules.test_conformance import setup_for
from tui.flow import Flow
from tui.seating import Seating

STEPS = 30
CHECKED = 8
"""Legal actions checked at each point (a sample)."""


def reached(flow: Flow, action, rng: random.Random) -> str:
    """'' when `action`'s key reaches it from the palette; else what the screen said."""
    view = flow.seat.view()
    if action.unit_id is None:
        mine = [u.id for u in view.units.values() if u.side == action.side and u.on_map]
        flow.select(rng.choice([None, *mine]))
    else:
        assert action.unit_id in view.units, f"{action.text()}: names no unit of the view"
        flow.select(action.unit_id)
    unit = view.units.get(action.unit_id) if action.unit_id else None
    step = flow.choose_kind(action.kind, unit.at if unit is not None else None)
    offered = [*flow.candidates, *(flow.choices or []), flow.pending, step.apply]
    said = "" if action in offered else (step.say or "not among the offered actions")
    flow.select(None)
    return said


@pytest.mark.parametrize("ruleset_id", [e.id for e in registry.entries()])
def test_every_legal_action_is_reached_from_the_docked_palette(ruleset_id):
    for seed in (1, 2):
        rng = random.Random(seed)
        service = GameService.new(setup_for(ruleset_id), seed=seed)
        seating = Seating(service, solo=True)
        for _ in range(STEPS):
            if service.result is not None:
                break
            flow = Flow(seating.for_screen(), others=seating.seat)
            legal = flow.all_legal()
            if not legal:
                break
            for action in rng.sample(legal, min(CHECKED, len(legal))):
                said = reached(flow, action, rng)
                assert not said, f"{ruleset_id} seed {seed}: {action.text()} not offered: {said}"
            assert service.apply(rng.choice(legal)).ok


def dirtside_after_a_fire() -> GameService:
    """Dirtside's teaching game where the Federals' Hammer Section has fired and may still move or end."""
    from saves.scenarios import load_scenario

    service = GameService.new(load_scenario("dirtside/teaching"), seed=0)
    rng = random.Random(0)
    while True:
        legal = service.legal_actions(service.decision().side)
        fires = [a for a in legal if a.kind == "fire"]
        action = fires[0] if fires else rng.choice([a for a in legal if a.kind != "done"] or legal)
        assert service.apply(action).ok
        if action.kind == "fire" and service.decision().side == action.side:
            return service


async def test_after_firing_the_palette_offers_the_end_of_the_activation_and_d_ends_it():
    from tui.app import HexwarApp

    service = dirtside_after_a_fire()
    unit = service.log[-1].unit_id
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.select_unit(unit)
        await pilot.pause()
        palette = " ".join(app.screen.palette.text.plain.split())
        assert "m Move" in palette and "d End activation" in palette
        await pilot.press("d")
        await pilot.pause()
        assert service.log[-1].kind == "done", app.screen.message


async def test_after_firing_space_offers_the_end_of_the_activation_and_space_again_ends_it():
    from tui.app import HexwarApp

    service = dirtside_after_a_fire()
    unit = service.log[-1].unit_id
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.select_unit(unit)
        await pilot.press("space")
        await pilot.pause()
        assert app.screen.pending is not None and app.screen.pending.kind == "done", app.screen.message
        await pilot.press("space")
        await pilot.pause()
        assert service.log[-1].kind == "done"
