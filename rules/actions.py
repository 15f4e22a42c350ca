"""Actions are data: the base model and the short text form that parses back.

Each rule set defines its actions as pydantic models with a `kind` literal and
joins them in a discriminated union. The text form is `kind side key=value ...`
(for example `move red u3 path=[2,1;3,1]`, hexes as col,row like the map files), readable in logs, tests and bug
reports, and `parse_action` turns it back into the same model.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from rules.hexgrid import Hex

if TYPE_CHECKING:
    from rules.core import ActionKind


class Action(BaseModel):
    """Common fields of every action: who takes it. Subclasses add `kind` and the rest."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    side: str
    """The side taking the action (reactions come from the side that is not active)."""

    @property
    def unit_id(self) -> str | None:
        """The unit the action is about, when it has one (for filtering per unit). An empty `unit` (Dirtside's
        "done" ending a go) is none: the screen offered it only for a unit called ''."""
        return getattr(self, "unit", None) or None

    def text(self) -> str:
        """The short text form: `kind side key=value ...` (defaults left out)."""
        data = self.model_dump(exclude_defaults=True)
        kind = getattr(self, "kind")
        parts = [kind, self.side]
        for name in type(self).model_fields:
            if name in ("kind", "side") or name not in data:
                continue
            parts.append(f"{name}={_encode(getattr(self, name))}")
        return " ".join(parts)

    def __str__(self) -> str:
        return self.text()


def target_hex(action: Action, kinds: Mapping[str, ActionKind]) -> Hex | None:
    """The hex `action` lands on, from the field its kind declares in `kinds` (the rule set's `action_kinds`):
    None for a kind that names no field, or names a unit by id."""
    spec = kinds.get(getattr(action, "kind"))
    return spec.hex_of(action) if spec is not None else None


def _encode(value: Any) -> str:
    if isinstance(value, Hex):
        return str(value)  # col,row: the coordinates of the map files and the screen
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ";".join(_encode(v) for v in value) + "]"
    if isinstance(value, BaseModel):
        raise TypeError("nested models have no text form; use plain fields in actions")
    text = str(value)
    if not text or any(c.isspace() for c in text) or text[0] == "[":
        raise ValueError(f"{text!r} cannot appear in an action's text form")
    return text


_HEX = re.compile(r"^-?\d+,-?\d+$")


def _decode(text: str) -> Any:
    if text.startswith("[") and text.endswith("]"):
        inner = text[1:-1]
        return [_decode(t) for t in inner.split(";")] if inner else []
    if _HEX.match(text):
        return Hex.parse(text)
    return text  # pydantic's lax mode turns "3" into 3 and "true" into True where typed so


class ActionSyntaxError(ValueError):
    """The text is not an action of this rule set."""


def parse_action(adapter: TypeAdapter, text: str) -> Action:
    """Read the text form back into the rule set's action model."""
    words = text.split()
    if len(words) < 2:
        raise ActionSyntaxError(f"{text!r}: expected 'kind side key=value ...'")
    data: dict[str, Any] = {"kind": words[0], "side": words[1]}
    for word in words[2:]:
        key, eq, value = word.partition("=")
        if not eq or not key:
            raise ActionSyntaxError(f"{text!r}: {word!r} is not key=value")
        data[key] = _decode(value)
    try:
        return adapter.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ActionSyntaxError(f"{text!r}: {where}: {first['msg']}") from None
