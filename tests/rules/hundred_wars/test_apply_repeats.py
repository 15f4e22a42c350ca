"""Stop 47 (issue 25): the repeated work taken out of the rule set's apply gives what the old code gave.

Each old way is written out here as the reference, and compared with the rule set's on every position of a
random game of the largest scenario (the one the bench loads); the last tests fail on the old code, which asked
the same things again."""

from __future__ import annotations

import random

import pytest

from rules.hexgrid import from_offset, to_offset
from rules.rulesets.hundred_wars import field, firing, orders, terrain as ter
from rules.rulesets.hundred_wars.procedures import fire as fp
from rules.rulesets.hundred_wars.state import commands
from rules.rulesets.hundred_wars.victory import standing
from rules.service import GameService
from saves.scenarios import load_scenario
from tests.rules.hundred_wars.helpers import HQ, act, at, game, unit


def old_group(state, u):
    if u.at is None or u.blind:
        return [u]
    friends = [f for f in state.live(u.side) if not f.blind]
    out, seen, todo = [u], {u.id}, [u]
    while todo:
        near = set(todo.pop().at.neighbours())
        for f in friends:
            if f.id not in seen and f.at in near:
                seen.add(f.id)
                out.append(f)
                todo.append(f)
    return out


def old_targets(state, firer, w):
    found = [c for c in firing.candidates(state, firer)]
    able = [state.units[c.id] for c in found if not firing.why_not(state, firer, w, state.units[c.id])]
    if able and state.options.get("target_priority", True):
        ids = set(fp.priority_targets([c for c in found if c.id in {a.id for a in able}]))
        able = [a for a in able if a.id in ids]
    if able and state.options.get("groups", True):
        mates = {g.id for g in old_group(state, firer)} - {firer.id}
        able = [a for a in able if mates & set(state.fired_at.get(a.id, []))] or able
    return able


