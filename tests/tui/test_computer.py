"""The computer plays its side on the game screen, and undo returns to the person's own decision."""

from __future__ import annotations

from tests.tui.conftest import toy_service
from tui.app import HexwarApp
from tui.cli import build_parser


def test_the_command_line_takes_ai_sides():
    assert build_parser().parse_args(["new", "toy", "--ai", "b"]).ai == ["b"]
    assert build_parser().parse_args(["new", "toy", "--ai", "all"]).ai == ["all"]


async def test_the_computer_answers_the_persons_move_and_undo_takes_both_back():
    service = toy_service(max_turns=6)
    app = HexwarApp({"new": service, "hide": True, "ai": ["b"]}, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert screen.viewer == "a" and screen.is_computer("b")
        screen._pace = 2  # fast
        move = next(a for a in screen.seat.legal_actions() if a.kind == "move")
        screen.apply(move)
        for _ in range(200):
            await pilot.pause(0.05)
            if screen.seat.action_count >= 2 and not screen._thinking:
                break
        log = screen.seat.log()
        assert [s.side for s in log[:2]] == ["a", "b"], "the computer did not answer"
        assert type(app.screen).__name__ == "GameScreen", "a pass screen for the computer's side"
        assert screen.viewer == "a"
        await pilot.press("u")
        await pilot.pause()
        assert screen.seat.action_count == 0


def test_load_takes_ai_sides_too():
    assert build_parser().parse_args(["load", "game.toml", "--ai", "b"]).ai == ["b"]


async def test_the_new_game_form_lets_the_computer_play_a_side():
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
        assert [w.value for w in whos] == ["person", "person"]
        whos[1].value = "computer"
        await pilot.press("ctrl+g")
        await pilot.pause()
        screen = app.screen
        assert type(screen).__name__ == "GameScreen"
        assert screen.is_computer("b") and not screen.is_computer("a")


async def test_loading_from_the_title_asks_who_plays_each_side(tmp_path):
    from textual.widgets import Select

    from tui.dialogs import files

    service = toy_service()
    path = tmp_path / "game.toml"
    files.save_game(service, path)
    app = HexwarApp(autosave=False)
    async with app.run_test(size=(100, 40)) as pilot:
        app.load_save(path, ask=True)
        await pilot.pause()
        assert type(app.screen).__name__ == "PlayersDialog"
        whos = list(app.screen.query(".who").results(Select))
        assert len(whos) == 2
        whos[0].value = "computer"
        await pilot.press("ctrl+g")
        await pilot.pause()
        screen = app.screen
        assert type(screen).__name__ == "GameScreen"
        assert screen.is_computer("a") and not screen.is_computer("b")


async def test_a_loaded_game_named_with_ai_is_played_by_the_computer(tmp_path):
    from tui.dialogs import files

    service = toy_service()
    path = tmp_path / "game.toml"
    files.save_game(service, path)
    app = HexwarApp({"load": path, "ai": ["b"]}, autosave=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert type(screen).__name__ == "GameScreen"
        assert screen.is_computer("b") and not screen.is_computer("a")


async def test_the_palette_never_asks_the_computers_side_to_interrupt():
    """With the pass screen on, the palette tells the other people at the keyboard they may interrupt;
    a side the computer plays reacts by itself, so it is not named there."""
    for computers, named in (([], True), (["b"], False)):
        app = HexwarApp({"new": toy_service(), "hide": True, "ai": computers}, autosave=False)
        async with app.run_test(size=(100, 30)):
            screen = app.screen
            assert screen.viewer == "a"
            text, _ = screen.palette_text()
            assert ("interrupt with your own keys" in text.plain) is named, text.plain


async def test_a_computer_that_thinks_longer_than_the_pace_still_plays():
    """A long think left a 0 s wait, and Textual's timer of 0 s never fires: the game stalled at
    'thinking... 100%' (seen with Dirtside under load)."""
    import time

    from tui.computer import PACES

    app = HexwarApp({"new": toy_service(), "hide": True, "ai": ["b"]}, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert screen.viewer == "a"
        think = screen.pilot.think

        def slow_think(progress=None):
            time.sleep(PACES[screen._pace][1] + 0.05)
            return think(progress)

        screen.pilot.think = slow_think
        screen._pace = 2  # fast: 0.15 s
        screen.apply(next(a for a in screen.seat.legal_actions() if a.kind == "move"))
        for _ in range(100):
            await pilot.pause(0.05)
            if screen.seat.action_count >= 2:
                break
        assert [s.side for s in screen.seat.log()[:2]] == ["a", "b"], "the computer thought, then never played"


async def test_no_key_acts_for_the_computers_side_while_it_thinks(monkeypatch):
    """The palette listed the computer's own actions while it decided, and their keys worked: a person
    could place its blinds or end its turn for it. Now nothing at the keyboard acts for its side."""
    import tui.computer
    from tui.screens.game_text import palette_text

    monkeypatch.setattr(tui.computer, "PACES", (("slow", 3.0),))  # it plays three seconds after it decides
    service = toy_service(max_turns=6)
    app = HexwarApp({"new": service, "hide": True, "ai": ["a"]}, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert screen.seat.decision().side == "a" and screen.is_computer("a")
        assert screen.legal("a") == [] and screen.all_legal() == []
        assert "(the computer)" in palette_text(screen)[0].plain
        keys = [k.key for k in service.ruleset.action_kinds.values() if k.key]
        for key in ["n", *keys, "enter", "enter", "space"]:
            await pilot.press(key)
        assert len(service.history) == 0, "a key acted for the computer's side"
        for _ in range(150):  # the computer still plays its own move
            await pilot.pause(0.05)
            if service.history:
                break
        assert [step.action.side for step in service.history][:1] == ["a"]


async def test_another_sides_action_without_events_is_named_on_the_message_line():
    """'Done with Phase 3' after the computer's turn read as the person's own action."""
    service = toy_service(max_turns=6)
    app = HexwarApp({"new": service, "hide": True, "ai": ["b"]}, autosave=False)
    async with app.run_test(size=(100, 30)):
        screen = app.screen
        theirs = next(a for a in service.seat("a").legal_actions() if a.kind == "pass").model_copy(update={"side": "b"})
        screen._last = (theirs, (), "b")
        names = screen.names()
        assert screen.last_message(()) == f"{names['b']}: {screen.seat.describe(theirs)}"
        mine = theirs.model_copy(update={"side": "a"})
        screen._last = (mine, (), "a")
        assert screen.last_message(()) == screen.seat.describe(mine)
