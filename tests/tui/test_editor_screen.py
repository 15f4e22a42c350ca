"""The scenario editor screen: from the title, draw a small map, place two forces through the unit
form, set victory and the turn limit, undo, save, verify, and start a game on it (issue 15's
"Done when"); the unit form of every rule set; refusing to overwrite a file without asking."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from rules.hexgrid import from_offset
from saves.editor.session import Session, session_for
from saves.store import verify
from tui.app import HexwarApp
from tui.screens.editor import EditorScreen
from tui.screens.editor_forms import FieldsDialog


async def _fill(pilot, app, values: dict[str, str]) -> None:
    """Type into the open form's fields, then accept it with ctrl+s."""
    assert isinstance(app.screen, FieldsDialog), type(app.screen)
    for key, value in values.items():
        app.screen.query_one(f"#field-{key}", Input).value = value
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()


@pytest.mark.slow
async def test_a_new_user_draws_a_map_places_two_forces_saves_and_starts_a_game(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path))
    app = HexwarApp(None, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("e")  # the title's entry
        await pilot.pause()
        await pilot.press("enter")  # the first choice: a new map of the first rule set
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EditorScreen)
        rid = screen.draft.ruleset
        await pilot.press("ctrl+n")  # a new blank map of a chosen size and rule set: QUAD, 6x5
        await pilot.pause()
        choices = [c for c, _ in app.screen.choices]
        for _ in range(choices.index("quad")):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        await _fill(pilot, app, {"width": "6", "height": "5", "name": "duel"})
        assert (screen.draft.ruleset, screen.draft.width, screen.draft.height, screen.draft.name) == ("quad", 6, 5, "duel")
        assert rid

        await pilot.press("t", "p", "right", "right", "p")  # forest, drawn along three hexes
        assert [screen.draft.terrain_at((c, 0)) for c in range(4)] == ["forest"] * 3 + ["open"]
        await pilot.press("t", "t", "t", "down", "space")  # impassable at 2,1
        assert screen.draft.terrain_at((2, 1)) == "impassable"
        await pilot.press("u")  # undo
        assert screen.draft.terrain_at((2, 1)) == "open"
        await pilot.press("U", "u")  # redo, undo again
        assert screen.draft.terrain_at((2, 1)) == "open"
        await pilot.press("plus", "plus")
        assert screen.draft.height_at((2, 1)) == 2

        await pilot.press("a")  # the unit form, built from QUAD's stats model
        await pilot.pause()
        labels = " ".join(str(w.render()) for w in app.screen.query("Label"))
        assert "quality" in labels and "specials: charger" in labels  # each special its own field
        app.screen.query_one("#field-stat-quality", Input).focus()
        await pilot.pause()
        assert "quality: 0 to 5, required" in str(app.screen.query_one("#form-hint").render())  # the focused one's
        app.screen.query_one("#field-stat-speed", Input).focus()
        await pilot.pause()
        assert "speed: 0 to 12; blank: 2" in str(app.screen.query_one("#form-hint").render())  # what a blank means
        app.screen.query_one("#field-stat-quality", Input).focus()
        await pilot.pause()
        await pilot.press("ctrl+up")  # steps within the limits
        assert app.screen.query_one("#field-stat-quality", Input).value == "4"
        await _fill(pilot, app, {"name": "Lancers", "kind": "cavalry", "stat-quality": "9"})
        assert screen.draft.units[0].stats["quality"] == 9  # typed beyond the limit: placed, and listed as a problem
        assert "above the rule set's maximum" in screen.panel_text()
        await pilot.press("i")  # edit it back within the limit
        await pilot.pause()
        await _fill(pilot, app, {"stat-quality": "4", "stat-specials--1": "yes"})  # charger
        assert screen.draft.units[0].stats == {"quality": 4, "specials": ["charger"]}

        await pilot.press("s")  # the other side, four hexes to the south-east
        for _ in range(3):
            await pilot.press("down")
        await pilot.press("right", "right", "a")
        await pilot.pause()
        await _fill(pilot, app, {"name": "Pikes", "side": "blue"})
        units = screen.draft.units
        assert [(u.side, u.name) for u in units] == [("red", "Lancers"), ("blue", "Pikes")]
        await pilot.press("m", "left", "enter")  # move the Pikes one hex west
        assert screen.draft.unit(units[1].id).at == (units[1].at[0] - 1, units[1].at[1])

        for side in ("red", "blue"):  # victory: each side wins by destroying the other
            await pilot.press("v")
            await pilot.pause()
            await pilot.press("enter")  # the first victory kind: eliminate
            await pilot.pause()
            await _fill(pilot, app, {"side": side, "text": f"{side} destroys the enemy"})
        await pilot.press("L")
        await pilot.pause()
        await _fill(pilot, app, {"turns": "6"})
        assert [v.side for v in screen.draft.victory] == ["red", "blue"] and screen.draft.max_turns == 6
        assert screen.session.problems() == []

        target = tmp_path / "duel.toml"
        await pilot.press("ctrl+s")
        await pilot.pause()
        await _fill(pilot, app, {"path": str(target)})
        assert verify(target).ok, verify(target).message
        assert '"&&&...",' in target.read_text()  # rows of text, like the bundled scenarios

        await pilot.press("ctrl+g")  # play it: saved again (no question: this editor wrote it), then the form
        await pilot.pause()
        await _fill(pilot, app, {"path": str(target)})
        from tui.screens.new_game import NewGameScreen

        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("ctrl+g")
        await pilot.pause()
        from tui.screens.game import GameScreen

        assert isinstance(app.screen, GameScreen)
        state = app.screen.service.state
        assert state.scenario == "duel" and {u.name for u in state.units.values()} == {"Lancers", "Pikes"}
        assert state.board.terrain_at(from_offset(0, 0)) == "forest"


