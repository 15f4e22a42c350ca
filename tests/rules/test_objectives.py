"""How far each side is from each victory condition (issue 24 item 2), read from a seat's view."""

from __future__ import annotations

from rules.hexgrid import Hex
from rules.service import GameService
from saves.scenarios import load_scenario


def game(name: str) -> GameService:
    return GameService.new(load_scenario(name), seed=1)


def progress(g: GameService, side: str) -> dict[str, str]:
    return {o.goal: o.progress for o in g.seat(side).objectives()}


def test_quad_teaching_says_turns_left_units_to_destroy_and_whether_the_fort_is_held():
    g = game("quad/teaching")
    fort = Hex(*g.state.victory[0].hexes[0])
    rebels = [u for u in g.state.units.values() if u.side == "rebels"]
    rebels[0].eliminated = True
    for u in rebels[1:]:
        u.at = None if u.at == fort else u.at
    kingdom = next(u for u in g.state.units.values() if u.side == "kingdom")
    kingdom.at = fort
    g.state.turn = 5
    seen = progress(g, "kingdom")
    assert seen["The Kingdom holds the fort at the end of turn 8"] == "held now; 4 turns left (turn 5 of 8)"
    assert seen["The rebels are destroyed"] == f"destroy {len(rebels) - 1} more units"
    assert seen["The rebels still hold out after turn 8"] == "4 turns left (turn 5 of 8)"
    g.state.turn = 8
    assert "this is the last turn (8 of 8)" in progress(g, "rebels").values()


def test_casualties_count_what_is_still_needed_rounding_up():
    g = game("quad/river-battle")  # half of 10 units: 5; three tenths: 3
    west = [u for u in g.state.units.values() if u.side == "west"]
    west[0].eliminated = west[1].eliminated = True
    seen = progress(g, "east")
    assert seen["Half the Host is destroyed"] == f"destroy 3 more units (2 of {len(west)} lost)"
    east = [u for u in g.state.units.values() if u.side == "east"]
    east[0].eliminated = True
    assert progress(g, "west")["Three League units are destroyed"] == f"destroy 2 more units (1 of {len(east)} lost)"


def test_dhr_counts_figures_and_a_hold_without_a_turn_runs_to_the_last():
    g = game("dhr/field")
    seen = progress(g, "york")
    assert seen["Lancaster has lost half its figures: York holds the field"].startswith("destroy ")
    assert "figures (0 of" in seen["Lancaster has lost half its figures: York holds the field"]
    assert seen["after turn 8 the game ends drawn if nothing else decided it"] == "8 turns left (turn 1 of 8)"


def test_hundred_wars_tells_the_damage_received_and_the_last_turn():
    g = game("hundred_wars/first-blinds")
    lines = [o.progress for o in g.seat(None).objectives()]
    assert lines[0].startswith("damage received: ")
    assert lines[-1] == f"{g.state.max_turns} turns left (turn 1 of {g.state.max_turns})"


def test_every_bundled_teaching_scenario_has_objectives_with_short_forms():
    for name in ("quad/teaching", "dhr/farm", "skirmish/teaching", "dirtside/teaching", "hundred_wars/first-blinds"):
        g = game(name)
        for side in g.state.side_ids():
            found = g.seat(side).objectives()
            assert found, name
            assert all(o.short and len(o.short) <= 40 for o in found), (name, [o.short for o in found])
