"""A fast deep copy of a game state: frozen parts are shared, not copied.

`model_copy(deep=True)` copies every frozen card and hex too, through pydantic's and the
`copy` module's generic machinery: about 1 ms for a QUAD or DHR state, most of an action's
cost. The service copies the state for every action it applies (a refusal must change
nothing, and undo keeps the state before), and the computer copies one for each action it
tries, so sharing what can never change is most of their speed.
"""

from __future__ import annotations

import copy
from fractions import Fraction

from pydantic import BaseModel

_ATOMS = frozenset((str, int, float, bool, type(None), Fraction, bytes))
_OTHER, _FROZEN, _MUTABLE = 0, 1, 2
_KINDS: dict[type, int] = {}
"""Per type: a frozen model, a mutable one, or no model. Asked of every part of a state: `isinstance` against
pydantic's metaclass (an ABC) was a fifth of a copy's time."""


def _kind_of(kind: type) -> int:
    if not issubclass(kind, BaseModel):
        found = _OTHER
    else:
        found = _FROZEN if kind.model_config.get("frozen") else _MUTABLE
    _KINDS[kind] = found
    return found


def clone(x):
    """A copy of `x` that shares nothing mutable with it (frozen models and immutable tuples are shared)."""
    kind = type(x)
    if kind in _ATOMS:
        return x
    if kind is list:
        return [v if type(v) in _ATOMS else clone(v) for v in x]  # atoms inline: half the calls
    if kind is dict:
        return {k: v if type(v) in _ATOMS else clone(v) for k, v in x.items()}
    model = _KINDS.get(kind)
    if model is None:
        model = _kind_of(kind)
    if model == _FROZEN:
        return x
    if model == _MUTABLE:
        new = kind.__new__(kind)
        object.__setattr__(new, "__dict__", {k: v if type(v) in _ATOMS else clone(v) for k, v in x.__dict__.items()})
        object.__setattr__(new, "__pydantic_fields_set__", set(x.__pydantic_fields_set__))
        object.__setattr__(new, "__pydantic_extra__", clone(x.__pydantic_extra__))
        object.__setattr__(new, "__pydantic_private__", clone(x.__pydantic_private__))
        return new
    if isinstance(x, tuple):
        if all(type(v) in _ATOMS for v in x):  # a hex, a pair of numbers: shared, no copy of its items made
            return x
        items = [clone(v) for v in x]
        if all(a is b for a, b in zip(items, x)):
            return x
        return kind(*items) if hasattr(x, "_fields") else kind(items)
    if kind is set:
        return {clone(v) for v in x}
    if kind is frozenset:
        return x
    return copy.deepcopy(x)


def size(x) -> int:
    """How many mutable pieces a copy of `x` makes (what `clone` walks): the cost of one try scales with it."""
    kind = type(x)
    if kind in _ATOMS:
        return 1
    if kind in (list, tuple, set):
        return 1 + sum(size(v) for v in x)
    if kind is dict:
        return 1 + sum(size(v) for v in x.values())
    if isinstance(x, BaseModel) and not x.model_config.get("frozen"):
        return 1 + sum(size(v) for v in x.__dict__.values())
    return 1