async def test_saving_over_a_file_asks_first(tmp_path, monkeypatch):
    from tui.dialogs.confirm import ConfirmDialog

    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path))
    target = tmp_path / "old.toml"
    target.write_text("keep me")
    app = HexwarApp({"edit": session_for(None, "skirmish", (4, 4))}, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for answer in ("n", "y"):
            await pilot.press("ctrl+s")
            await pilot.pause()
            await _fill(pilot, app, {"path": str(target)})
            assert isinstance(app.screen, ConfirmDialog) and app.screen.question == "old.toml exists. Replace it?"
            await pilot.press(answer)
            await pilot.pause()
            assert isinstance(app.screen, EditorScreen)
            if answer == "n":
                assert target.read_text() == "keep me"
        assert "ruleset = \"skirmish\"" in target.read_text()
        assert (tmp_path / "old.toml.bak").read_text() == "keep me"


async def test_every_rule_sets_units_are_placed_and_edited_through_the_form(tmp_path, monkeypatch):
    from saves.editor.form import flag_key, stat_fields

    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path))
    app = HexwarApp({"edit": session_for(None, "quad", (5, 4))}, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EditorScreen)
        for ruleset in ("quad", "dhr", "skirmish", "hundred_wars", "dirtside"):
            screen.replace_session(Session(session_for(None, ruleset, (5, 4)).draft))
            screen.side = "red"
            await pilot.pause()
            await pilot.press("a")
            await pilot.pause()
            fields = [i.id for i in app.screen.query(Input)]
            assert fields[3:] == [f"field-stat-{key}" for f in stat_fields(ruleset)  # a flags field: one a word
                                  for key in ([f.name] if f.kind != "flags" else [flag_key(f, c) for c in f.choices])]
            await _fill(pilot, app, {"name": "First"})
            await pilot.press("s", "right", "right", "a")
            await pilot.pause()
            await _fill(pilot, app, {"name": "Second", "side": "blue"})
            placed = [(u.name, u.side, u.at) for u in screen.draft.units]
            assert placed == [("First", "red", (0, 0)), ("Second", "blue", (2, 0))], ruleset
            bounded = next(f for f in stat_fields(ruleset) if f.kind == "int" and f.high is not None)
            await pilot.press("enter")  # Enter on a unit opens its form
            await pilot.pause()
            await _fill(pilot, app, {f"stat-{bounded.name}": str(bounded.high + 1)})
            assert any(p.path == f"units[1].stats.{bounded.name}" for p in screen.session.problems()), ruleset
            await pilot.press("u")
            assert not any(p.path.startswith("units[1].stats") for p in screen.session.problems())
            await pilot.press("x")
            assert [u.name for u in screen.draft.units] == ["First"]


