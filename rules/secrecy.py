"""Who may see each field of a rule set's state, and the views derived from it (issue 26 item 9).

Each rule set declares, in its own `secrecy.py`, every field of every model its
state holds (units, their stats, sides, cards, flights, blinds...): PUBLIC (every
seat sees it), `owner()` (only the side it belongs to) or `nobody()` (no seat:
the dice's seed, a deck's order). A model with a `side` owns what it holds; an
entry of a dict keyed by side ids belongs to that side. `view` sets, in a copy,
every field a viewer may not see to UNKNOWN (rules/unknown.py), never to a
plausible value (issue 28 item 3); `each=True`: a list whose length is seen, each
item UNKNOWN (a hidden hand). A rule set's own view adds only what a field's
declaration cannot say (units removed while under a blind, options a side may
not read).
tests/rules/test_field_secrecy.py fails when a model gains an undeclared field,
so a new field is a decision, not a leak by default (the Dirtside warheads were one).
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from rules.unknown import UNKNOWN

PUBLIC, OWNER, NOBODY = "public", "owner", "nobody"


@dataclass(frozen=True)
class Secret:
    who: str
    """OWNER or NOBODY."""
    each: bool = False
    """A list whose length is seen but not its items: each item reads UNKNOWN (else the whole field does)."""

    def blank(self, value: Any) -> Any:
        return [UNKNOWN] * len(value) if self.each else UNKNOWN


def public(names: str) -> dict[str, str]:
    """Every field named (space-separated) is public."""
    return {name: PUBLIC for name in names.split()}


def owner(each: bool = False) -> Secret:
    """Seen by the side it belongs to; the others read UNKNOWN (`each`: a list of UNKNOWN, as long)."""
    return Secret(OWNER, each)


def nobody(each: bool = False) -> Secret:
    """Seen by no seat (the referee only); every seat reads UNKNOWN (`each`: a list of UNKNOWN, as long)."""
    return Secret(NOBODY, each)


def who(declared: str | Secret) -> str:
    return declared.who if isinstance(declared, Secret) else declared


@dataclass
class Declaration:
    """A rule set's declaration: model name -> field -> PUBLIC or a Secret."""

    fields: dict[str, dict[str, str | Secret]]
    secret_while: dict[str, str] = field(default_factory=dict)
    """Model name -> a field of it: its secret fields are secret only while that field is true (a blind's)."""
    _plans: dict[type, list[tuple[str, Secret | None]]] = field(default_factory=dict, repr=False)

    def plan(self, model: type[BaseModel]) -> list[tuple[str, Secret | None]]:
        """The fields of `model` the blanking visits: (name, its Secret) or (name, None) to look inside."""
        if model not in self._plans:
            declared = self.fields.get(model.__name__, {})
            self._plans[model] = [
                (name, declared[name] if isinstance(declared.get(name), Secret) else None)
                for name, info in model.model_fields.items()
                if isinstance(declared.get(name), Secret) or any(map(self._holds_secrets, _models_in(info.annotation)))]
        return self._plans[model]

    def _holds_secrets(self, model: type[BaseModel]) -> bool:
        return any(isinstance(d, Secret) for m in reachable_models(model) for d in self.fields.get(m.__name__, {}).values())


def _models_in(tp) -> list[type[BaseModel]]:
    """The models a field's type names (through lists, dicts, tuples and optionals)."""
    if typing.get_origin(tp) is not None:
        return [m for arg in typing.get_args(tp) for m in _models_in(arg)]
    return [tp] if isinstance(tp, type) and issubclass(tp, BaseModel) else []


def reachable_models(model: type[BaseModel]) -> list[type[BaseModel]]:
    """`model` and every model its fields hold, once each: what a declaration must cover."""
    seen: dict[type[BaseModel], None] = {}

    def walk(m: type[BaseModel]) -> None:
        if m not in seen:
            seen[m] = None
            for info in m.model_fields.values():
                for inner in _models_in(info.annotation):
                    walk(inner)

    walk(model)
    return list(seen)


def declaration_of(ruleset) -> Declaration:
    """A rule set's declaration of what each side may see (its `RULESET.secrecy`)."""
    return ruleset.secrecy


def view(state, side: str | None, declaration: Declaration):
    """What `side` may see of `state` by the declaration alone: the state itself for the referee (None),
    else a copy with every field `side` may not see blanked (a side not in the game sees only the public)."""
    if side is None:
        return state
    seen = state.model_copy(deep=True)
    blank_secrets(seen, side, declaration)
    return seen


def blank_secrets(state: BaseModel, viewer: str, declaration: Declaration) -> None:
    """In place: every field declared NOBODY, and every OWNER field of a model `viewer` does not own, to its
    UNKNOWN (fields of a `secret_while` model only while that field is true)."""
    _blank(state, None, viewer, declaration, set(state.side_ids()))


def _blank(node: Any, holder: str | None, viewer: str, declaration: Declaration, sides: set[str]) -> None:
    if isinstance(node, BaseModel):
        plan = declaration.plan(type(node))
        if not plan:
            return
        side = node.__dict__.get("side")
        holder = side if isinstance(side, str) else holder
        while_field = declaration.secret_while.get(type(node).__name__)
        secret_now = while_field is None or bool(getattr(node, while_field))
        for name, secret in plan:
            value = getattr(node, name)
            if secret is not None and secret_now and (secret.who == NOBODY or holder != viewer):
                setattr(node, name, secret.blank(value))
            else:
                _blank(value, holder, viewer, declaration, sides)
    elif isinstance(node, dict):
        for key, value in node.items():
            _blank(value, key if key in sides else holder, viewer, declaration, sides)
    elif isinstance(node, (list, tuple)):
        for value in node:
            _blank(value, holder, viewer, declaration, sides)
