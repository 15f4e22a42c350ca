"""The computer reads a preview's outcomes as data (rules/outcomes.py), never their words (issue 28, item 2).

Over positions reached by random legal play, the greedy player's worth of every action, and so its choice, is the
same when every outcome's words and every unit's display name are scrambled; every rule set's previews name the
units they touch by id; and no hint module reads a label or imports `re`."""

from __future__ import annotations

import ast
import inspect
import random

import pytest

from rules.ai import GreedyPlayer
from rules.ai.evaluate import Evaluator
from rules.ai.hints import hints_for
from rules import registry
from tests.rules.test_preview_parity import GAMES


def ruleset_ids() -> list[str]:
    return [e.id for e in registry.entries()]


def get_ruleset(rid: str):
    return registry.get(rid)

STEPS = 150
POSITIONS = 3
"""Positions checked per game: each with at least one action whose preview the hint values."""


def _games(ruleset: str):
    return [(name, make) for name, make in GAMES if name.startswith(f"{ruleset}/")]


def _scrambled(preview):
    if preview is None:
        return None
    outcomes = tuple(o.model_copy(update={"label": f"#{i} {o.label[::-1]}"}) for i, o in enumerate(preview.outcomes))
    return preview.model_copy(update={"outcomes": outcomes})


class Scrambled:
    """A seat whose previews' words and whose view's unit names are scrambled: what a hint may not read."""

    def __init__(self, seat) -> None:
        self._seat = seat

    def __getattr__(self, name):
        return getattr(self._seat, name)

    def preview(self, action):
        return _scrambled(self._seat.preview(action))

    def view(self):
        v = self._seat.view().model_copy(deep=True)
        for u in v.units.values():
            u.name = f"unit {u.name[::-1]} {id(u)}"
        return v


def _worths(seat, actions) -> list[float]:
    hints = hints_for(seat.ruleset)
    player = GreedyPlayer(random.Random(1))
    return [player._worth(seat, a, Evaluator(hints), hints.outcome_value) for a in actions]


def _valued_positions(make, seed: int):
    """Seats (with their actions) where the side to act has an action with a previewed outcome that harms a unit."""
    game = make(seed)
    rng = random.Random(seed)
    found = 0
    for _ in range(STEPS):
        decision = game.decision()
        sides = [s for s in [decision.side, *decision.reactors] if s]
        if game.result is not None or not sides or found >= POSITIONS:
            return
        side = rng.choice(sides)
        actions = game.legal_actions(side)
        if not actions:
            continue
        seat = game.seat(side)
        if any(p is not None and any(e.losses or e.retreat or e.eliminated for o in p.outcomes for e in o.units)
               for p in map(seat.preview, actions)):
            found += 1
            yield seat, actions
        attacks = [a for a in actions if a.kind not in ("move", "pass", "end")]
        game.apply(rng.choice(attacks if attacks and rng.random() < 0.5 else actions))


@pytest.mark.parametrize("ruleset", sorted({name.split("/")[0] for name, _ in GAMES}))
def test_the_computer_values_outcomes_alike_with_their_words_and_names_scrambled(ruleset):
    hints = hints_for(get_ruleset(ruleset))
    value_of = getattr(hints, "outcome_value", None)
    checked = valued = 0
    enough = 8 if value_of is not None else 3  # without the hint the greedy player tries each action's dice: slow
    for name, make in _games(ruleset):
        for seed in (1, 2):
            for seat, actions in _valued_positions(make, seed):
                if checked >= enough:
                    break
                if value_of is not None:
                    plain, scrambled = _worths(seat, actions), _worths(Scrambled(seat), actions)
                    assert plain == scrambled, f"{name} seed {seed}: the worth of an action changed with its words"
                    valued += any(w != plain[0] for w in plain)
                choice = GreedyPlayer(random.Random(7)).choose(seat)
                assert GreedyPlayer(random.Random(7)).choose(Scrambled(seat)) == choice, name
                checked += 1
    assert checked >= 3, f"{ruleset}: too few positions with previewed outcomes ({checked})"
    if value_of is not None:
        assert valued, f"{ruleset}: no position where the outcomes' worth told actions apart: the test shows nothing"


@pytest.mark.parametrize("ruleset", sorted({name.split("/")[0] for name, _ in GAMES}))
def test_every_rule_sets_previews_name_the_units_they_touch_by_id(ruleset):
    touched = 0
    for name, make in _games(ruleset):
        for seat, actions in _valued_positions(make, 3):
            state = seat.view()
            for p in filter(None, map(seat.preview, actions)):
                for o in p.outcomes:
                    for e in o.units:
                        assert e.unit in state.units, f"{name}: {p.title}: {o.label!r} names {e.unit!r}, no unit id"
                        touched += 1
    assert touched, f"{ruleset}: no preview carries its effects on units"


def _hint_modules():
    out = []
    for r in ruleset_ids():
        hints = hints_for(get_ruleset(r))
        if hints is not None:
            out.append((r, inspect.getmodule(hints) if not inspect.ismodule(hints) else hints))
    return out


@pytest.mark.parametrize("ruleset, module", _hint_modules(), ids=[r for r, _ in _hint_modules()])
def test_no_hint_reads_an_outcomes_words_or_a_units_display_name(ruleset, module):
    tree = ast.parse(inspect.getsource(module))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            assert "re" not in names, f"{ruleset}: a hint module imports re (line {node.lineno})"
        if isinstance(node, ast.Attribute) and node.attr in ("label", "name"):
            assert not (isinstance(node.value, ast.Name) and node.value.id in ("u", "unit", "o", "outcome")), (
                f"{ruleset}: a hint reads .{node.attr} of a unit or outcome (line {node.lineno})")
