"""The host's lobby screen (`hexwar serve` at a terminal): games, codes, keys, new games; pilot tests."""

from __future__ import annotations

import asyncio
import subprocess

from rules.service import GameService
from saves.scenarios import load_scenario
from tui.remote.client import join
from tui.remote.host import SPECTATOR, Host
from tui.remote.lobby import LobbyApp


def hosting(tmp_path) -> Host:
    host = Host(tmp_path / "host")
    host.add_game(GameService.new(load_scenario("teaching", "quad"), seed=9), "fort")
    return host


def rows(app: LobbyApp, table: str) -> list[tuple[str, ...]]:
    t = app.query_one(table)
    return [tuple(t.get_row_at(i)) for i in range(t.row_count)]


async def new_game_dialog(app: LobbyApp, pilot, ruleset: str):
    """`n` in the lobby, then the rule set chosen: the new-game dialog."""
    from textual.widgets import Select

    await pilot.pause()
    await pilot.press("n")
    await pilot.pause()
    dialog = app.screen
    dialog.query_one("#ruleset", Select).value = ruleset
    await pilot.pause()
    return dialog


def choices(dialog, select_id: str) -> list[str]:
    """The values a select of the dialog offers."""
    from textual.widgets import Select

    return [value for _, value in dialog.query_one(select_id, Select)._options if value is not Select.BLANK]


async def test_the_lobby_lists_games_seats_codes_and_who_is_connected(tmp_path):
    host = hosting(tmp_path)
    app = LobbyApp(host)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        (game,) = rows(app, "#games")
        assert game[:5] == ("fort", "quad", "teaching", "1", "The Kingdom") and game[5] == "nobody"
        codes = host.codes("fort")
        assert rows(app, "#seats") == [("The Kingdom", codes["kingdom"], "-", "-"),
                                       ("The Rebels", codes["rebels"], "-", "-"),
                                       ("spectators", codes[SPECTATOR], "-", "-")]
        # A player joins over the host's socket (the lobby's loop serves it): the lobby shows it live.
        seat = await asyncio.to_thread(join, str(host.socket_path), code=codes["rebels"])
        try:
            for _ in range(40):
                await pilot.pause(0.05)
                if rows(app, "#games")[0][5] == "The Rebels":
                    break
            assert rows(app, "#games")[0][5] == "The Rebels"
            assert rows(app, "#seats")[1][3] == "1"
            done = await asyncio.to_thread(seat.apply, "draw rebels")  # not the rebels' decision
            assert not done.ok
        finally:
            await asyncio.to_thread(seat.link.close)
        await pilot.press("tab", "down", "c")  # the rebels' code, copied
        assert app.clipboard == codes["rebels"] and "Copied the join code of fort: The Rebels" in app.message
        await pilot.press("ctrl+q")
    assert not host.socket_path.exists() or not app._serving


async def test_the_lobby_creates_a_game_of_a_chosen_rule_set_and_scenario(tmp_path):
    from textual.widgets import Input, Select

    host = hosting(tmp_path)
    app = LobbyApp(host)
    async with app.run_test(size=(120, 36)) as pilot:
        dialog = await new_game_dialog(app, pilot, "dhr")
        scenario = dialog.query_one("#scenario", Select)
        assert scenario.value is not Select.BLANK
        options = choices(dialog, "#scenario")
        scenario.value = options[-1]
        dialog.query_one("#name", Input).value = "Bad Name!"
        await pilot.click("#create")
        for _ in range(50):
            await pilot.pause(0.02)
            if "lower-case letters" in str(dialog.query_one("#dialog-message").render()):
                break
        assert "lower-case letters" in str(dialog.query_one("#dialog-message").render())
        dialog.query_one("#name", Input).value = "ridge"
        dialog.query_one("#name", Input).focus()
        await pilot.press("enter")  # Enter in the name field creates, as the button does
        for _ in range(100):
            await pilot.pause(0.02)
            if "ridge" in host.games:
                break
        assert "ridge" in host.games and (host.folder / "ridge.toml").exists()
        made = host.games["ridge"].service.state
        assert made.ruleset == "dhr" and made.scenario == options[-1]
        assert [r[0] for r in rows(app, "#games")] == ["fort", "ridge"]
        assert app.selected_game == "ridge" and "New game ridge" in app.message
        assert [r[1] for r in rows(app, "#seats")] == list(host.codes("ridge").values())


async def test_the_lobby_registers_a_key_for_the_seat_under_the_cursor(tmp_path):
    from textual.widgets import Input

    host = hosting(tmp_path)
    key = tmp_path / "id_ann"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "ann@home", "-f", str(key)], check=True)
    app = LobbyApp(host)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("tab", "down", "k")  # the rebels' seat
        await pilot.pause()
        field = app.screen.query_one("#key", Input)
        field.value = str(key)  # the private key: refused, nothing registered
        await pilot.press("enter")
        assert "private key" in str(app.screen.query_one("#dialog-message").render())
        field.value = (tmp_path / "id_ann.pub").read_text().strip()
        await pilot.press("enter")
        await pilot.pause()
        assert "registered for fort: The Rebels" in app.message
        assert rows(app, "#seats")[1][2] == "1"
    (entry,) = host.keys.entries()
    assert entry[2] == [("fort", "rebels")] and "ann@home" in entry[1]


async def test_the_lobby_makes_a_game_whose_side_the_hosts_computer_plays(tmp_path):
    from textual.widgets import Input, Select

    from saves import players

    host = hosting(tmp_path)
    app = LobbyApp(host)
    async with app.run_test(size=(120, 40)) as pilot:
        dialog = await new_game_dialog(app, pilot, "quad")
        assert choices(dialog, "#computer") == ["-", "kingdom", "rebels"], "nobody, or a side of QUAD teaching"
        dialog.query_one("#computer", Select).value = "rebels"
        dialog.query_one("#level", Select).value = "hard"
        dialog.query_one("#name", Input).value = "solo"
        await pilot.click("#create")
        for _ in range(100):
            await pilot.pause(0.02)
            if "solo" in host.games:
                break
        game = host.games["solo"]
        assert game.computers == {"rebels": "hard"} and game.pilot is not None
        assert players.computers(game.service) == {"rebels": "hard"}
        await pilot.pause(0.3)
        seats = {r[0]: r[1] for r in rows(app, "#seats")}
        assert seats["The Rebels"] == "the computer (hard)" and seats["The Kingdom"] == host.code("solo", "kingdom")
        await pilot.press("tab", "down", "c")  # the Rebels' seat: no code to copy
        assert "The computer plays The Rebels in solo" in app.message
        await pilot.press("ctrl+q")


async def test_a_refresh_that_ticks_while_the_lobby_closes_does_nothing(tmp_path):
    """The lobby's timer may tick once more after the app has begun to take its tables down (a CI run failed
    with NoMatches '#games' as a test's app exited): the refresh then does nothing."""
    from textual.widgets import DataTable

    app = LobbyApp(hosting(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await app.query_one("#games", DataTable).remove()
        app.refresh_tables()
