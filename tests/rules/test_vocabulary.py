"""Every registered rule set declares its own vocabulary: side fields, victory kinds, version, terrain look.

The core, the save schema and the map hard-code none of them, so these
declarations are all the map and the loader have: they must be complete, and
one symbol must never mean two things within a rule set (DHR's house and wall
were both '#').
"""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest
from pydantic import BaseModel

from rules import registry
from rules.core import STYLES, Side
from saves.army_sides import ARMY_SIDE_KEYS

RULESETS = [e.id for e in registry.entries()]

OUTLINE = set("/\\|")
"""Characters the outlined map draws hexsides with."""


def symbols(ruleset) -> list[tuple[str, str]]:
    """(symbol, terrain id) for every glyph and mark the rule set declares."""
    out = []
    for tid, info in ruleset.terrain.items():
        out.extend((s, tid) for s in (info.glyph, info.mark) if s)
    return out


@pytest.mark.parametrize("rid", RULESETS)
def test_a_rule_set_declares_its_version_side_model_victory_kinds_and_campaign_model(rid):
    rs = registry.get(rid)
    assert isinstance(rs.version, int) and rs.version >= 1
    assert issubclass(rs.side_model, Side)
    assert rs.victory_kinds and all(k.isidentifier() and words for k, words in rs.victory_kinds.items())
    assert rs.campaign_model is None or issubclass(rs.campaign_model, BaseModel)
    assert issubclass(rs.state_model.model_fields["sides"].annotation.__args__[0], rs.side_model)


@pytest.mark.parametrize("rid", RULESETS)
def test_one_symbol_never_means_two_things_within_a_rule_set(rid):
    seen: dict[str, str] = {}
    for symbol, tid in symbols(registry.get(rid)):
        assert symbol not in seen, f"{rid}: {symbol!r} is both {seen[symbol]} and {tid}"
        seen[symbol] = tid


@pytest.mark.parametrize("rid", RULESETS)
def test_glyphs_and_marks_are_one_visible_character_never_a_letter_digit_or_outline(rid):
    """Letters on the map are units, digits are heights, / \\ | draw the hexes' outlines."""
    for symbol, tid in symbols(registry.get(rid)):
        assert len(symbol) == 1 and symbol.isascii() and symbol.isprintable() and not symbol.isspace(), tid
        assert not symbol.isalnum() and symbol not in OUTLINE, f"{rid}: {tid} is drawn {symbol!r}"


@pytest.mark.parametrize("rid", RULESETS)
def test_every_style_is_one_the_map_has(rid):
    for tid, info in registry.get(rid).terrain.items():
        assert info.style in STYLES, f"{rid}: {tid} has style {info.style!r}"


def bundled(rid: str) -> list[dict]:
    folder = resources.files("saves") / "scenarios" / rid
    if not folder.is_dir():
        return []
    return [tomllib.loads(f.read_text("utf-8")) for f in folder.iterdir() if f.name.endswith(".toml")]


WITH_GLYPHS = [rid for rid in RULESETS if any(info.glyph for info in registry.get(rid).terrain.values())]
"""Rule sets that draw their own glyphs (the toy leaves its map to its scenario's legend)."""


def test_the_full_rule_sets_declare_glyphs():
    assert {"quad", "dhr"} <= set(WITH_GLYPHS)


@pytest.mark.parametrize("rid", WITH_GLYPHS)
def test_a_rule_set_with_glyphs_declares_a_look_for_everything_its_scenarios_draw(rid):
    """Hex terrain has a glyph; hex features and hexside features have a mark."""
    rs = registry.get(rid)
    for doc in bundled(rid):
        board = doc["board"]
        for tid in board["legend"].values():
            assert rs.terrain[tid].glyph, f"{rid} {doc['name']}: terrain {tid} has no glyph"
        for entry in [*board.get("features", []), *board.get("edges", [])]:
            assert rs.terrain[entry["feature"]].mark, f"{rid} {doc['name']}: {entry['feature']} has no mark"


@pytest.mark.parametrize("rid", RULESETS)
def test_bundled_scenarios_name_only_the_rule_sets_victory_kinds_and_side_fields(rid):
    rs = registry.get(rid)
    for doc in bundled(rid):
        assert {v.get("kind", "eliminate") for v in doc.get("victory", [])} <= set(rs.victory_kinds)
        for side in doc["sides"]:
            # Besides the rule set's side fields, a side may take an army file (saves/army_sides.py).
            assert set(side) <= set(rs.side_model.model_fields) | set(ARMY_SIDE_KEYS), side


@pytest.mark.parametrize("rid", RULESETS)
def test_hex_marker_symbols_are_single_marks_that_mean_nothing_else_on_the_map(rid):
    """Markers on hexes (rules/core.py `HexMark`) never look like a unit, a height, an outline, the '+' of stacked
    units, the '^' of a height above 9, or any terrain symbol of the rule set."""
    from tui.widgets.hex_glyphs import STACK_MARK

    rs = registry.get(rid)
    declared = getattr(rs, "hex_mark_symbols", {})
    terrain = {s for s, _ in symbols(rs)}
    for symbol, meaning in declared.items():
        assert len(symbol) == 1 and symbol.isascii() and symbol.isprintable() and not symbol.isspace(), meaning
        assert not symbol.isalnum() and symbol not in OUTLINE | {STACK_MARK, "^"}, f"{rid}: {meaning} is {symbol!r}"
        assert symbol not in terrain, f"{rid}: {meaning} is drawn {symbol!r} like a terrain"
