"""Fixes from the new-user QA pass (/work/coord/qa.md), each a test that fails without its fix."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from rules.events import GameOver, InitiativePassed
from tests.tui.conftest import toy_service
from tests.tui.test_game_flow import game_app, move
from tests.tui.test_hex_map import MapHost, screen_text
from tui.screens import game_text, odds_text
from tui.widgets.action_bar import ActionBar
from tui.widgets.dice_log import DiceLog
from tui.widgets.hex_map import HexMap
from tui.widgets.status_line import StatusLine


def fighting_service():
    """The toy game with a1 and b1 next to each other and side a to act."""
    service = toy_service()
    move(service, "a1", 3, 1)
    move(service, "b1", 4, 1)
    return service


def log_lines(dice: DiceLog) -> list[str]:
    return [strip.text.rstrip() for strip in dice.lines]


# --- the dice log (S1, S2) ---------------------------------------------------------------


async def test_at_80x24_the_dice_log_keeps_rows_for_the_newest_rolls():
    service = fighting_service()
    app = game_app(service)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("n", "a", "space")
        await pilot.pause()
        dice = screen.query_one(DiceLog)
        assert dice.count == 1
        assert dice.display and dice.size.height >= 4  # rows for several rolls, not 0
        assert dice.region.bottom <= screen.query_one("#side-panel").region.bottom
        assert any("attack" in line for line in log_lines(dice))


async def test_the_last_roll_is_echoed_on_the_message_line():
    service = fighting_service()
    app = game_app(service)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("n", "a", "space")
        await pilot.pause()
        record = service.history[-1].events[0].record
        faces = "[" + " ".join(record.shown_faces()) + "]"
        assert faces in screen.message and "attack" in screen.message
        assert faces in screen.status.fields["message"]


async def test_dice_log_lines_wrap_inside_the_panel_and_rewrap_on_resize():
    service = fighting_service()
    app = game_app(service)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        for _ in range(3):
            await pilot.press("n", "a", "space", "p")
        await pilot.pause()
        dice = screen.query_one(DiceLog)
        assert dice.count >= 3
        assert all(strip.cell_length < dice.size.width for strip in dice.lines)
        assert dice.virtual_size.width <= dice.size.width  # no horizontal scrollbar
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert all(strip.cell_length < dice.size.width for strip in dice.lines)
        whole = " ".join(log_lines(dice))
        assert whole.count("attack") == dice.count  # every roll is still there, wrapped


# --- the palette and the status line (S3) -------------------------------------------------


class BarHost(App):
    def compose(self) -> ComposeResult:
        yield ActionBar()


async def test_a_long_preview_keeps_its_confirm_keys_on_the_last_row():
    app = BarHost()
    async with app.run_test(size=(60, 10)) as pilot:
        bar = app.query_one(ActionBar)
        body = Text("\n".join(f"{50 - n:4.1f}% outcome number {n}" for n in range(12)))
        bar.show(body, Text("Enter confirm  Esc cancel"), rows=bar.rows_for(body, Text("x")))
        await pilot.pause()
        rows = [bar.render_line(y).text.rstrip() for y in range(bar.size.height)]
        assert bar.size.height == ActionBar.MAX_ROWS
        assert rows[-1].startswith("Enter confirm")
        assert rows[-2].endswith("...")  # cut, and saying so
        assert rows[0].strip().startswith("50.0% outcome number 0")


async def test_the_preview_lists_one_outcome_a_line_likeliest_first():
    service = fighting_service()
    app = game_app(service)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("n", "a")
        lines = screen.palette.text.plain.split("\n")
        outcomes = [line for line in lines if "%" in line]
        assert len(outcomes) == len(screen.preview.outcomes) >= 2
        assert all(line.strip()[0].isdigit() for line in outcomes)  # the chance first
        assert lines[-1].startswith("Enter confirm")


async def test_a_long_message_is_cut_with_an_ellipsis_and_keeps_room():
    class StatusHost(App):
        def compose(self) -> ComposeResult:
            yield StatusLine()

    app = StatusHost()
    async with app.run_test(size=(80, 3)) as pilot:
        status = app.query_one(StatusLine)
        message = "Fort Guard terrain attack (slope up) [4]: no hit, it enters; Fort Guard moves 10,1 -> 11,1"
        status.set_fields(turn=1, phase="activation", deciding="The Rebels", message=message,
                          cursor="11,1 Fortified h2 | Fort Guard")
        await pilot.pause()
        text = status.text
        start = text.index("Fort Guard terrain")
        shown = text[start:text.index("| 11,1")].rstrip()
        assert len(shown) >= 20  # room for a message at 80 columns (it had 14)
        assert shown.endswith("...")


async def test_messages_name_sides_by_name_not_id():
    service = toy_service()
    app = game_app(service)
    async with app.run_test(size=(80, 24)):
        screen = app.screen
        text = game_text.events_message(screen, [InitiativePassed(to_side="b", from_side="a")])
        assert text == "initiative to Side B"
        text = game_text.events_message(screen, [GameOver(winner="a", reason="all gone")])
        assert "Side A won" in text


# --- the map (S3, S4) ---------------------------------------------------------------------


async def test_the_legend_wraps_inside_its_box_on_a_narrow_map():
    app = MapHost()
    async with app.run_test(size=(34, 16)) as pilot:
        hex_map = app.query_one(HexMap)
        hex_map.show_legend = True
        await pilot.pause()
        hex_map._legend = ["F Forest: costs 2 to enter, and a long note that cannot fit on one row", "A-Z Side A"]
        hex_map.refresh()
        await pilot.pause()
        box = [line for line in screen_text(app).splitlines() if line.rstrip().endswith("|")]
        assert box and all(line.rstrip().endswith(" |") for line in box)
        text = " ".join(line.split("| ", 1)[1].rstrip(" |") for line in box)
        assert "cannot fit on one row" in " ".join(text.split())


# --- refusals come from the service ---------------------------------------------------------


async def test_a_refused_hex_shows_the_reason_the_seat_gives():
    service = toy_service()
    app = game_app(service)
    asked = []

    def check(action):
        asked.append(action)
        return "the reason from Seat.check"

    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.seat.check = check
        await pilot.press("n", "m", "6", "6", "6", "6", "enter")
        assert asked, "the screen asks the seat, it runs no rules itself"
        assert screen.message == "Refused: the reason from Seat.check"


def test_the_ui_drives_no_rules_machinery():
    import inspect

    source = inspect.getsource(game_text) + inspect.getsource(odds_text)
    assert "SeededDice" not in source and "Context(" not in source and ".apply(state" not in source


# --- the new game screen (S3) ---------------------------------------------------------------


async def test_new_game_options_say_on_or_off_in_text_and_offer_no_computer():
    from tests.tui.test_snapshots import toy_scenarios
    from tests.conftest import toy_setup
    from tui.app import HexwarApp
    from tui.screens.new_game import NewGameScreen
    from tui.widgets.tick import Tick

    app = HexwarApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(NewGameScreen("toy", seed=1, scenario_source=toy_scenarios, loader=lambda e: toy_setup()))
        await pilot.pause()
        form = app.screen
        hide = form.query_one("#hide", Tick)
        assert str(hide.render()).startswith("[x]")
        hide.value = False
        await pilot.pause()
        assert str(hide.render()).startswith("[ ]")
        assert not form.query("RadioButton")  # nothing that looks selectable but is not
        assert all(not w.can_focus or "computer" not in str(w.render()) for w in form.query("*"))


# --- undo between two people at one keyboard (S3) ----------------------------------------------


async def test_in_hotseat_play_a_side_cannot_undo_the_other_sides_roll():
    service = fighting_service()
    app = game_app(service, hide=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "a", "space")
        await pilot.pause()
        if type(app.screen).__name__ == "PassKeyboardScreen":
            await pilot.press("enter")
            await pilot.pause()
        screen = app.screen
        done = len(service.history)
        await pilot.press("u")
        assert len(service.history) == done
        assert screen.message.startswith("Cannot undo")
        await pilot.press("f4", "u")  # solo play: anything may be taken back
        assert len(service.history) == done - 1


# --- the title menu (S3) --------------------------------------------------------------------


async def test_the_title_menu_answers_arrows_and_enter():
    from tui.app import HexwarApp

    app = HexwarApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "up", "enter")  # back on "New game"
        await pilot.pause()
        assert type(app.screen).__name__ == "NewGameScreen"


# --- Tab moves the keys between the panels (S2) ---------------------------------------------


async def test_tab_gives_the_keys_to_the_roster_and_the_dice_log_and_back():
    service = toy_service()
    app = game_app(service)
    async with app.run_test(size=(80, 12)) as pilot:  # short: the roster must scroll
        screen = app.screen
        cursor = screen.map.cursor
        await pilot.press("tab")
        roster = screen.query_one("#roster-box")
        assert app.focused is roster
        assert roster.max_scroll_y > 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert roster.scroll_y > 0  # the roster scrolled, from the keyboard
        await pilot.press("right", "down")
        assert screen.map.cursor == cursor  # the map kept still
        await pilot.press("tab")
        assert app.focused is screen.query_one("#dice")
        await pilot.press("tab")
        assert app.focused is screen.map
        await pilot.press("shift+tab", "escape")
        assert app.focused is screen.map


# --- words as the preview says them; names, not ids; the game over summary (S3, S4) ---------------


def test_the_dice_log_words_the_number_needed_as_the_preview_does():
    from rules.dice import RollRecord
    from tui.widgets.dice_log import roll_text

    def need(test: str, n: int) -> str:
        return roll_text(RollRecord(purpose="attack", sides=6, faces=(4,), need=n, test=test), {}).plain

    assert "need 4+" in need(">", 3) and "need 4+" in need(">=", 4)
    assert "need 3 or less" in need("<=", 3) and "need 3 or less" in need("<", 4)


async def test_game_over_names_units_in_the_log_and_counts_what_was_lost():
    from tui.screens.game_over import log_lines, summary_text

    service = toy_service()
    service.state.units["b1"].eliminated = True  # one enemy left, with strength 1
    service.initial = service.state.model_copy(deep=True)
    move(service, "a2", 4, 3)
    assert service.apply("pass b").ok
    for _ in range(20):
        assert service.apply("attack a unit=a2 target=b2").ok
        while service.result is None and service.decision().side == "b":
            assert service.apply("pass b").ok
        if service.result is not None:
            break
    seat = service.seat("b")
    text = "\n".join(line.plain for line in log_lines(seat))
    assert "Bravo moves" in text and "a2 moves" not in text
    summary = summary_text(seat).plain
    assert summary.startswith("Side A won: ")
    assert "strength lost" in summary


# --- the compact map's height digits (S4) -----------------------------------------------------


def test_a_height_digit_never_sits_between_a_hex_and_the_unit_east_of_it():
    from rules.board import Board
    from tui.widgets.hex_layout import COMPACT, HexLayout
    from tui.widgets.hex_glyphs import Occupant
    from tui.widgets.hex_model import MapModel
    from tui.widgets.hex_render import compose_line

    elevation = (0, 1, 0, 1)
    board = Board(width=4, height=1, terrain=("open",) * 4, elevation=elevation, glyphs={"open": "."})
    model = MapModel(board)
    model.units = {(2, 0): Occupant("i", 1, " "), (3, 0): Occupant("k", 1, " ")}
    line = "".join(text for text, _ in compose_line(HexLayout(COMPACT, 4, 1), model, 0))
    assert line.startswith(". 1 i k")  # open ground on a height shows its digit in its own cell
    assert "1i" not in line and "i1" not in line


async def test_a_unit_moving_onto_a_height_repaints_the_cell_after_it():
    from rules.hexgrid import from_offset

    app = MapHost()
    async with app.run_test(size=(40, 10)) as pilot:
        hex_map = app.query_one(HexMap)
        state = app.service.state.model_copy(deep=True)
        state.units["a1"].at = from_offset(3, 2)  # the forest at height 2
        calls = []
        original = hex_map.refresh

        def spy(*regions, **kwargs):
            calls.extend(regions)
            return original(*regions, **kwargs)

        hex_map.refresh = spy
        hex_map.set_state(state, app.service.ruleset)
        await pilot.pause()
        assert any(r.width == 2 for r in calls)  # the glyph and the digit's cell
        assert "A " in screen_text(app).splitlines()[2]


# --- resuming a game between two people; the unit detail (S4) ---------------------------------


async def test_a_game_that_goes_on_opens_behind_the_pass_screen():
    service = toy_service()
    move(service, "a1", 2, 1)
    app = game_app(service, hide=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "PassKeyboardScreen"
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "GameScreen" and app.screen.viewer == "b"


def test_the_unit_detail_says_terrain_once():
    from tui.widgets.unit_card import card_text

    service = toy_service()

    class Seat:
        ruleset = service.ruleset

        def unit_card(self, unit_id):
            return [("Strength", "2"), ("Terrain", "Open")]

    text = card_text(service.state, Seat(), "a1", full=True).plain
    assert text.count("Terrain") == 1


# --- NO_COLOR (S3) ------------------------------------------------------------------------------


async def test_with_no_color_the_map_draws_by_attributes_only(monkeypatch):
    from rules.hexgrid import from_offset
    from tui.widgets.hex_layout import COMPACT, HexLayout

    monkeypatch.setenv("NO_COLOR", "1")
    unit_hex = from_offset(1, 1)
    app = MapHost(cursor=unit_hex)
    async with app.run_test(size=(40, 10)) as pilot:
        hex_map = app.query_one(HexMap)
        hex_map.set_highlights(reach={from_offset(3, 2)}, selected=unit_hex)  # the forest in range
        await pilot.pause()

        def style_at(col: int, row: int):
            cell = HexLayout(COMPACT, 8, 6).cell(col, row)
            return list(hex_map.render_line(cell.y).crop(cell.x, cell.x + 1))[0].style

        cursor = style_at(1, 1)
        assert cursor.reverse and cursor.color is None and cursor.bgcolor is None  # the unit stays readable
        forest = style_at(3, 2)
        assert forest.underline and forest.color is None and forest.bgcolor is None


# --- a bad file from the load dialog: back to the dialog (S4) ------------------------------------


async def test_after_a_bad_file_the_load_dialog_comes_back(tmp_path):
    from tui.app import HexwarApp

    bad = tmp_path / "bad.toml"
    bad.write_text("not = = toml")
    app = HexwarApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.load_dialog()
        await pilot.pause()
        app.screen.dismiss(("save", bad))
        await pilot.pause()
        assert type(app.screen).__name__ == "ErrorDialog"
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "LoadDialog"  # try again, not the title screen


async def test_overlapping_outcomes_keep_the_rule_sets_order_exclusive_ones_are_sorted():
    from fractions import Fraction

    from rules.core import Outcome, Preview

    service = fighting_service()
    app = game_app(service)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("n", "a")

        def shown(*outcomes) -> list[str]:
            screen.flow.preview = Preview(title="t", outcomes=tuple(Outcome(label=l, chance=Fraction(c)) for l, c in outcomes))
            body, _ = screen.palette_text()
            return [line.split("% ", 1)[1] for line in body.plain.split("\n") if "% " in line]

        assert shown(("0 casualties", "9/10"), ("1 casualty", "1/10"), ("fails morale", "1/5")) == [
            "0 casualties", "1 casualty", "fails morale"]  # casualties, then morale: as the rules list them
        assert shown(("back 1", "1/4"), ("unharmed", "3/4")) == ["unharmed", "back 1"]  # a partition: likeliest first


async def test_f3_gives_the_dice_log_the_cards_rows_and_back():
    service = fighting_service()
    app = game_app(service)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        dice = screen.query_one(DiceLog)
        before = dice.size.height
        await pilot.press("f3")
        await pilot.pause()
        assert dice.display and dice.size.height >= before + 5
        await pilot.press("f3")
        await pilot.pause()
        assert dice.size.height == before


def test_game_over_counts_units_not_blinds():
    """A Hundred Wars blind is a stand-in: 'lost 2 of 4 units' must not count removed blinds as units."""
    from rules.core import GameResult
    from rules.service import GameService
    from saves.scenarios import load_scenario
    from tui.screens.game_over import summary_text

    game = GameService.new(load_scenario("first-blinds", "hundred_wars"), seed=1)
    state = game.state
    red = [u for u in state.units.values() if u.side == "red"]
    blinds = [u for u in red if u.blind]
    real = [u for u in red if not u.blind]
    assert blinds and len(real) >= 2
    for u in blinds + real[:1]:
        u.eliminated = True
    state.result = GameResult(winner="blue", reason="test", turn=1)
    summary = summary_text(game.seat(None)).plain
    red_line = next(line for line in summary.splitlines() if line.startswith("Red Company"))
    assert f"lost 1 of {len(real)} units ({real[0].name})" in red_line, red_line
