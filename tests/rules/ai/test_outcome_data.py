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
from tests.said import said


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
    world = player._guess(seat)
    return [player._worth(seat, a, Evaluator(hints), hints.outcome_value, world) for a in actions]


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
    value_of = hints.outcome_value
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
        # The rule set's own hint functions (rules/rulesets/<id>/ai_hints.py), registered on its contract.
        hints = hints_for(get_ruleset(r))
        modules = {inspect.getmodule(v) for v in vars(hints).values() if callable(v)}
        out += [(r, m) for m in sorted(modules, key=lambda m: m.__name__) if m.__name__.endswith(".ai_hints")]
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


@pytest.mark.parametrize("ruleset", sorted({name.split("/")[0] for name, _ in GAMES}))
def test_an_outcome_with_effects_carries_no_words_of_its_own(ruleset):
    """Its words are made from its effects where they are shown (the rule set's `outcome_words`): it has no label,
    and its event holds only what no effect says, with the mark where the effects' words go."""
    from rules.outcomes import EFFECTS, names_in

    checked = 0
    for name, make in _games(ruleset):
        for seat, actions in _valued_positions(make, 2):
            names = names_in(seat.view())
            for p in filter(None, map(seat.preview, actions)):
                for o in p.outcomes:
                    if o.units or o.sides:
                        assert o.label == "" and (o.event == "" or EFFECTS in o.event), f"{name}: {p.title}: {o}"
                        assert seat.ruleset.outcome_words(o, names), f"{name}: {p.title}: no words for {o}"
                        checked += 1
                    else:
                        assert o.label and not o.event, f"{name}: {p.title}: {o}"
    assert checked


def test_a_move_onto_a_hex_to_hold_reaches_that_objective_for_its_side():
    from rules.core import VictoryCondition
    from rules.hexgrid import from_offset
    from rules.rulesets.quad import preview as quad_preview
    from rules.rulesets.quad.actions import Move
    from tests.rules.quad.helpers import activation, setup, start, unit

    goal = from_offset(3, 5)
    units = [unit("r1", "red", from_offset(3, 3)), unit("b1", "blue", from_offset(8, 1))]
    state = activation(start(setup(units, victory=[VictoryCondition(kind="hold", side="red", hexes=[goal])])))
    path = [from_offset(3, 4), goal]
    arrives = quad_preview.move_preview(state, Move(side="red", unit="r1", path=path)).outcomes[0]
    assert [(s.side, s.objectives) for s in arrives.sides] == [("red", (f"{goal}",))]
    assert said(arrives, state) == f"arrives ({state.sides[0].name}'s objective)"  # its words say it
    elsewhere = quad_preview.move_preview(state, Move(side="red", unit="r1", path=path[:1])).outcomes[0]
    assert elsewhere.sides == ()


def test_every_outcome_of_a_quad_move_or_attack_costs_its_side_the_card_it_plays():
    """The only previews whose outcomes gain or cost cards (rules/outcomes.py): the card played leaves the hand."""
    import random

    checked = 0
    for name, make in _games("quad"):
        game, rng = make(4), random.Random(4)
        for _ in range(60):
            decision = game.decision()
            if game.result is not None or decision.side is None:
                break
            actions = game.legal_actions(decision.side)
            previewed = [a for a in actions if a.kind in ("move", "attack", "charge")]
            action = rng.choice(previewed or actions)
            p = game.seat(action.side).preview(action)
            if p is not None and action in previewed:
                assert all([(s.side, s.cards) for s in o.sides if s.cards] == [(action.side, -1)] for o in p.outcomes), name
                hand = len(game.state.piles[action.side].hand)
                assert game.apply(action, autosave=False).ok
                assert len(game.state.piles[action.side].hand) == hand - 1, f"{name}: {action.text()}"
                checked += 1
            else:
                game.apply(action, autosave=False)
    assert checked
