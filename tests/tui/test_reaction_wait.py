"""A person's chance to react is waited for when the computer plays on (issue 24 item 6).

QUAD: the Rebels (the computer) are to play an activation card and the Kingdom (the person) may steal
the activation. The computer used to play after its 0.8 s pace, so `s` a moment later was "not
possible now"; now it counts down on screen, P holds it, and the steal goes through."""

from __future__ import annotations

from rules.service import GameService
from saves.scenarios import load_scenario
from tui import computer
from tui.app import HexwarApp

def _steal_open(service: GameService) -> bool:
    return (service.decision().side == "rebels"
            and any(a.kind == "steal" for a in service.seat("kingdom").legal_actions()))


async def until(pilot, condition, seconds: float = 15.0) -> None:
    """Wait for `condition` (the computer thinks in a thread: slower on a busy machine)."""
    for _ in range(int(seconds / 0.1)):
        if condition():
            return
        await pilot.pause(0.1)
    raise AssertionError("timed out")


def may_steal() -> GameService:
    """QUAD teaching played on (the first legal action each time, never a steal) until the Rebels decide and
    the Kingdom may steal: found by the rules, not by a list tied to one seed's dice."""
    service = GameService.new(load_scenario("quad/teaching"), seed=0)
    for _ in range(200):
        if _steal_open(service):
            return service
        side = service.decision().side
        offered = [a for a in service.legal_actions(side) if a.kind != "steal"]
        assert service.apply(offered[0]).ok
    raise AssertionError("no position where the Kingdom may steal within 200 actions")


async def test_the_computer_waits_with_a_countdown_and_the_steal_goes_through():
    service = may_steal()
    count = len(service.log)
    app = HexwarApp({"new": service, "hide": True, "ai": ["rebels"]}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(2.0)  # under the pass screen (a game under way): no count-down
        await pilot.press("enter")
        await until(pilot, lambda: app.screen._waiting is not None or len(service.log) > count)
        await pilot.pause(2.0)  # longer than the computer's pace (0.8 s)
        assert len(service.log) == count, service.log[-1].text()
        assert "the computer plays on in" in app.screen.message and "s Steal activation" in app.screen.message
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert service.log[count].kind == "steal", [a.text() for a in service.log[count:]]


async def test_p_holds_the_computer_and_p_again_lets_it_play(monkeypatch):
    monkeypatch.setattr(computer, "REACTION_WAIT", 2)
    service = may_steal()
    count = len(service.log)
    app = HexwarApp({"new": service, "hide": True, "ai": ["rebels"]}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the pass screen
        await until(pilot, lambda: app.screen._waiting is not None or len(service.log) > count)
        await pilot.press("P")
        await pilot.pause(3.0)  # past the count-down: held
        assert len(service.log) == count
        assert "the computer waits; P lets it play on" in app.screen.message
        await pilot.press("P")
        await until(pilot, lambda: len(service.log) > count)
        assert service.log[count].side == "rebels"


async def test_without_a_reaction_to_make_the_computer_keeps_its_pace():
    service = GameService.new(load_scenario("quad/teaching"), seed=0)
    app = HexwarApp({"new": service, "hide": True, "ai": ["rebels"]}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d")  # the Kingdom draws; the Rebels decide next, nothing to steal yet
        await until(pilot, lambda: any(a.side == "rebels" for a in service.log))
        assert app.screen._waiting is None