async def test_help_lists_the_editor_keys_and_escape_asks_before_dropping_edits(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path))
    app = HexwarApp({"edit": session_for(None, "dhr", (5, 4))}, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        from tui.screens.help import HelpScreen

        assert isinstance(app.screen, HelpScreen)
        from tui.screens.help import help_rows
        from tui.screens.editor import EDITOR_KEYS

        rows = [r[0] for r in help_rows(EDITOR_KEYS, map_keys=True) if isinstance(r, tuple)]
        assert "space" in rows and "ctrl+s" in rows and "7 9 4 6 1 3" in rows
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("e", "space", "f", "space")  # a fence on the E side, a road
        screen = app.screen
        assert screen.draft.edges == {((0, 0), "E", "fence")}
        assert ((0, 0), "road") in screen.draft.features
        await pilot.press("O")  # options: the rule set's, typed and checked
        await pilot.pause()
        await _fill(pilot, app, {"chip_draw": "type", "vehicles": "true"})
        assert screen.draft.options == {"chip_draw": "type", "vehicles": True}
        await pilot.press("R")
        await pilot.pause()
        await _fill(pilot, app, {"width": "7", "height": "3"})
        assert (screen.draft.width, screen.draft.height) == (7, 3) and screen.draft.features
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("n")  # stay
        assert isinstance(app.screen, EditorScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert not isinstance(app.screen, EditorScreen)


async def _choose(pilot, app, choice_id: str) -> None:
    """Pick an entry of the open choice dialog by its id."""
    from tui.dialogs.choice import ChoiceDialog

    assert isinstance(app.screen, ChoiceDialog), type(app.screen)
    ids = [c for c, _ in app.screen.choices]
    for _ in range(ids.index(choice_id)):
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()


async def test_units_from_an_army_file_sides_names_and_victory_removal(tmp_path, monkeypatch):
    from saves.armies import list_armies, load_army
    from tui.dialogs.text_view import TextDialog

    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path))
    app = HexwarApp({"edit": session_for(None, "hundred_wars", (8, 6))}, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        army = list_armies("hundred_wars")[0]
        entry = load_army(army, "hundred_wars").entries[1].entry
        await pilot.press("right", "A")
        await pilot.pause()
        await _choose(pilot, app, army)
        await _choose(pilot, app, "1")
        unit = screen.draft.units[0]
        assert (unit.name, unit.stats, unit.at, unit.side) == (entry.name, entry.stats, (1, 0), "red")

        await pilot.press("S")
        await pilot.pause()
        await _choose(pilot, app, "+add")
        await _fill(pilot, app, {"id": "green", "name": "Greens"})
        assert [s.id for s in screen.draft.sides] == ["red", "blue", "green"]
        await pilot.press("S")
        await pilot.pause()
        await _choose(pilot, app, "red")
        await _fill(pilot, app, {"name": "The Red Host"})
        assert screen.draft.sides[0].name == "The Red Host"
        await pilot.press("S")
        await pilot.pause()
        await _choose(pilot, app, "+remove")
        await _choose(pilot, app, "green")
        assert [s.id for s in screen.draft.sides] == ["red", "blue"]

        await pilot.press("D")
        await pilot.pause()
        await _fill(pilot, app, {"name": "border-fight", "title": "A Border Fight"})
        assert (screen.draft.name, screen.draft.title) == ("border-fight", "A Border Fight")
        await pilot.press("v")
        await pilot.pause()
        await _choose(pilot, app, "turn_limit")
        asked = [i.id for i in app.screen.query(Input)]
        # Issue 24: only what the kind reads (Hundred Wars' turn limit is the scenario's last turn, T)
        assert asked == ["field-side", "field-text"]
        await _fill(pilot, app, {"side": "blue"})
        assert [(v.kind, v.side, v.turn) for v in screen.draft.victory] == [("turn_limit", "blue", None)]
        await pilot.press("V")
        await pilot.pause()
        await _choose(pilot, app, "0")
        assert screen.draft.victory == ()
        await pilot.press("P")
        await pilot.pause()
        assert isinstance(app.screen, TextDialog)
        await pilot.press("escape")
        await pilot.pause()
        for _ in range(7):
            await pilot.press("u")
        assert screen.draft.units == () and screen.draft.sides[0].name == "Red"


@pytest.mark.slow
async def test_a_drawn_and_saved_scenario_starts_from_the_titles_load_dialog(tmp_path, monkeypatch):
    """The same new user, the other way in: draw, place two forces, save, back to the title, then `o` and the
    file's path open the new-game form on it, and a game starts: no text editor anywhere."""
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path))
    app = HexwarApp(None, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        await pilot.press("ctrl+n")
        await pilot.pause()
        choices = [c for c, _ in app.screen.choices]
        for _ in range(choices.index("quad")):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        await _fill(pilot, app, {"width": "6", "height": "5", "name": "skirmish at the ford"})
        await pilot.press("t", "p", "right", "p")  # a wood of two hexes
        await pilot.press("a")
        await pilot.pause()
        await _fill(pilot, app, {"name": "Lancers", "stat-quality": "4"})
        await pilot.press("s", "down", "down", "down", "right", "right", "a")
        await pilot.pause()
        await _fill(pilot, app, {"name": "Pikes", "side": "blue"})
        for side in ("red", "blue"):
            await pilot.press("v")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            await _fill(pilot, app, {"side": side, "text": f"{side} destroys the enemy"})
        assert screen.session.problems() == []
        target = tmp_path / "ford.toml"
        await pilot.press("ctrl+s")
        await pilot.pause()
        await _fill(pilot, app, {"path": str(target)})
        assert verify(target).ok, verify(target).message

        await pilot.press("escape")  # saved: back to the title without a question
        await pilot.pause()
        from tui.screens.title import TitleScreen

        assert isinstance(app.screen, TitleScreen), type(app.screen)
        await pilot.press("o")
        await pilot.pause()
        app.screen.query_one("#load-path", Input).focus()
        await pilot.press(*str(target))
        await pilot.press("enter")
        await pilot.pause()
        from tui.screens.new_game import NewGameScreen

        assert isinstance(app.screen, NewGameScreen), type(app.screen)
        await pilot.press("ctrl+g")
        await pilot.pause()
        from tui.screens.game import GameScreen

        assert isinstance(app.screen, GameScreen), type(app.screen)
        state = app.screen.service.state
        assert state.scenario == "skirmish at the ford"
        assert sorted((u.side, u.name) for u in state.units.values()) == [("blue", "Pikes"), ("red", "Lancers")]
        assert state.board.terrain_at(from_offset(0, 0)) == "forest"


def test_a_rule_set_whose_terrains_have_no_glyph_of_their_own_still_has_hexes_to_paint():
    """The monkey opened the editor on a copy of the toy scenario (its glyphs are the map's): IndexError."""
    from saves.editor.draft import hex_terrains

    assert hex_terrains("toy") and "open" in hex_terrains("toy")


async def test_the_unit_form_shows_eight_fields_at_80x24_and_each_special_is_a_yes_no_field():
    """Issue 24 item 12: about four fields in sight, and `specials (a TOML value)` to type."""
    app = HexwarApp({"edit": session_for(None, "quad", (5, 4))}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FieldsDialog)
        box = form.query_one("#form-fields")
        in_sight = [i for i in form.query(Input) if box.region.contains_region(i.region)]
        assert len(in_sight) >= 8
        charger = form.query_one("#field-stat-specials--1", Input)
        charger.focus()
        await pilot.pause()
        assert "TOML" not in str(form.query_one("#form-hint").render())
        await pilot.press("ctrl+up")  # yes <-> no
        assert charger.value == "yes"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen.draft.units[0].stats.get("specials") == ["charger"]
