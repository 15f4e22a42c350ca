"""The computer's hint on the game screen and in plain mode, and the level chosen on the new-game form."""

from __future__ import annotations

from tests.tui.conftest import toy_service
from tui.app import HexwarApp
from tui.plain import PlainSession


async def _wait(pilot, done, tries: int = 200) -> None:
    for _ in range(tries):
        await pilot.pause(0.05)
        if done():
            return


async def test_the_hint_key_shows_what_the_computer_would_do_for_the_persons_side():
    service = toy_service(max_turns=6)
    app = HexwarApp({"new": service, "hide": True, "ai": ["b"]}, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert screen.seat.decision().side == "a"
        await pilot.press("H")
        await _wait(pilot, lambda: type(app.screen).__name__ == "TextDialog")
        dialog = app.screen
        assert type(dialog).__name__ == "TextDialog"
        text = dialog.text.plain
        assert text.startswith("The computer suggests: ")
        legal = [screen.seat.describe(a) for a in screen.seat.legal_actions()]
        assert text.splitlines()[0].removeprefix("The computer suggests: ") in legal
        assert len(service.history) == 0, "a hint never plays"
        assert screen._hinter.placings["a"].seen, "the screen's hinter remembers where the person's units stood"
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "GameScreen"


async def test_no_hint_for_the_computers_side(monkeypatch):
    from tui.computer import ComputerSides

    # The computer is kept from playing: on a loaded machine it had played its move (the person's decision then)
    # before the test could slow it down, and the hint was no longer refused.
    monkeypatch.setattr(ComputerSides, "computer_turn", lambda self: None)
    service = toy_service(max_turns=6)
    app = HexwarApp({"new": service, "hide": True, "ai": ["a"]}, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert screen.seat.decision().side == "a"  # the computer's side decides
        screen.action_hint()
        await pilot.pause()
        assert "not your decision" in screen.message


def test_hint_in_plain_mode_and_do_1_does_it():
    service = toy_service(max_turns=6)
    session = PlainSession(service, side="a", computers=["b"])
    lines = session.handle("hint")
    assert lines[0].startswith("The computer suggests: "), lines
    assert lines[-1] == "Type do 1 to do it."
    suggested = lines[0].removeprefix("The computer suggests: ")
    hinter = session.hinter
    assert hinter.placings["a"].seen, "the session's hinter remembers where the person's units stood"
    done = session.handle("do 1")
    assert done[0] == f"Done: {suggested}."
    assert service.history[0].action.side == "a"
    session.handle("hint")
    assert session.hinter is hinter, "one hinter for the game: its memory is kept between hints"


def test_plain_hint_is_refused_for_the_computers_side_and_after_the_game():
    service = toy_service(max_turns=6)
    session = PlainSession(service, side="b", computers=["a"])
    assert "not your decision" in session.handle("hint")[0] or "computer decides" in session.handle("hint")[0]
    assert "hint" in "\n".join(session.handle("help"))


async def test_the_new_game_form_sets_the_computers_level():
    from textual.widgets import Select

    from tests.conftest import toy_setup
    from tests.tui.test_snapshots import toy_scenarios
    from tui.screens.new_game import NewGameScreen

    app = HexwarApp(autosave=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await app.push_screen(NewGameScreen("toy", seed=77, scenario_source=toy_scenarios,
                                            loader=lambda e: toy_setup()))
        await pilot.pause()
        form = app.screen
        whos = list(form.query(".who").results(Select))
        whos[1].value = "computer"
        assert form.query_one("#level", Select).value == "normal"
        form.query_one("#level", Select).value = "hard"
        await pilot.press("ctrl+g")
        await pilot.pause()
        screen = app.screen
        assert type(screen).__name__ == "GameScreen"
        assert screen.is_computer("b") and screen.pilot.players["b"].level == "hard"


def test_an_undo_makes_the_hinter_forget_where_the_units_stood():
    """A placing the person took back is one they chose not to keep: the next hint may suggest it again."""
    service = toy_service(max_turns=6)
    session = PlainSession(service)  # one person, every side in turn (the toy's sides alternate)
    for command in ("hint", "do 1", "hint", "do 1", "hint"):
        session.handle(command)
    assert set(session.hinter.placings) == {"a", "b"}
    session.handle("undo")
    session.handle("hint")
    assert "a" not in session.hinter.placings and len(session.hinter.placings["b"].seen) == 1
