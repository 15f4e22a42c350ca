"""The replay screen (tui/screens/replay.py): keys step through a saved game read-only; branch; report."""

from __future__ import annotations

import random

from rules.service import GameService
from saves.snapshots import snapshot_of
from tests.conftest import toy_setup
from tests.tui.conftest import finished_toy_service
from tui.app import HexwarApp


def watched_game(length: int = 60, seed: int = 4) -> GameService:
    """Toy play, moves mostly and some attacks (dice), still in progress."""
    rng = random.Random(seed)
    game = GameService.new(toy_setup(), seed=seed)
    while len(game.history) < length and game.result is None:
        legal = game.legal_actions()
        calm = [a for a in legal if a.kind != "agree_end" and (a.kind != "attack" or rng.random() < 0.3)]
        assert game.apply(rng.choice(calm or legal), autosave=False).ok
    return game


def replay_app(service, **kwargs) -> HexwarApp:
    from tui.screens.replay import ReplayScreen

    return HexwarApp({"screen": lambda: ReplayScreen(service, **kwargs)}, autosave=False)


def rolls_shown(screen) -> int:
    return screen.query_one("#dice").count


async def test_the_keys_step_through_the_game_and_every_widget_follows():
    service = finished_toy_service()
    length = len(service.history)
    app = replay_app(service)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        replay = screen.replay
        assert replay.position == length and screen.side is None  # a finished game: everything
        await pilot.press("home")
        assert replay.position == 0 and rolls_shown(screen) == 0
        assert "REPLAY 0/" in screen.query_one("#status")._fields["deciding"]
        for n in range(1, length + 1):
            await pilot.press("full_stop")
            assert replay.position == n
            expected = sum(1 for step in service.history[:n] for e in step.events if e.kind == "rolled")
            assert rolls_shown(screen) == expected
            assert screen.map._state.units["a2"].at == replay.state_after(n).units["a2"].at
        await pilot.press("full_stop")  # past the end: stays
        assert replay.position == length
        await pilot.press("comma", "comma")
        assert replay.position == length - 2
        await pilot.press("g", "1", "enter")
        await pilot.pause()
        assert replay.position == 1
        said = screen.query_one("#status")._fields["message"]
        assert said.startswith(service.side_name(service.history[0].action.side) + ": ")  # the action in words
        await pilot.press("end")
        assert replay.position == length
    assert len(service.history) == length  # read-only: the game itself never changed


async def test_turn_keys_and_play():
    service = watched_game()
    app = replay_app(service, referee=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        turns = screen.replay.turns()
        await pilot.press("home", "right_square_bracket")
        n = screen.replay.position
        assert turns[n] == turns[0] + 1 and turns[n - 1] == turns[0]
        assert screen.query_one("#status")._fields["turn"] == str(turns[n])
        await pilot.press("left_square_bracket")
        assert screen.replay.position == 0
        await pilot.press("plus", "plus", "plus", "plus", "p")
        await pilot.pause(0.5)
        assert screen.replay.position > 0 and screen.playing is not None
        await pilot.press("p")
        assert screen.playing is None


async def test_a_game_in_progress_shows_one_sides_view_unless_referee():
    """Through the seat of the side deciding at the end: never the referee's view by default."""
    from saves.scenarios import load_scenario

    rng = random.Random(2)
    service = GameService.new(load_scenario("quad/teaching"), 5)  # hands of cards: secrets
    while len(service.history) < 30:
        assert service.apply(rng.choice(service.legal_actions()), autosave=False).ok
    side = service.decision().side
    for kwargs, eyes in (({}, side), ({"referee": True}, None)):
        app = replay_app(service, **kwargs)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            await pilot.press("home", "full_stop", "full_stop", "full_stop")
            assert screen.seat.side == eyes
            expected = service.view_for(eyes, screen.replay.state_after(3))
            assert snapshot_of(screen.map._state) == snapshot_of(expected)
    other = next(s for s in service.state.side_ids() if s != side)
    assert snapshot_of(service.view_for(side, service.state)) != snapshot_of(service.view_for(None, service.state))
    assert other != side


async def test_f_branches_a_new_game_that_records_its_source(tmp_path):
    from saves.store import load_game, save_game, saves_dir
    from tui.screens.game import GameScreen

    source = save_game(watched_game(), tmp_path / "watched.toml")
    app = replay_app(load_game(source), referee=True, file=source)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("home", "full_stop", "full_stop", "full_stop", "f")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.service.initial.units == app.screen.service.state.units  # it starts at the position
        (path,) = saves_dir().glob("watched-branch-3.toml")
    again = load_game(path)
    assert again.branched_from == (str(source), 3)


async def test_r_opens_the_report_and_q_goes_back():
    from tui.screens.report import ReportScreen
    from tui.screens.replay import ReplayScreen

    app = replay_app(finished_toy_service())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReportScreen)
        text = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "Luck" in text and "Side A won" in text
        await pilot.press("q")
        assert isinstance(app.screen, ReplayScreen)


