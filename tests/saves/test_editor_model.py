"""The scenario editor's model (saves/editor): every edit, its refusals, undo and redo, the unit
form built from each rule set's stats model, and a saved draft that verifies and starts a game."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from rules.service import GameService
from saves.editor import edits as E
from saves.editor.draft import blank, feature_kinds, from_document, hex_terrains, to_data
from saves.editor.form import parse_value, problems, stat_fields, stepped, template_stats, value_text
from saves.editor.session import FileExists, Session, open_scenario
from saves.scenarios import load_scenario
from saves.store import verify

ROOT = Path(__file__).resolve().parents[2] / "saves" / "scenarios"
RULESETS = ["quad", "dhr", "skirmish", "hundred_wars", "dirtside"]


def two_forces(ruleset: str) -> Session:
    s = Session(blank(ruleset, 6, 5, "duel"))
    stats = template_stats(ruleset)
    s.apply("place", E.add_unit, "red", (1, 1), stats, "Red one")
    s.apply("place", E.add_unit, "blue", (4, 3), stats, "Blue one")
    s.apply("victory", E.add_victory, "eliminate", "red", text="Red destroys Blue")
    s.apply("victory", E.add_victory, "eliminate", "blue", text="Blue destroys Red")
    s.apply("turns", E.set_turn_limit, 6)
    return s


# --- the map ---------------------------------------------------------------------------------


def test_a_blank_map_has_the_size_asked_for_and_the_rule_sets_first_terrain():
    d = blank("quad", 7, 4)
    assert (d.width, d.height, len(d.terrain)) == (7, 4, 28)
    assert set(d.terrain) == {"open"} and not any(d.heights)
    assert [s.id for s in d.sides] == ["red", "blue"]
    with pytest.raises(ValueError):
        blank("quad", 0, 4)


def test_paint_changes_one_hex_and_refuses_unknown_terrain_and_hexes_off_the_map():
    d = blank("quad", 5, 5)
    d2 = E.paint(d, (2, 3), "forest")
    assert d2.terrain_at((2, 3)) == "forest" and d.terrain_at((2, 3)) == "open"
    assert sum(t != "open" for t in d2.terrain) == 1
    with pytest.raises(E.EditRefused, match="not a terrain of quad"):
        E.paint(d, (0, 0), "lava")
    with pytest.raises(E.EditRefused, match="off the 5x5 map"):
        E.paint(d, (5, 0), "forest")


def test_heights_features_and_hexsides_toggle():
    d = blank("dhr", 5, 5)
    d = E.set_height(d, (1, 1), 3)
    assert d.height_at((1, 1)) == 3
    with pytest.raises(E.EditRefused):
        E.set_height(d, (1, 1), 5000)
    d = E.toggle_feature(d, (2, 2), "road")
    assert ((2, 2), "road") in d.features
    assert ((2, 2), "road") not in E.toggle_feature(d, (2, 2), "road").features
    d = E.toggle_edge(d, (2, 2), "NE", "wall")
    assert ((2, 2), "NE", "wall") in d.edges
    assert not E.toggle_edge(d, (2, 2), "NE", "wall").edges
    with pytest.raises(E.EditRefused, match="hexside is one of"):
        E.toggle_edge(d, (2, 2), "N", "wall")


def test_palettes_come_from_the_rule_set():
    assert hex_terrains("quad") == ["open", "forest", "fortified", "river", "impassable"]
    assert feature_kinds("dhr", "feature") == ["road", "wreck"] and "hedge" in feature_kinds("dhr", "edge")
    assert feature_kinds("skirmish", "edge") == ["wall"] and feature_kinds("quad", "edge") == []


# --- units, sides, victory ----------------------------------------------------------------


def test_units_are_placed_edited_moved_and_deleted():
    d = blank("quad", 6, 5)
    d = E.add_unit(d, "red", (1, 1), {"quality": 3}, "Pikes", "infantry")
    d = E.add_unit(d, "red", (2, 1), {"quality": 2})
    assert [u.id for u in d.units] == ["r1", "r2"] and d.units[1].name == "r2"
    d = E.update_unit(d, "r1", name="Lancers", stats={"quality": 4, "speed": 3})
    assert d.unit("r1").name == "Lancers" and d.unit("r1").stats["speed"] == 3
    d = E.move_unit(d, "r1", (5, 4))
    assert d.units_at((5, 4))[0].id == "r1" and not d.units_at((1, 1))
    d = E.move_unit(d, "r1", None)
    assert d.unit("r1").at is None
    d = E.delete_unit(d, "r2")
    assert [u.id for u in d.units] == ["r1"]
    for bad in (lambda: E.add_unit(d, "green", (0, 0), {}), lambda: E.move_unit(d, "r1", (9, 9)),
                lambda: E.update_unit(d, "zz", name="x"), lambda: E.delete_unit(d, "zz"),
                lambda: E.update_unit(d, "r1", name=" "), lambda: E.update_unit(d, "r1", at=(0, 0))):
        with pytest.raises(E.EditRefused):
            bad()


def test_sides_are_added_renamed_and_removed_with_care():
    d = blank("quad", 6, 5)
    d = E.add_side(d, "green", "Greens")
    d = E.update_side(d, "green", name="The Greens", fields={"leader": 2})
    assert d.sides[-1].name == "The Greens" and d.sides[-1].fields == {"leader": 2}
    d = E.add_unit(d, "green", (0, 0), {"quality": 3})
    with pytest.raises(E.EditRefused, match="still has units"):
        E.remove_side(d, "green")
    d = E.remove_side(E.delete_unit(d, "g1"), "green")
    with pytest.raises(E.EditRefused, match="at least two sides"):
        E.remove_side(d, "red")
    with pytest.raises(E.EditRefused):
        E.add_side(d, "red", "again")


def test_victory_kinds_are_the_rule_sets_and_turn_limit_and_names_are_checked():
    d = blank("hundred_wars", 6, 5)
    d = E.add_victory(d, "turn_limit", "red", turn=8)
    with pytest.raises(E.EditRefused, match="not a victory kind of hundred_wars"):
        E.add_victory(d, "hold", "red")
    assert E.remove_victory(d, 0).victory == ()
    with pytest.raises(E.EditRefused):
        E.remove_victory(d, 3)
    assert E.set_turn_limit(d, 10).max_turns == 10 and E.set_turn_limit(d, None).max_turns is None
    with pytest.raises(E.EditRefused):
        E.set_turn_limit(d, 0)
    d = E.set_names(d, name="my-map", title="My map", description="A test.")
    assert (d.name, d.title, d.description) == ("my-map", "My map", "A test.")
    with pytest.raises(E.EditRefused):
        E.set_names(d, name="My Map")


# --- undo ------------------------------------------------------------------------------------


def test_every_edit_undoes_and_redoes():
    s = Session(blank("dhr", 5, 5))
    steps = [
        ("paint", E.paint, ((1, 1), "woods"), {}),
        ("height", E.set_height, ((1, 1), 2), {}),
        ("feature", E.toggle_feature, ((2, 2), "road"), {}),
        ("hexside", E.toggle_edge, ((2, 2), "E", "hedge"), {}),
        ("place", E.add_unit, ("red", (0, 0), {}), {"name": "Rifles"}),
        ("edit", E.update_unit, ("r1",), {"name": "Riflemen"}),
        ("move", E.move_unit, ("r1", (4, 4)), {}),
        ("side", E.add_side, ("green", "Greens"), {}),
        ("rename", E.update_side, ("green",), {"name": "The Greens"}),
        ("unside", E.remove_side, ("green",), {}),
        ("victory", E.add_victory, ("eliminate", "red"), {}),
        ("unvictory", E.remove_victory, (0,), {}),
        ("turns", E.set_turn_limit, (5,), {}),
        ("names", E.set_names, (), {"title": "T"}),
        ("options", E.set_options, ({"vehicles": True},), {}),
        ("resize", E.resize, (7, 6), {}),
        ("delete", E.delete_unit, ("r1",), {}),
    ]
    drafts = [s.draft]
    for label, edit, args, kwargs in steps:
        s.apply(label, edit, *args, **kwargs)
        assert s.draft != drafts[-1], label
        drafts.append(s.draft)
    for i in range(len(steps), 0, -1):
        assert s.undo() == steps[i - 1][0]
        assert s.draft == drafts[i - 1]
    with pytest.raises(E.EditRefused, match="nothing to undo"):
        s.undo()
    for i in range(1, len(steps) + 1):
        assert s.redo() == steps[i - 1][0] and s.draft == drafts[i]
    with pytest.raises(E.EditRefused, match="nothing to redo"):
        s.redo()


def test_a_refused_edit_changes_nothing_and_a_new_edit_clears_redo():
    s = Session(blank("quad", 5, 5))
    before = s.draft
    with pytest.raises(E.EditRefused):
        s.apply("paint", E.paint, (9, 9), "forest")
    assert s.draft is before and not s.undo_list
    s.apply("paint", E.paint, (1, 1), "forest")
    s.undo()
    s.apply("paint", E.paint, (2, 2), "river")
    with pytest.raises(E.EditRefused):
        s.redo()


# --- the unit form ------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_form_is_built_from_the_rule_sets_stats_model(ruleset):
    from saves.checks import stats_model
    from rules import registry

    fields = stat_fields(ruleset)
    assert [f.name for f in fields] == list(stats_model(registry.get(ruleset)).model_fields)
    assert problems(ruleset, template_stats(ruleset)) == []


def test_the_form_knows_limits_and_choices_and_steps_within_them():
    quad = {f.name: f for f in stat_fields("quad")}
    assert (quad["quality"].low, quad["quality"].high, quad["quality"].required) == (0, 5, True)
    assert quad["quality"].limits() == "0 to 5"
    stats = {"quality": 5}
    assert stepped(stats, quad["quality"], 1) == {"quality": 5}
    assert stepped(stats, quad["quality"], -1) == {"quality": 4}
    skirm = {f.name: f for f in stat_fields("skirmish")}
    assert skirm["armour"].kind == "choice" and skirm["armour"].choices == ("none", "light", "medium", "heavy")
    assert stepped({}, skirm["armour"], 1) == {"armour": "light"}
    assert stepped({}, skirm["leader"], 1) == {"leader": True}
    with pytest.raises(E.EditRefused, match="type its value"):
        stepped({}, quad["specials"], 1)


def test_form_values_round_trip_as_toml_and_bad_ones_are_named():
    quad = {f.name: f for f in stat_fields("quad")}
    for value in (3, True, "rifle", ["charger", "elite"], [2, 3], {"a": 1, "b c": [1]}):
        assert parse_value(quad["specials"], value_text(value)) == value
    assert parse_value({f.name: f for f in stat_fields("skirmish")}["weapon"], "rifle") == "rifle"
    assert parse_value(quad["quality"], "") is None
    with pytest.raises(E.EditRefused, match="is not a value"):
        parse_value(quad["quality"], "[1,")
    found = problems("quad", {"quality": 9, "speed": -1})
    assert {p.path for p in found} == {"stats.quality", "stats.speed"}
    assert "9 is above the rule set's maximum (at most 5)" in [p.expected for p in found]


# --- files ------------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_drawn_scenario_saves_verifies_and_starts_a_game(tmp_path, ruleset):
    s = two_forces(ruleset)
    s.apply("paint", E.paint, (2, 2), hex_terrains(ruleset)[1])
    assert s.problems() == []
    path = s.save(tmp_path / "duel.toml")
    assert verify(path).ok, verify(path).message
    text = path.read_text()
    assert "rows = [" in text and '"......",' in text  # the map is still rows of text
    game = GameService.new(load_scenario(path), seed=7)
    assert {u.side for u in game.state.units.values()} == {"red", "blue"}


def test_saving_refuses_to_overwrite_without_asking_and_keeps_a_backup(tmp_path):
    s = two_forces("quad")
    path = tmp_path / "duel.toml"
    path.write_text("old")
    with pytest.raises(FileExists):
        s.save(path)
    assert path.read_text() == "old"
    s.save(path, overwrite=True)
    assert (tmp_path / "duel.toml.bak").read_text() == "old"
    s.apply("paint", E.paint, (0, 0), "forest")
    assert s.dirty
    s.save()  # the file this session wrote: no asking again
    assert not s.dirty and "&" in path.read_text()


def test_problems_are_the_ones_verify_reports():
    s = Session(blank("quad", 4, 4))
    s.apply("place", E.add_unit, "red", (0, 0), {"quality": 9})
    s.apply("paint", E.paint, (1, 1), "impassable")
    s.apply("place", E.add_unit, "blue", (1, 1), {"quality": 3})
    s.apply("victory", E.add_victory, "eliminate", "red")
    texts = [p.text() for p in s.problems()]
    assert "units[0].stats.quality: 9 is above the rule set's maximum (at most 5)" in texts
    assert any(t.startswith("units[1].at: [1, 1] is 'impassable' terrain") for t in texts)


@pytest.mark.parametrize("path", sorted(p for p in ROOT.glob("*/*.toml") if p.parent.name in RULESETS),
                         ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_bundled_scenario_opens_and_saves_unchanged_in_meaning(tmp_path, path):
    s = open_scenario(path)
    out = s.save(tmp_path / path.name)
    assert verify(out).ok, verify(out).message
    a, b = tomllib.loads(path.read_text()), tomllib.loads(out.read_text())
    assert a["board"]["rows"] == b["board"]["rows"] and a["board"]["legend"] == b["board"]["legend"]
    assert len(a["units"]) == len(b["units"]) and a.get("victory", []) == b.get("victory", [])
    before, after = load_scenario(path).board, load_scenario(out).board
    assert (after.width, after.height, after.terrain, after.elevation) == (before.width, before.height, before.terrain, before.elevation)
    assert set(after.features) == set(before.features) and set(after.edges) == set(before.edges)


def test_from_document_reads_what_to_data_writes():
    from saves.schema import validate_document

    d = two_forces("dhr").draft
    d = E.toggle_edge(E.toggle_feature(E.set_height(d, (1, 2), 12), (0, 1), "road"), (3, 3), "W", "hedge")
    again = from_document(validate_document(to_data(d), None))
    assert again.with_(legend={}) == d.with_(legend={})
    assert to_data(again)["board"]["heights"][2] == [0, 12, 0, 0, 0, 0]


@pytest.mark.parametrize("path", sorted(p for p in ROOT.glob("*/*.toml") if p.parent.name in RULESETS),
                         ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_form_shows_and_reads_back_every_bundled_unit_unchanged(path):
    from saves.editor.form import texts_of, values_of

    draft = open_scenario(path).draft
    fields = stat_fields(draft.ruleset)
    for unit in draft.units:
        again, bad = values_of(fields, texts_of(fields, unit.stats))
        assert bad == [] and again == unit.stats, unit.id


def test_options_are_the_rule_sets_with_values_of_their_type():
    d = blank("dhr", 5, 5)
    d = E.set_options(d, {"chip_draw": "type"})
    assert d.options == {"chip_draw": "type"}
    with pytest.raises(E.EditRefused, match="is not an option of dhr"):
        E.set_options(d, {"chip_drawing": "type"})
    with pytest.raises(E.EditRefused, match="expected one of"):
        E.set_options(d, {"chip_draw": "colour"})


def test_resize_keeps_the_overlap_and_drops_what_falls_off():
    d = blank("quad", 6, 5)
    d = E.paint(E.set_height(d, (1, 1), 2), (1, 1), "forest")
    d = E.add_unit(E.add_unit(d, "red", (1, 1), {"quality": 3}), "blue", (5, 4), {"quality": 3})
    d = E.add_victory(d, "hold", "red", hexes=((1, 1), (5, 4)))
    small = E.resize(d, 3, 3)
    assert (small.width, small.height, len(small.terrain)) == (3, 3, 9)
    assert small.terrain_at((1, 1)) == "forest" and small.height_at((1, 1)) == 2
    assert [u.id for u in small.units] == ["r1"] and small.victory[0].hexes == ((1, 1),)
    big = E.resize(small, 8, 7)
    assert big.terrain_at((7, 6)) == "open" and big.terrain_at((1, 1)) == "forest"
    with pytest.raises(E.EditRefused):
        E.resize(d, 0, 3)
