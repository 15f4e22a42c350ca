"""The unit form: one row per field of the rule set's stats model, with its type, choices and limits.

Built from the model (rules/rulesets/<id>/units.py), never from a list kept here, so every rule
set's units are edited the same way. Values are typed as TOML values (`3`, `true`, `"rifle"`,
`["charger", "elite"]`); the model checks the whole table (`saves.checks.stat_problems`).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from typing import Any, Literal, get_args, get_origin

from annotated_types import Ge, Gt, Le, Lt

from rules import registry
from saves.checks import stat_problems, stats_model
from saves.editor.edits import EditRefused
from saves.editor.toml_text import value_text
from saves.errors import Problem

Kind = Literal["int", "bool", "choice", "flags", "text", "value"]
"""'flags': a list of allowed words (QUAD's specials), shown as one yes/no field per word."""


@dataclass(frozen=True)
class StatField:
    name: str
    kind: Kind
    low: int | None = None
    high: int | None = None
    choices: tuple[Any, ...] = ()
    required: bool = False
    default: Any = None
    help: str = ""

    def limits(self) -> str:
        """The field's type and limits in words, for the form."""
        if self.kind == "int":
            if self.low is not None and self.high is not None:
                return f"{self.low} to {self.high}"
            return f"at least {self.low}" if self.low is not None else "a whole number"
        if self.kind == "choice":
            return " | ".join(str(c) if c != "" else '""' for c in self.choices)
        if self.kind == "flags":
            return "yes or no for each: " + ", ".join(str(c) for c in self.choices)
        return {"bool": "true or false", "text": "text"}.get(self.kind, "a TOML value")


def _strip_optional(annotation: Any) -> tuple[Any, bool]:
    args = get_args(annotation)
    if get_origin(annotation) is not None and type(None) in args and len(args) == 2:
        return next(a for a in args if a is not type(None)), True
    return annotation, False


def stat_fields(ruleset: str) -> list[StatField]:
    """The form's fields for a rule set's units (empty when it has no stats model)."""
    return fields_of(stats_model(registry.get(ruleset)))


def side_fields(ruleset: str) -> list[StatField]:
    """The form's fields for a rule set's own side fields (QUAD's leader, DHR's players...)."""
    model = registry.get(ruleset).side_model
    return [f for f in fields_of(model) if f.name not in ("id", "name")]


def fields_of(model: Any) -> list[StatField]:
    """One form field per field of a pydantic model, with its kind, limits and choices."""
    if model is None:
        return []
    out = []
    for name, f in model.model_fields.items():
        annotation, optional = _strip_optional(f.annotation)
        low = next((m.ge for m in f.metadata if isinstance(m, Ge)), None)
        low = next((m.gt + 1 for m in f.metadata if isinstance(m, Gt)), low)
        high = next((m.le for m in f.metadata if isinstance(m, Le)), None)
        high = next((m.lt - 1 for m in f.metadata if isinstance(m, Lt)), high)
        choices: tuple[Any, ...] = ()
        if annotation is bool:
            kind: Kind = "bool"
        elif annotation is int:
            kind = "int"
        elif get_origin(annotation) is Literal:
            kind, choices = "choice", tuple(get_args(annotation)) + ((None,) if optional else ())
        elif get_origin(annotation) is list and get_args(annotation) and get_origin(get_args(annotation)[0]) is Literal:
            kind, choices = "flags", tuple(get_args(get_args(annotation)[0]))
        elif annotation is str:
            kind = "text"
        else:
            kind = "value"
        default = None if f.is_required() else f.get_default(call_default_factory=True)
        out.append(StatField(name, kind, low, high, choices, f.is_required(), default, (f.description or "")[:120]))
    return out


def template_stats(ruleset: str) -> dict[str, Any]:
    """Stats for a new unit: the model's required fields at a middling value within their limits."""
    out: dict[str, Any] = {}
    for f in stat_fields(ruleset):
        if not f.required:
            continue
        if f.kind == "int":
            low, high = f.low if f.low is not None else 1, f.high
            out[f.name] = max(low, 1) if high is None else (max(low, 1) + high) // 2
        elif f.kind == "choice":
            out[f.name] = f.choices[0]
        elif f.kind == "bool":
            out[f.name] = False
        elif f.kind == "text":
            out[f.name] = ""
    return out


def parse_value(f: StatField, text: str) -> Any:
    """The form's text as a value (empty: absent); a bare word for a text or choice field needs no quotes."""
    text = text.strip()
    if not text:
        return None
    if f.kind in ("text", "choice") and not text.startswith(('"', "'", "[", "{")):
        if f.kind == "text" or text in [str(c) for c in f.choices]:
            return text
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        raise EditRefused(f"{f.name}: {text!r} is not a value (write 3, true, \"text\" or [1, 2])") from None


def with_value(stats: dict[str, Any], f: StatField, value: Any) -> dict[str, Any]:
    """The stats with one field set (None: taken out, so the model's default applies)."""
    out = dict(stats)
    if value is None:
        out.pop(f.name, None)
    else:
        out[f.name] = value
    return out


def stepped(stats: dict[str, Any], f: StatField, step: int) -> dict[str, Any]:
    """The stats with a field moved one step: a number within its limits, a choice to the next, a flag flipped."""
    current = stats.get(f.name, f.default)
    if f.kind == "int":
        value = (current if isinstance(current, int) else (f.low or 0)) + step
        if f.low is not None:
            value = max(value, f.low)
        if f.high is not None:
            value = min(value, f.high)
        return with_value(stats, f, value)
    if f.kind == "bool":
        return with_value(stats, f, not bool(current))
    if f.kind == "choice":
        i = f.choices.index(current) if current in f.choices else -1
        return with_value(stats, f, f.choices[(i + step) % len(f.choices)])
    raise EditRefused(f"{f.name}: type its value (Enter)")


YES, NO = ("yes", "y", "true", "x", "1"), ("no", "n", "false", "", "0")


def flag_key(f: StatField, word: str) -> str:
    """The form's key of one word of a flags field ('specials--1'): by its place, so any word makes a valid id."""
    return f"{f.name}--{f.choices.index(word)}"


def flag_texts(f: StatField, value: Any) -> dict[str, str]:
    """A flags field as one 'yes'/'no' text per allowed word."""
    chosen = set(value or ())
    return {flag_key(f, c): "yes" if c in chosen else "no" for c in f.choices}


def flags_value(f: StatField, texts: dict[str, str]) -> tuple[list[str], list[str]]:
    """The list a flags field's yes/no texts make, and what could not be read."""
    chosen, bad = [], []
    for c in f.choices:
        text = texts.get(flag_key(f, c), "no").strip().lower()
        if text in YES:
            chosen.append(c)
        elif text not in NO:
            bad.append(f"{f.name} {c}: yes or no, not {text!r}")
    return chosen, bad


def problems(ruleset: str, stats: dict[str, Any]) -> list[Problem]:
    """What the rule set's unit model says of these stats (paths `stats.<field>`)."""
    return stat_problems(stats, registry.get(ruleset), ("stats",))


def texts_of(fields: list[StatField], values: dict[str, Any]) -> dict[str, str]:
    """The form's text for each field (absent values left empty: the model's default applies)."""
    return {f.name: value_text(values.get(f.name)) for f in fields}


def values_of(fields: list[StatField], texts: dict[str, str]) -> tuple[dict[str, Any], list[str]]:
    """The typed table from the form's texts, and the fields that could not be read as values."""
    out: dict[str, Any] = {}
    bad: list[str] = []
    for f in fields:
        try:
            value = parse_value(f, texts.get(f.name, ""))
        except EditRefused as exc:
            bad.append(str(exc))
            continue
        if value is not None:
            out[f.name] = value
    return out, bad


def step_text(fields: list[StatField], texts: dict[str, str], name: str, step: int) -> dict[str, str] | None:
    """The form's texts with one field stepped (None when that field does not step)."""
    f = next((f for f in fields if f.name == name), None)
    if f is None or f.kind not in ("int", "bool", "choice"):
        return None
    values, _ = values_of([f], texts)
    return {**texts, name: value_text(stepped(values, f, step).get(name))}