async def test_the_title_key_w_asks_for_a_game_to_watch(tmp_path):
    from saves.store import save_game, saves_dir
    from tui.dialogs.replay_pick import ReplayPickDialog
    from tui.screens.replay import ReplayScreen

    saves_dir().mkdir(parents=True, exist_ok=True)
    save_game(watched_game(20), saves_dir() / "done.toml")
    app = HexwarApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, ReplayPickDialog)
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.replay.position == app.screen.replay.length > 0


async def test_the_game_over_screen_opens_the_report_and_the_replay():
    from tui.screens.game_over import GameOverScreen
    from tui.screens.replay import ReplayScreen
    from tui.screens.report import ReportScreen

    service = finished_toy_service()
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReportScreen) and app.screen.report.result.startswith("Side A won")
        await pilot.press("q", "w")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.replay.position == 0
        await pilot.press("q")
        assert isinstance(app.screen, GameOverScreen)


async def test_a_monkey_on_the_replay_screen_breaks_nothing():
    """Random key bursts over the replay, its dialogs, the report and branches: no internal error."""
    from tests.tui.test_robustness import monkey

    await monkey(replay_app(watched_game(30), referee=True), seed=29, keys=300)


async def test_a_narrow_terminal_hides_the_side_panel_until_f2():
    app = replay_app(finished_toy_service())
    async with app.run_test(size=(60, 24)) as pilot:
        panel = app.screen.query_one("#side-panel")
        assert not panel.display
        await pilot.press("f2")
        assert panel.display


async def test_enter_on_a_unit_shows_its_card_while_stepping():
    from tui.widgets.unit_card import UnitCard

    service = finished_toy_service()
    app = replay_app(service)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("home")
        screen.map.cursor = screen.seat.view().units["a1"].at
        await pilot.press("enter")
        assert "Alpha" in screen.query_one(UnitCard).text.plain
        await pilot.press("full_stop")
        assert "Alpha" in screen.query_one(UnitCard).text.plain  # it stays while stepping


async def test_help_lists_the_replay_keys_not_the_rule_sets_action_keys():
    from tui.screens.help import HelpScreen

    app = replay_app(finished_toy_service())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.text.plain
        assert "Play on from here" in text and "move the cursor" in text
        kinds = app.screen_stack[-2].ruleset.action_kinds
        assert not any(kind.label in text for kind in kinds.values())  # nothing is played in a replay


async def test_a_palette_command_for_a_screen_closed_meanwhile_is_dropped():
    """The palette posts its command to the screen that listed it; keys typed ahead may close that screen
    before the command runs (the monkey's NoMatches '#map' on a removed replay screen): nothing runs."""
    from tui.messages import RunCommand
    from tui.screens.replay import ReplayScreen

    app = HexwarApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        replay = ReplayScreen(watched_game(10))
        await app.push_screen(replay)
        await pilot.pause()
        replay.dismiss(None)
        await pilot.pause()
        await app.on_run_command(RunCommand("step(1)", replay))
        await pilot.pause()
        assert app._exception is None, repr(app._exception)
        assert type(app.screen).__name__ == "TitleScreen"
