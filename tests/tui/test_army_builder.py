"""The army builder screen: a legal army within a limit with keys only, a refusal over it, a designed vehicle."""

from __future__ import annotations

from textual.widgets import Input, OptionList, Static

from saves.armies import load_army
from saves.store import saves_dir
from tui.app import HexwarApp
from tui.screens.army_builder import ArmyBuilderScreen
from tui.screens.unit_design import UnitDesignScreen


def text(screen, sel: str) -> str:
    return str(screen.query_one(sel, Static).render())


async def choose(pilot, app, label_start: str) -> None:
    """Move down the focused option list to the option whose label starts with `label_start`; Enter."""
    options = app.focused
    labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
    target = next(i for i, lab in enumerate(labels) if lab.startswith(label_start))
    step = target - (options.highlighted or 0)
    for _ in range(abs(step)):
        await pilot.press("down" if step > 0 else "up")
    await pilot.press("enter")
    await pilot.pause()


async def test_a_legal_hundred_wars_army_within_a_limit_with_keys_only(tmp_path):
    app = HexwarApp(None, autosave=False)
    path = tmp_path / "raid.toml"
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("a")
        await pilot.pause()
        await choose(pilot, app, "A Hundred Wars")
        screen = app.screen
        assert isinstance(screen, ArmyBuilderScreen) and screen.ruleset == "hundred_wars"
        await pilot.press("shift+tab", "shift+tab")  # to the limit field
        assert app.focused is screen.query_one("#limit", Input)
        await pilot.press(*"300", "tab")
        await pilot.press("ctrl+a", "ctrl+k", *str(path), "tab")
        assert screen.limit == 300 and screen.path == path
        assert isinstance(app.focused, OptionList) and app.focused.id == "catalogue"
        await choose(pilot, app, "Maldian Guard Blades")
        await pilot.press("plus")
        await pilot.pause()
        assert screen.army.total == 118 and "Total: 118 points of 300" in text(screen, "#total")
        await choose(pilot, app, "Tilas of Lars")
        assert screen.army.total == 211
        await choose(pilot, app, "Tribal Sith Riders")
        assert screen.army.total == 211
        assert "Refused" in text(screen, "#message") and "over the limit of 300 by 37" in text(screen, "#message")
        await pilot.press("tab")  # to the army
        await pilot.press("minus")  # one fewer blade (the first row)
        await pilot.pause()
        assert screen.army.total == 211 - 59
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Saved" in text(screen, "#message")
        saved = load_army(path)
        assert saved.total == 152 and saved.file.limit == 300 and saved.problems() == []
        await pilot.press("plus", "ctrl+s")
        await pilot.pause()
        assert "Replace raid.toml?" in str(app.screen.query_one(".dialog-title", Static).render())
        await pilot.press("y")
        await pilot.pause()
        assert load_army(path).total == 211


