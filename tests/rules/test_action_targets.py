"""Every action kind declares where it is aimed: which field holds its target, and of what kind.

Nothing guesses a target from a field's name: the screen, the service's target filter and the
computer read `ActionKind.field`. So the declarations are checked against the action models
(the field exists, with a type its target kind can hold) and against the actions the rules
really offer in random play of every bundled scenario (the target is where the kind says).
"""

from __future__ import annotations

import random
import typing

import pytest
from pydantic import ValidationError

from rules import registry
from rules.core import AIMED, ActionKind
from rules.hexgrid import Hex
from rules.service import GameService
from saves.scenarios import list_scenarios, load_scenario
from tests.rules.test_conformance import actors, setup_for

RULESETS = [e.id for e in registry.entries()]

WAY = list[Hex]
FITS: dict[str, tuple] = {
    "path": (WAY,),
    "hex": (Hex, WAY),  # a way to a hex, aimed as the hex (Dirtside's and Skirmish's moves)
    "unit": (str, Hex),  # the unit's id, or the hex it stands on
    "none": (Hex, Hex | None, WAY, str),  # shown on the map, never aimed
    "choice": (Hex, Hex | None, WAY, str),
}
"""The types a declared field may have, by the kind's target: a hex, a way (its last hex), a unit id."""


def models_by_kind(ruleset) -> dict[str, list[type]]:
    """The action models of the rule set's union, by their `kind`."""
    union = typing.get_args(ruleset.action_adapter._type)
    members = typing.get_args(union[0]) if union and typing.get_origin(union[0]) is typing.Union else union
    out: dict[str, list[type]] = {}
    for model in members:
        out.setdefault(model.model_fields["kind"].default, []).append(model)
    return out


def test_an_aimed_kind_must_name_its_field_and_every_kind_must_say_how_it_is_aimed():
    for target in AIMED:
        with pytest.raises(ValidationError, match="name its field"):
            ActionKind(key="q", label="Aim", target=target)
    with pytest.raises(ValidationError):
        ActionKind(key="q", label="Aim")  # no default: 'none' is a declaration too
    assert ActionKind(key="q", label="Aim", target="hex", field="at").field == "at"


@pytest.mark.parametrize("rid", RULESETS)
def test_every_action_model_has_a_declared_kind_whose_field_it_has_with_a_fitting_type(rid):
    ruleset = registry.get(rid)
    models = models_by_kind(ruleset)
    assert set(models) == set(ruleset.action_kinds), f"{rid}: action models and declared kinds differ"
    for kind, spec in ruleset.action_kinds.items():
        if not spec.field:
            assert spec.target not in AIMED, f"{rid}: {kind} is aimed at a {spec.target} but names no field"
            continue
        for model in models[kind]:
            info = model.model_fields.get(spec.field)
            assert info is not None, f"{rid}: {kind} declares {spec.field!r}, which {model.__name__} has not"
            assert info.annotation in FITS[spec.target], (
                f"{rid}: {kind} is aimed at a {spec.target} by {model.__name__}.{spec.field}: {info.annotation}")


def where_it_lands(ruleset, state, action) -> str:
    """'' when `action` has its target where its kind says, else what is wrong."""
    spec = ruleset.action_kinds[action.kind]
    if not spec.field:
        return ""
    place = spec.place(action)
    if place is None:
        return "" if spec.target not in AIMED else "no target"
    if isinstance(place, str):
        return "" if place in state.units else f"no unit {place!r}"
    if not state.board.in_bounds(place):
        return f"{place} is off the map"
    if spec.target == "unit" and state.unit_at(place) is None:
        return f"no unit at {place}"
    return ""


def setups(rid: str) -> list[tuple[str, object]]:
    """Every bundled scenario of the rule set (the toy's own setup: it ships none)."""
    if rid == "toy":
        return [("toy", setup_for(rid))]
    return [(s.name, load_scenario(s.name, ruleset=rid)) for s in list_scenarios(rid)]


@pytest.mark.parametrize("rid", RULESETS)
def test_every_legal_action_in_random_play_has_its_target_where_its_kind_says(rid):
    checked = 0
    for name, setup in setups(rid):
        game = GameService.new(setup, seed=7)
        rng = random.Random(7)
        for _ in range(60):
            sides = actors(game) if game.result is None else []
            legal = [a for side in sides for a in game.legal_actions(side)]
            if not legal:
                break
            for action in legal:
                wrong = where_it_lands(game.ruleset, game.state, action)
                assert not wrong, f"{rid} {name}: {action.text()}: {wrong}"
                checked += 1
            game.apply(rng.choice(legal))
    assert checked