def old_quarter(board, edge):
    out = []
    for h in board.hexes():
        col, row = to_offset(h)
        deep = {"north": row, "south": board.height - 1 - row, "west": col, "east": board.width - 1 - col}[edge]
        if deep < max(1, (board.height if edge in ("north", "south") else board.width) // 4):
            out.append(h)
    return out


def old_pieces(board):
    out = {}
    for h in board.hexes():
        t = board.terrain_at(h)
        if t not in ter.PIECES or h in out:
            continue
        todo = [h]
        while todo:
            cur = todo.pop()
            if cur not in out:
                out[cur] = f"{t}@{h}"
                todo += [n for n in cur.neighbours() if board.in_bounds(n) and n not in out and board.terrain_at(n) == t]
    return out


@pytest.fixture(scope="module")
def positions():
    """Every 3rd position of a random game of mars-expedition (agreeing to end left out)."""
    setup = load_scenario("mars-expedition", "hundred_wars")
    game_ = GameService.new(setup, seed=3)
    rng, out = random.Random(3), []
    while len(game_.log) < 240:
        legal = [a for a in game_.legal_actions() if a.kind != "agree_end"]
        if not legal or not game_.apply(rng.choice(legal), autosave=False).ok:
            break
        if len(game_.log) % 3 == 0:
            out.append(game_.view_for(None))
    return out


def test_the_game_reaches_fire_and_moves(positions):
    assert {p.phase for p in positions} >= {"fire", "move", "counters"}


def test_group_and_targets_as_the_old_way(positions):
    checked = 0
    for state in positions:
        for u in state.live():
            assert [g.id for g in field.group(state, u)] == [g.id for g in old_group(state, u)]
            if u.blind:
                continue
            for w in range(u.stats.guns):
                new, old = firing.targets(state, u, w), old_targets(state, u, w)
                assert [t.id for t in new] == [t.id for t in old]
                checked += bool(old)
    assert checked  # some weapons had targets


def test_commanders_and_standing_as_the_old_way(positions):
    for state in positions:
        first = {}
        for u in state.units.values():
            if u.side not in first and commands(u):
                first[u.side] = u.id
        assert state.commanding() == first
        for s in state.side_ids():
            assert state.commanders(s) == [u for u in state.units.values() if u.side == s and commands(u)]
            assert standing(state, s) == any(u.side == s and not u.blind and not u.eliminated
                                             for u in state.units.values())


def test_quarters_open_hexes_and_pieces_as_the_old_way(positions):
    board = positions[0].board
    for b in (board, game([unit("a", "red", at(1, 1))]).board):
        for edge in ("north", "south", "west", "east"):
            assert field._quarter(b, edge) == old_quarter(b, edge)
        for mode in ("ground", "sea", "sky", "space"):
            assert field.open_hexes(b, mode) == {h for h in b.hexes() if ter.open_for(b, h, mode)}
        assert ter.pieces(b) == old_pieces(b)
    assert ter.pieces(board)  # the scenario's map has pieces


def test_a_group_is_asked_of_the_state_as_it_is_now():
    """No answer is kept between questions: a friend moved next to a unit joins its group at once."""
    state = game([unit("a", "red", at(2, 2)), unit("b", "red", at(6, 2))])
    a, b = state.units["a"], state.units["b"]
    assert [g.id for g in field.group(state, a)] == ["a"]
    b.at = at(3, 2)
    assert [g.id for g in field.group(state, a)] == ["a", "b"]


def counting(monkeypatch, module, name):
    calls = []
    real = getattr(module, name)

    def wrapped(*args, **kw):
        calls.append(args)
        return real(*args, **kw)

    monkeypatch.setattr(module, name, wrapped)
    return calls


def test_a_move_order_works_out_its_group_once(monkeypatch):
    state = game([unit("hq", "red", at(2, 2), **HQ), unit("a", "red", at(3, 2)), unit("x", "blue", at(8, 6))],
                 phase="counters", pips={"hq": 5})
    calls = counting(monkeypatch, field, "group")
    act(state, f"counter red unit=a to={at(5, 4)}")
    assert len(calls) == 1  # the old code asked it again when issuing the order
    assert state.units["a"].counter == at(5, 4) and state.units["hq"].counter == at(5, 4)


def test_targets_ask_why_not_only_of_enemies_in_range(monkeypatch):
    far = [unit(f"x{i}", "blue", at(11, 7 - i)) for i in range(3)]  # 40 cm and more: beyond the rifles' 20
    state = game([unit("a", "red", at(2, 2)), unit("near", "blue", at(4, 2)), *far])
    calls = counting(monkeypatch, firing, "why_not")
    assert [t.id for t in firing.targets(state, state.units["a"], 0)] == ["near"]
    assert [c[3].id for c in calls] == ["near"]  # the old code asked it of every enemy


def test_placing_a_blind_lists_no_spots(monkeypatch):
    def blinds():
        state = game([unit("hq", "red", at(2, 0), **HQ), unit("x", "blue", at(5, 1))], dummies=1, phase="blinds",
                     pips={"hq": 5})
        return state, next(b for b in state.units.values() if b.blind and b.side == "red")

    calls = counting(monkeypatch, orders, "blind_spots")
    state, blind = blinds()
    act(state, f"blind red unit={blind.id} at={at(5, 0)}")
    assert state.units[blind.id].at == at(5, 0) and not calls  # the old code listed the quarter's free hexes
    for where in (at(5, 7), at(5, 1), at(2, 0)):  # outside the quarter, an enemy's hex, its own commander's
        state, blind = blinds()
        with pytest.raises(Exception, match="not a free hex of your home quarter"):
            act(state, f"blind red unit={blind.id} at={where}")


def test_quarter_rows_and_columns():
    b = game([unit("a", "red", at(1, 1))]).board  # 12 x 8: two rows, three columns
    assert {to_offset(h)[1] for h in field._quarter(b, "south")} == {6, 7}
    assert {to_offset(h)[0] for h in field._quarter(b, "east")} == {9, 10, 11}
    assert field._quarter(b, "north")[0] == from_offset(0, 0)

