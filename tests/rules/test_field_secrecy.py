"""Every field of every rule set's state is declared public or secret (tests/rules/field_secrecy.py).

The secrecy test (test_secrecy.py) checks what each rule set itself says is
hidden; it missed the Dirtside warheads because nobody had said they were.
Here a field that nobody declared fails the build (issue 26 item 9).
"""

from __future__ import annotations

import typing

import pytest
from pydantic import BaseModel

from rules import registry
from tests.rules.field_secrecy import DECLARED, NOBODY, OWNER, PUBLIC, SECRET_WHILE

RULESETS = [e.id for e in registry.entries() if e.id != "toy"]


def reachable_models(model: type[BaseModel]) -> list[type[BaseModel]]:
    """`model` and every model its fields hold (through lists, dicts and optionals), once each."""
    seen: dict[type[BaseModel], None] = {}

    def walk(tp) -> None:
        if typing.get_origin(tp) is not None:
            for arg in typing.get_args(tp):
                walk(arg)
        elif isinstance(tp, type) and issubclass(tp, BaseModel) and tp not in seen:
            seen[tp] = None
            for field in tp.model_fields.values():
                walk(field.annotation)

    walk(model)
    return list(seen)


def undeclared(ruleset_id: str, declared: dict[str, dict[str, str]]) -> list[str]:
    """'Model.field' of every field of the rule set's state that `declared` says nothing of."""
    missing = []
    for model in reachable_models(registry.get(ruleset_id).state_model):
        said = declared.get(model.__name__, {})
        missing += [f"{model.__name__}.{name}" for name in model.model_fields if name not in said]
    return missing


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_field_of_the_state_is_declared_public_or_secret(ruleset_id):
    missing = undeclared(ruleset_id, DECLARED.get(ruleset_id, {}))
    assert not missing, (f"{ruleset_id}: declare who may see {', '.join(missing)} in tests/rules/field_secrecy.py "
                         "(public, owner or nobody), and hide what is secret in the rule set's view")


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_no_declaration_names_a_field_that_is_gone(ruleset_id):
    fields = {f"{m.__name__}.{n}" for m in reachable_models(registry.get(ruleset_id).state_model) for n in m.model_fields}
    declared = {f"{m}.{n}": who for m, names in DECLARED[ruleset_id].items() for n, who in names.items()}
    assert set(declared) <= fields, sorted(set(declared) - fields)
    assert set(declared.values()) <= {PUBLIC, OWNER, NOBODY}


def test_a_new_field_without_a_declaration_is_found():
    """What would have caught the warheads: the launcher's missiles declared by nobody."""
    declared = {model: dict(names) for model, names in DECLARED["dirtside"].items()}
    del declared["DSStats"]["missiles"]
    assert undeclared("dirtside", declared) == ["DSStats.missiles"]


def test_the_warheads_are_declared_secret():
    assert DECLARED["dirtside"]["DSStats"]["missiles"] == OWNER
    assert DECLARED["dirtside"]["Flight"]["warhead"] == OWNER


# --- the declaration against the views --------------------------------------------------------


REFERENCES = {("HwUnit", "contents")}
"""Secret fields that hold other units' ids: changed by reordering them, never into ids of no unit."""


def _changed(value):
    """Another value of the same shape (a list keeps its length: how many is often public)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return [_changed(v) for v in value]
    if isinstance(value, BaseModel):
        return value.model_copy(update={k: _changed(v) for k, v in value.__dict__.items() if k != "side"})
    return value


def _secret_spots(ruleset_id: str, node, owner: str | None, sides: set[str], found: list) -> None:
    """(model instance, field, owner) of every declared-secret field in the state tree. A model with
    a `side` owns what it holds; a dict keyed by side ids gives each entry that side as owner."""
    if isinstance(node, BaseModel):
        owner = node.__dict__.get("side") if isinstance(node.__dict__.get("side"), str) else owner
        declared = DECLARED[ruleset_id].get(type(node).__name__, {})
        while_field = SECRET_WHILE.get((ruleset_id, type(node).__name__))
        secret_now = while_field is None or bool(getattr(node, while_field))
        for name, value in node.__dict__.items():
            if declared.get(name) in (OWNER, NOBODY) and secret_now:
                found.append((node, name, None if declared[name] == NOBODY else owner))
            _secret_spots(ruleset_id, value, owner, sides, found)
    elif isinstance(node, dict):
        for key, value in node.items():
            _secret_spots(ruleset_id, value, key if key in sides else owner, sides, found)
    elif isinstance(node, list):
        for value in node:
            _secret_spots(ruleset_id, value, owner, sides, found)


def _scenarios():
    from saves.scenarios import list_scenarios

    return [(i.ruleset, i.name) for i in list_scenarios() if not i.error and i.ruleset != "toy"]


@pytest.mark.parametrize("ruleset_id, scenario", _scenarios(), ids=lambda v: str(v))
def test_a_field_declared_secret_never_changes_what_another_side_sees(ruleset_id, scenario):
    """For every secret field of the state (after a few random actions): changing it in the real
    state changes nothing in the view of a side it is secret from."""
    import random

    from rules.clone import clone
    from rules.service import GameService
    from saves.scenarios import load_scenario

    game = GameService.new(load_scenario(scenario, ruleset_id), seed=2)
    rng = random.Random(1)
    for _ in range(6):
        if game.result is not None or not game.legal_actions(game.decision().side):
            break
        game.apply(rng.choice(game.legal_actions(game.decision().side)), autosave=False)
    sides = set(game.state.side_ids())
    spots: list = []
    _secret_spots(ruleset_id, game.state, None, sides, spots)
    for viewer in sorted(sides):
        before = game.view_for(viewer)
        twin = clone(game.state)
        twin_spots: list = []
        _secret_spots(ruleset_id, twin, None, sides, twin_spots)
        for node, name, owner in twin_spots:
            if owner != viewer:
                value = getattr(node, name)
                # Ids of other units stay ids of units (in another order): a made-up id is no game.
                changed = value[::-1] if (type(node).__name__, name) in REFERENCES else _changed(value)
                object.__setattr__(node, name, changed)
        after = game.view_for(viewer, twin)
        assert after == before, (f"{ruleset_id} {scenario}: {viewer} sees a change of a field declared secret "
                                 f"from it: " + ", ".join(sorted({f'{type(n).__name__}.{f}' for n, f, o in twin_spots
                                                                  if o != viewer})))
