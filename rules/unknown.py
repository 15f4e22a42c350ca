"""What a side cannot see: `UNKNOWN`, never a plausible value (issue 28 item 3).

A view (rules/secrecy.py) puts `UNKNOWN` in every field its side may not see
(another side's blind contents, a Unit Leader, a hidden hand's cards), so code
that forgets a field is hidden fails loudly instead of reading a lie: UNKNOWN has
no truth value, no length and no items, and compares equal to nothing but
itself. Fields that may be hidden are typed `X | Unknown` in the state models;
code that reads them on a view checks `is UNKNOWN` and says so ("unknown").

A view travels to remote seats as JSON, so UNKNOWN serializes to a marker that no
real value of any field is (`{"unknown": true}`) and validates back to itself when
the reader says it reads a view (`context={VIEW: True}`), never from a file.
A game's own state never holds it (tests/rules/test_unknown.py).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from pydantic_core import core_schema

MARK = {"unknown": True}
"""UNKNOWN in JSON."""
VIEW = "view"
"""Validation context key: `model_validate(data, context={VIEW: True})` reads a view sent to a remote seat, where
MARK stands for UNKNOWN. Anywhere else (a scenario, a save, an army file) MARK is refused: a game's own state
never holds UNKNOWN, and a hand-written file must not put it there."""


class Unknown:
    """The type of UNKNOWN, the one value that says "this side cannot see it"."""

    _one: Unknown | None = None

    def __new__(cls) -> Unknown:
        if cls._one is None:
            cls._one = super().__new__(cls)
        return cls._one

    def __repr__(self) -> str:
        return "UNKNOWN"

    def __bool__(self) -> bool:
        raise TypeError("UNKNOWN has no truth value: this side cannot see that field (check `is UNKNOWN`)")

    def __copy__(self) -> Unknown:
        return self

    def __deepcopy__(self, memo: dict) -> Unknown:
        return self

    def __reduce__(self) -> str:
        return "UNKNOWN"

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> core_schema.CoreSchema:
        def from_json(value: Any, info: core_schema.ValidationInfo) -> Unknown:
            if value == MARK and isinstance(info.context, dict) and info.context.get(VIEW):
                return UNKNOWN
            raise ValueError("not a value: 'unknown' is only what a view says a side cannot see")

        def from_python(value: Any, info: core_schema.ValidationInfo) -> Unknown:
            return UNKNOWN if value is UNKNOWN else from_json(value, info)

        return core_schema.json_or_python_schema(
            json_schema=core_schema.with_info_plain_validator_function(from_json),
            python_schema=core_schema.with_info_plain_validator_function(from_python),
            serialization=core_schema.plain_serializer_function_ser_schema(lambda _: dict(MARK)),
        )

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: Any, handler: Any) -> dict:
        return {"type": "object", "const": MARK, "description": "what this side cannot see"}


UNKNOWN = Unknown()


_PLAIN = (str, int, float, bool, type(None))


def _skipped(node: Any) -> bool:
    """Nothing UNKNOWN can be inside: a plain value, or a frozen model (a view never sets a field of one)."""
    return isinstance(node, _PLAIN) or (isinstance(node, BaseModel) and bool(node.model_config.get("frozen")))


def unknown_paths(node: Any, path: str = "") -> list[str]:
    """Where `node` (a state, a model, a list...) holds UNKNOWN: 'units.b1.contents', 'piles.red.hand[2]'."""
    if node is UNKNOWN:
        return [path or "."]
    if _skipped(node) or not holds_unknown(node):
        return []
    if isinstance(node, BaseModel):
        return [p for name, value in node.__dict__.items() for p in unknown_paths(value, f"{path}.{name}".lstrip("."))]
    if isinstance(node, dict):
        return [p for key, value in node.items() for p in unknown_paths(value, f"{path}.{key}".lstrip("."))]
    return [p for i, value in enumerate(node) for p in unknown_paths(value, f"{path}[{i}]")]


def holds_unknown(node: Any) -> bool:
    """Whether `node` is or holds UNKNOWN anywhere (a quick walk: no paths)."""
    if node is UNKNOWN:
        return True
    if _skipped(node):
        return False
    if isinstance(node, BaseModel):
        return any(holds_unknown(v) for v in node.__dict__.values())
    if isinstance(node, dict):
        return any(holds_unknown(v) for v in node.values())
    if isinstance(node, (list, tuple, set, frozenset)):
        return any(holds_unknown(v) for v in node)
    return False


def known(state: Any) -> Any:
    """`state` itself, after checking that it holds no UNKNOWN (a guessed world the rules can play on)."""
    if holds_unknown(state):
        raise ValueError(f"still unknown after guessing: {', '.join(unknown_paths(state)[:5])}")
    return state