async def test_an_army_over_the_limit_is_not_saved(tmp_path):
    app = HexwarApp({"screen": lambda: ArmyBuilderScreen("hundred_wars", "saves/armies/hundred_wars/colonial.toml")},
                    autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.army.total == 1624
        screen.query_one("#limit", Input).value = "1500"
        await pilot.pause()
        assert "NOT legal: 1624 points is over the limit of 1500 by 124" in text(screen, "#total")
        screen.query_one("#file", Input).value = str(tmp_path / "c.toml")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Refused: not saved, 1624 points is over the limit of 1500 by 124" in text(screen, "#message")
        assert not (tmp_path / "c.toml").exists()


def dirtside_builder(tmp_path, limit: int) -> HexwarApp:
    return HexwarApp({"screen": lambda: ArmyBuilderScreen("dirtside", tmp_path / "f.toml", limit=limit)},
                     autosave=False)


async def open_design(pilot, app) -> UnitDesignScreen:
    """Press d on the builder: its design screen."""
    await pilot.press("d")
    await pilot.pause()
    return app.screen


async def test_a_dirtside_vehicle_designed_with_its_points_changing(tmp_path):
    app = dirtside_builder(tmp_path, 400)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        builder = app.screen
        design = await open_design(pilot, app)
        assert isinstance(design, UnitDesignScreen)
        first = design.priced()[1]
        await pilot.press("down", "down", "down", "right")  # armour 2 -> 3
        await pilot.pause()
        assert design.values["armour"] == 3 and design.priced()[1] > first
        assert f"the unit: {design.priced()[1]} points" in text(design, "#design-points")
        await pilot.press("left", "up", "left", "left")  # armour back to 2; size 3 -> 1
        await pilot.pause()
        assert "problem:" in text(design, "#design-points")  # an HVC/3 does not fit a size-1 vehicle
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is design  # refused while the design breaks a rule
        await pilot.press("right", "right")  # back to size 3
        await pilot.press("up", "up", "left", "left")  # 1 vehicle in the unit
        await pilot.pause()
        points = design.priced()[1]
        assert "the design is legal" in text(design, "#design-points")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is builder and builder.army.total == points
        assert builder.army.entries[0].entry.name == "Design 1"


async def test_a_built_army_is_chosen_for_a_side_of_the_teaching_scenario(tmp_path):
    from textual.widgets import Select

    app = HexwarApp(autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(ArmyBuilderScreen("hundred_wars"))
        await pilot.pause()
        builder = app.screen
        builder.query_one("#limit", Input).value = "first-blinds"  # the scenario's limit: 450
        await pilot.pause()
        assert builder.limit == 450
        await choose(pilot, app, "Maldian Guard Blades")
        await pilot.press("plus", "plus")
        await choose(pilot, app, "Tribal Sith Riders")
        await pilot.press("plus", "plus")  # 3 blades and 2 riders: 429; a third rider would pass 450
        await pilot.pause()
        assert "over the limit of 450" in text(builder, "#message")
        await pilot.press("ctrl+s")
        await pilot.pause()
        path = saves_dir() / "armies" / "hundred_wars-army.toml"
        assert path.exists() and load_army(path).total == builder.army.total <= 450
        await pilot.press("escape")
        app.new_game("hundred_wars", "first-blinds")
        await pilot.pause()
        form = app.screen
        select = form.query_one(f"#army-{form._generation}-0", Select)
        assert any(str(path) == value for _, value in select._options)
        select.value = str(path)
        await pilot.press("ctrl+g")
        await pilot.pause()
        service = app.screen.service
        red = {u.name for u in service.state.units.values() if u.side == "red" and u.kind != "blind"}
        assert "Maldian Guard Blades 1" in red and "Captain Ash & staff" not in red


async def test_a_bundled_list_opens_as_a_copy_to_save_as_yours():
    app = HexwarApp({"screen": lambda: ArmyBuilderScreen("dirtside", "federal")}, autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.army.total == 636 and screen.limit == 700
        assert screen.path == saves_dir() / "armies" / "federal.toml"
        assert "Total: 636 points of 700   legal" in text(screen, "#total")


async def _set(pilot, design, name, value) -> None:
    """Move the cursor to field `name` and press right until it shows `value` (keys only, as a player would)."""
    names = [f.name for f in design.spec.fields]
    step = 1 if names.index(name) > design.at else -1
    while design.at != names.index(name):
        await pilot.press("down" if step > 0 else "up")
    field = design.spec.fields[design.at]
    for _ in range(len(field.values)):
        if design.values[name] == value:
            return
        await pilot.press("right")
    raise AssertionError(f"{name} never showed {value!r}")


async def test_towed_guns_an_aerospace_craft_with_ordnance_loads_and_a_bridgelayer_are_designed(tmp_path):
    app = dirtside_builder(tmp_path, 2000)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        builder = app.screen
        design = await open_design(pilot, app)
        for name, value in (("vehicles", 2), ("armour", 0), ("mobility", "towed"), ("tractors", 1),
                            ("weapon1", "none"), ("artillery", "medium")):
            await _set(pilot, design, name, value)
        await pilot.pause()
        shown = text(design, "#design-points")
        assert "1 gun without a tractor cannot be limbered to move" in shown and "the design is legal" in shown
        await _set(pilot, design, "tractors", 2)
        await pilot.press("enter")
        await pilot.pause()
        stats = builder.army.entries[0].entry.stats
        assert [e["design"].get("towed", False) for e in stats["elements"]] == [True, True, False, False]
        design = await open_design(pilot, app)
        for name, value in (("vehicles", 1), ("size", 4), ("mobility", "aerospace"), ("power", "fgp"),
                            ("weapon1", "RFAC"), ("class1", 1), ("dfo", 2)):
            await _set(pilot, design, name, value)
        await pilot.pause()
        assert "2 ordnance loads: 60" in text(design, "#design-points")
        await _set(pilot, design, "vehicles", 2)
        await pilot.pause()
        assert "an aerospace unit is one craft" in text(design, "#design-points")
        await _set(pilot, design, "vehicles", 1)
        await pilot.press("enter")
        await pilot.pause()
        craft = builder.army.entries[1].entry.stats
        assert craft["role"] == "aircraft" and craft["elements"][0]["design"]["dfo"] == 2
        design = await open_design(pilot, app)
        await _set(pilot, design, "bridge", 3)
        await pilot.pause()
        assert "bridgelayer, class 3 bridge: 150" in text(design, "#design-points")
        await _set(pilot, design, "size", 2)
        await pilot.pause()
        assert "carries a bridge up to its own class" in text(design, "#design-points")
