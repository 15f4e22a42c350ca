"""Issue 24 item 10: heights on the compact map only where the ground changes; the map grows to the
outlined zoom when a window has room for it (120x40), and stays compact at 80x24."""

from __future__ import annotations

from rules.board import Board
from tui.widgets.hex_layout import COMPACT, OUTLINED, HexLayout
from tui.widgets.hex_model import MapModel
from tui.widgets.hex_render import compose_line


def line_text(model: MapModel, y: int) -> str:
    return "".join(text for text, _ in compose_line(HexLayout(COMPACT, model.columns, model.rows), model, y))


def plateau() -> MapModel:
    """A 7x5 board of open ground with a plateau of height 1 over the middle 5x3 hexes."""
    cells = ["."] * 35  # plain ground: its height digit stands in its own cell
    elevation = [0] * 35
    for row in range(1, 4):
        for col in range(1, 6):
            elevation[row * 7 + col] = 1
    return MapModel(Board(width=7, height=5, terrain=tuple(cells), elevation=tuple(elevation)))


def test_the_compact_map_shows_a_height_only_where_the_ground_rises():
    model = plateau()
    middle = line_text(model, 2)
    # row 2 (odd-r: shifted right): the plateau's rim hexes at columns 1 and 5 show 1, the inner three do not
    assert middle.split() == [".", "1", ".", ".", ".", "1", "."]
    assert line_text(model, 1).split() == [".", "1", "1", "1", "1", "1", "."]  # the rim's top row
    assert model.ground[2][3].elevation == 1 and not model.ground[2][3].brow


async def test_the_game_screen_picks_the_outlined_zoom_when_it_fits_and_keeps_the_players_choice():
    from tests.tui.test_game_flow import game_app
    from tests.tui.conftest import toy_service

    app = game_app(toy_service())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.screen.map.zoom == OUTLINED
        await pilot.press("z")
        await pilot.pause()
        await pilot.resize_terminal(121, 40)  # a resize fits the layout again
        await pilot.pause()
        assert app.screen.map.zoom == COMPACT  # the player's choice stands
    app = game_app(toy_service())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.map.zoom == COMPACT
