"""Evasive movement (dsii-core §4.4): fast GEV and grav only, 3/4 of the move over easy or normal going; a d8
secondary die against it and no fire until its next activation. Combat walkers running."""

from __future__ import annotations

import pytest

from rules.core import Refusal
from rules.rulesets.dirtside import combat
from rules.rulesets.dirtside.preview import fire_preview

from tests.rules.dirtside.helpers import at, board, play, setup, start, tank, team, unit

SCRUB = {at(c, 8): "scrub" for c in range(20)}


def game(mobility="grav"):
    return start(setup([
        unit("g", "blue", at(1, 8), [tank("Skimmer", mobility=mobility)], facing=0),
        unit("rt", "red", at(10, 2), [tank("Red 1")], facing=4),
        unit("rx", "red", at(18, 1), [team("X")]),
    ], b=board(terrain=SCRUB)), first="blue")


PATH = "[" + ";".join(f"{c},8" for c in range(2, 14)) + "]"


def test_an_evasive_move_gives_attackers_a_d8_to_beat_and_stops_its_own_fire():
    state = game()
    play(state, f"move blue unit=g path={PATH} evasive=true")
    g = state.units["g"]
    assert g.stats.evasive  # marked from the start of the move: opportunity fire faces the d8 too
    while state.paused:
        play(state, "hold red")
    assert g.at == at(13, 8) and "may not fire" in combat.can_fire(state, g, state.units["rt"])
    play(state, "done blue")
    pv = fire_preview(state, state.units["rt"], g)
    assert any("/ d8" in n for n in pv.notes)


def test_evasive_movement_needs_three_quarters_of_the_move_and_a_fast_gev_or_grav():
    state = game()
    with pytest.raises(Refusal, match="3/4"):
        play(state, "move blue unit=g path=[2,8;3,8] evasive=true")
    state = game("tracked_fast")
    with pytest.raises(Refusal, match="only fast GEVs and grav"):
        play(state, f"move blue unit=g path={PATH[:-1].rsplit(';', 1)[0]}] evasive=true")


def test_a_running_combat_walker_counts_normal_going_as_easy_and_may_not_fire():
    state = start(setup([
        unit("w", "blue", at(1, 10), [tank("Strider", mobility="walker_combat")], facing=0),
        unit("rt", "red", at(10, 2), [tank("Red 1")], facing=4),
        unit("rx", "red", at(18, 1), [team("X")]),
    ]), first="blue")
    path = "[" + ";".join(f"{c},10" for c in range(2, 16)) + "]"  # 14 hexes of open: 14, or 7 running
    with pytest.raises(Refusal, match="has 12 movement and this path costs 14"):
        play(state, f"move blue unit=w path={path}")
    play(state, f"move blue unit=w path={path} run=true")
    while state.paused:
        play(state, "hold red")
    w = state.units["w"]
    assert w.at == at(15, 10) and state.spent == 7
    assert "running" in combat.can_fire(state, w, state.units["rt"])
    state = game("grav")
    with pytest.raises(Refusal, match="only combat walkers"):
        play(state, "move blue unit=g path=[2,8] run=true")
