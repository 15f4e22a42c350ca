"""Three to eight sides stay distinguishable without colour, on the map and in the roster (issue 8, item 3)."""

from __future__ import annotations

from rules.board import Board
from rules.core import Setup, SideSetup, UnitSetup
from rules.hexgrid import from_offset
from rules.service import GameService
from tui.app import HexwarApp
from tui.widgets.hex_glyphs import side_tags

NAMES = ("Reds", "Rangers", "Blues", "Greens", "Golds", "Whites", "Blacks", "Browns")


def many_sides(n: int) -> GameService:
    """`n` sides of two units each, every unit of the same kind (one letter on a two-side map)."""
    sides = [SideSetup(id=f"s{i}", name=NAMES[i]) for i in range(n)]
    units = [
        UnitSetup(id=f"u{i}{j}", side=f"s{i}", name=f"Infantry {i}{j}", kind="Infantry", at=from_offset(1 + j * 4, i))
        for i in range(n) for j in range(2)
    ]
    setup = Setup(ruleset="toy", name="melee", board=Board(width=8, height=n, terrain=("open",) * (8 * n)),
                  sides=sides, units=units)
    return GameService.new(setup, 3)


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def test_each_side_gets_its_own_capital_letter():
    service = many_sides(8)
    tags = side_tags(service.state.sides)
    assert len(set(tags.values())) == 8 and all(t.isupper() for t in tags.values())
    assert tags["s0"] == "R" and tags["s1"] == "A"  # "Rangers": R is taken, so its next letter
    assert side_tags(service.state.sides[:2]) == {}  # two sides: letter case, as before


async def test_three_sides_differ_on_the_map_in_the_roster_and_the_legend_without_colour():
    service = many_sides(3)
    app = HexwarApp({"new": service, "hide": False}, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        drawn = {o.unit_id: o.glyph for o in screen.map._model.units.values()}
        assert drawn == {"u00": "R", "u01": "R", "u10": "A", "u11": "A", "u20": "B", "u21": "B"}
        roster = screen.query_one("Roster").text.plain
        for uid, name in (("u00", "Infantry 00"), ("u10", "Infantry 10"), ("u20", "Infantry 20")):
            line = next(line for line in roster.splitlines() if name in line)
            assert line.split()[0] == drawn[uid], line  # the roster shows the map's letter
        await pilot.press("l")
        await pilot.pause()
        text = screen_text(app)
        for legend in ("R Reds", "A Rangers", "B Blues"):
            assert legend in text
