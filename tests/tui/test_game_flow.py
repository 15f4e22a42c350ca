"""Pilot tests of the game screen with the toy rule set: keys only, assertions on the game state."""

from __future__ import annotations

from rules.hexgrid import from_offset
from tests.conftest import toy_setup
from tests.tui.conftest import toy_service
from tui.app import HexwarApp


def move(service, unit: str, col: int, row: int) -> None:
    """Apply the legal move of `unit` that ends at offset (col, row)."""
    to = from_offset(col, row)
    side = service.state.units[unit].side
    (action,) = [a for a in service.legal_actions(side, unit=unit, target=to) if a.kind == "move"]
    assert service.apply(action).ok


def game_app(service, hide: bool = False) -> HexwarApp:
    return HexwarApp({"new": service, "hide": hide}, autosave=False)


async def test_select_move_and_confirm_with_keys_moves_the_unit(toy_game):
    app = game_app(toy_game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert type(screen).__name__ == "GameScreen"
        assert app.focused is screen.map
        await pilot.press("n")
        assert screen.selected == "a1"
        await pilot.press("m")
        assert screen.mode == "move"
        await pilot.press("6", "enter")
        assert screen.pending is not None
        assert toy_game.state.units["a1"].at == from_offset(1, 1)
        await pilot.press("enter")
        assert toy_game.state.units["a1"].at == from_offset(2, 1)
        assert toy_game.state.active_side == "b"


async def test_several_actions_then_undo_and_redo(toy_game):
    app = game_app(toy_game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "m", "6", "enter", "space")  # a1 east one hex
        await pilot.press("p")  # side b passes
        assert len(toy_game.history) == 2
        await pilot.press("n", "n", "m", "6", "6", "enter", "enter")  # a2 east two hexes
        assert toy_game.state.units["a2"].at == from_offset(3, 3)
        await pilot.press("u")
        assert toy_game.state.units["a2"].at == from_offset(1, 3)
        assert len(toy_game.history) == 2
        await pilot.press("U")
        assert toy_game.state.units["a2"].at == from_offset(3, 3)


async def test_a_hex_out_of_reach_is_refused_with_the_reason(toy_game):
    app = game_app(toy_game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("n", "m", "6", "6", "6", "6", "enter")
        assert toy_game.history == []
        assert screen.pending is None
        assert screen.message.startswith("Refused:")
        assert "blocked or too long" in screen.message
        await pilot.press("escape")
        assert screen.mode is None


async def test_select_then_enter_on_a_reachable_hex_offers_the_move(toy_game):
    app = game_app(toy_game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("enter")  # the cursor starts on a1
        assert screen.selected == "a1"
        highlights = screen.map.highlights if hasattr(screen.map, "highlights") else None
        if highlights is not None:
            assert from_offset(2, 1) in highlights["reach"]
        await pilot.press("3", "enter")
        assert screen.pending is not None and screen.pending.kind == "move"
        await pilot.press("escape")
        assert screen.pending is None
        assert toy_game.history == []


async def test_attack_shows_the_odds_then_rolls_into_the_dice_log():
    service = toy_service()
    # Bring the two sides into contact through the service, then fight with keys.
    move(service, "a1", 3, 1)
    move(service, "b1", 4, 1)
    app = game_app(service)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("n")
        assert screen.selected == "a1"
        await pilot.press("a")
        assert screen.pending is not None and screen.pending.kind == "attack"
        assert "50.0% hit" in screen.palette.text.plain  # the chance first, one outcome a line
        await pilot.press("I")
        await pilot.pause()
        assert type(app.screen).__name__ == "TextDialog"
        assert "1/2" in app.screen.text.plain  # the exact chance, as a fraction
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("space")
        assert len(service.history) == 3
        assert screen.query_one("DiceLog").count == 1


async def test_the_pass_screen_hides_the_map_until_enter(toy_game):
    app = game_app(toy_game, hide=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "m", "6", "enter", "enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "PassKeyboardScreen"
        await pilot.press("p")  # no effect behind the pass screen
        assert len(toy_game.history) == 1
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "GameScreen"
        assert app.screen.viewer == "b"


async def test_the_reaction_of_the_side_hit_is_offered_and_taken():
    service = toy_service()
    move(service, "a1", 3, 1)
    move(service, "b1", 4, 1)
    while service.state.pending_brace is None:  # a1 attacks b1 until a hit lands (b passes between)
        assert service.apply("attack a unit=a1 target=b1").ok
        if service.state.pending_brace is None:
            assert service.apply("pass b").ok
    app = game_app(service)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert "Brace" in screen.palette.text.plain
        strength = service.state.units["b1"].stats.strength
        await pilot.press("b")
        assert service.state.units["b1"].stats.strength == strength + 1
        assert service.state.pending_brace is None


async def test_escape_steps_back_one_stage(toy_game):
    app = game_app(toy_game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("n", "m", "6", "enter")
        assert screen.pending is not None
        await pilot.press("escape")
        assert screen.pending is None and screen.mode == "move"
        await pilot.press("escape")
        assert screen.mode is None and screen.selected == "a1"
        await pilot.press("escape")
        assert screen.selected is None


async def test_quit_asks_first(toy_game):
    app = game_app(toy_game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert type(app.screen).__name__ == "ConfirmDialog"
        await pilot.press("n")
        await pilot.pause()
        assert type(app.screen).__name__ == "GameScreen"
        await pilot.press("q", "y")
        await pilot.pause()
    assert app.return_code == 0


async def test_help_lists_the_keys_of_the_game_screen(toy_game):
    app = game_app(toy_game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        text = app.screen.text.plain
        for needle in ("Undo", "ctrl+s", "Move", "Attack", "7 9 4 6 1 3"):
            assert needle in text
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "GameScreen"


async def test_the_game_over_screen_follows_the_last_elimination():
    service = toy_service()
    service.state.units["b1"].eliminated = True  # one enemy left, with strength 1
    service.initial = service.state.model_copy(deep=True)
    move(service, "a2", 4, 3)
    assert service.apply("pass b").ok
    app = game_app(service)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("N")  # a2
        assert screen.selected == "a2"
        for _ in range(6):
            await pilot.press("a", "space")
            await pilot.pause()
            if service.result is not None:
                break
            # a miss: b passes, a attacks again
            if type(app.screen).__name__ == "GameScreen" and service.decision().side == "b":
                await pilot.press("p")
                await pilot.press("N")
        assert service.result is not None and service.result.winner == "a"
        await pilot.pause()
        assert type(app.screen).__name__ == "GameOverScreen"
        assert "Side A won" in str(app.screen.query_one("#summary").content)


async def test_an_error_inside_the_rules_shows_a_dialog_not_a_traceback(toy_game, monkeypatch):
    app = game_app(toy_game)
    async with app.run_test(size=(80, 24)) as pilot:
        def broken(*args, **kwargs):
            raise ValueError("the rules tripped over something")

        monkeypatch.setattr(toy_game, "why_no_undo", broken)
        await pilot.press("u")
        await pilot.pause()
        assert type(app.screen).__name__ == "ErrorDialog"
        assert "tripped over" in app.screen.message
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "GameScreen"
        await pilot.press("n", "m", "6", "enter", "enter")  # the game goes on
        assert len(toy_game.history) == 1


async def test_an_action_key_with_nothing_selected_takes_the_unit_under_the_cursor(toy_game):
    app = game_app(toy_game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert screen.selected is None
        await pilot.press("m")
        assert screen.selected == "a1" and screen.mode == "move"
        await pilot.press("escape", "escape", "3", "3", "m")  # off any unit: the first unit that can move
        assert screen.selected == "a1"


async def test_while_aiming_n_jumps_between_the_valid_hexes(toy_game):
    app = game_app(toy_game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("n", "m", "n")
        first = screen.map.cursor
        assert any(screen.flow.aim(a) == first for a in screen.candidates)
        await pilot.press("n")
        assert screen.map.cursor != first
        await pilot.press("N")
        assert screen.map.cursor == first
        await pilot.press("enter", "enter")
        assert toy_game.state.units["a1"].at == first


async def test_space_twice_ends_the_turn_with_the_sides_one_unitless_action(toy_game):
    app = game_app(toy_game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        assert app.screen.pending is not None and app.screen.pending.kind == "pass"
        assert toy_game.history == []
        await pilot.press("space")
        assert [a.kind for a in toy_game.log] == ["pass"]


async def test_a_selected_unit_whose_part_is_over_gives_the_cursor_to_one_that_can_act():
    """DHR: after one unit's activation the next chip is another unit's, and the palette said only
    '1st Squad: nothing to do now'. Now the selection goes and the cursor moves to a unit that can act."""
    app = HexwarApp({"new": toy_service(), "hide": False}, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        idle = next(u for u in screen.view.units.values() if u.side != screen.viewer)  # nothing to do now
        screen.select_unit(idle.id)
        await pilot.pause()
        assert screen.selected == idle.id
        screen.after_change()
        await pilot.pause()
        acting = {a.unit_id for a in screen.all_legal() if a.unit_id}
        assert screen.selected is None
        assert screen.view.unit_at(screen.map.cursor).id in acting
