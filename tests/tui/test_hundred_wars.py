"""Pilot test of A Hundred Wars with keys: a blind placed with a pip, then a dummy blind revealed and removed."""

from __future__ import annotations

from rules.service import GameService
from saves.scenarios import load_scenario
from tui.app import HexwarApp


async def past_pass_screen(app, pilot) -> None:
    """Press Enter on the screen that hides the map between sides, if it shows."""
    await pilot.pause()
    while type(app.screen).__name__ == "PassKeyboardScreen":
        await pilot.press("enter")
        await pilot.pause()


def to_blinds_phase(seed: int = 3) -> GameService:
    service = GameService.new(load_scenario("first-blinds", ruleset="hundred_wars"), seed)
    while service.state.phase != "blinds":
        side = service.decision().side
        assert service.apply(service.legal_actions(side)[0]).ok
    return service


async def test_a_blind_is_placed_with_keys_and_a_dummy_is_revealed_and_removed():
    service = to_blinds_phase()
    side = service.decision().side
    state = service.state
    dummy = next(u for u in state.units.values() if u.blind and u.side == side and u.dummy)
    app = HexwarApp({"new": service, "hide": True}, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await past_pass_screen(app, pilot)
        screen = app.screen
        await pilot.press("b")  # place a blind: its hexes are highlighted
        assert screen.mode == "blind" and screen.candidates
        chosen = screen.candidates[0]
        screen.map.cursor = chosen.at
        await pilot.press("enter")
        if screen.pending is not None:
            await pilot.press("enter")
        await pilot.pause()
        placed = service.state.units[chosen.unit]
        assert placed.at == chosen.at and service.log[-1].kind == "blind"
        # The other side sees a blind, never what it is.
        other = next(s for s in service.state.side_ids() if s != side)
        seen = service.seat(other).view().units[placed.id]
        assert seen.contents == [] and seen.dummy is False
        # Put the dummy on the table too, then play on to Phase 4 and reveal it with keys.
        if service.state.units[dummy.id].at is None:
            spot = next(a for a in service.legal_actions(side) if a.kind == "blind" and a.unit == dummy.id)
            assert service.apply(spot).ok
        while not (service.state.phase == "fire" and service.decision().side == side):
            s = service.decision().side
            done = [a for a in service.legal_actions(s) if a.kind in ("done", "orders", "allocate")]
            assert service.apply(done[0]).ok
        screen.after_change()
        await past_pass_screen(app, pilot)
        screen = app.screen
        screen.select_unit(dummy.id, move_cursor=True)
        await pilot.press("v")
        if screen.pending is not None:
            await pilot.press("enter")
        await pilot.pause()
        assert service.state.units[dummy.id].eliminated
        assert any("dummy blind, removed" in e.text() for e in service.seat(other).events())
