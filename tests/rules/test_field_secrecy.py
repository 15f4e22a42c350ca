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
from tests.rules.field_secrecy import DECLARED, NOBODY, OWNER, PUBLIC

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
