"""Errors a person can act on: the file, the dotted field path, what was expected, the parser's line.

Every problem with a save or scenario file ends up as a `SaveError`, whose
`str()` is one line fit for a status bar, a dialog or stderr. Values taken from
the file are shown escaped (`repr`-like), so a hostile name cannot drive the
terminal or inject markup into the message.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_args, get_origin

from pydantic import BaseModel, ValidationError

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def literal(text: object, limit: int = 60) -> str:
    """Text from a file made safe to print: control characters escaped, cut to `limit`."""
    s = str(text)
    if len(s) > limit:
        s = s[: limit - 3] + "..."
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", s)


def shown(value: Any, limit: int = 40) -> str:
    """A value from a file, quoted and escaped for an error message."""
    if isinstance(value, str):
        return "'" + literal(value, limit) + "'"
    if isinstance(value, (dict, list, tuple)):
        text = repr(list(value) if isinstance(value, tuple) else value)
        if len(text) <= limit and not isinstance(value, dict):
            return literal(text, limit)
        return "a table" if isinstance(value, dict) else "a list"
    return literal(repr(value), limit)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file."""

    path: str
    """Dotted field path (`units[3].stats.quality`); empty for the file as a whole."""
    expected: str
    """What was expected, and what was found, in words."""
    line: int | None = None
    """The TOML parser's line, when it reported one (never a guessed one)."""

    def text(self) -> str:
        where = [f"line {self.line}"] if self.line else []
        if self.path:
            where.append(self.path)
        return ": ".join([*where, self.expected])


class SaveError(Exception):
    """A save or scenario file cannot be used; `str()` is one clear line naming the file."""

    def __init__(self, file: str | Path | None, problems: list[Problem] | Problem | str) -> None:
        if isinstance(problems, str):
            problems = [Problem("", problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.file = str(file) if file is not None else None
        self.problems: list[Problem] = problems or [Problem("", "invalid")]
        super().__init__(self.message)

    @property
    def first(self) -> Problem:
        return self.problems[0]

    @property
    def path(self) -> str:
        """The field path of the first problem."""
        return self.first.path

    @property
    def expected(self) -> str:
        return self.first.expected

    @property
    def line(self) -> int | None:
        return self.first.line

    @property
    def message(self) -> str:
        head = f"{literal(self.file, 200)}: " if self.file else ""
        more = len(self.problems) - 1
        tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        return head + self.first.text() + tail

    def __str__(self) -> str:
        return self.message


# --- pydantic errors -> problems -------------------------------------------------------

_TYPE_WORDS = {
    "int": "an integer",
    "bool": "true or false",
    "string": "text in quotes",
    "str": "text in quotes",
    "float": "a number",
    "list": "a list [...]",
    "tuple": "a list [...]",
    "dict": "a table",
    "model": "a table",
}


def dotted(loc: tuple[Any, ...]) -> str:
    """('units', 3, 'stats', 'quality') -> 'units[3].stats.quality'."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + literal(part, 40)
    return out


def _expectation(err: dict[str, Any]) -> str:
    kind = err["type"]
    got = err.get("input")
    ctx = err.get("ctx") or {}
    if kind == "missing":
        return "is missing (required)"
    if kind == "extra_forbidden":
        return "is not a known key"
    for prefix, words in _TYPE_WORDS.items():
        if kind.startswith(prefix + "_") and (kind.endswith("_type") or kind.endswith("_parsing")):
            return f"expected {words}, got {shown(got)}"
    if kind == "literal_error":
        return f"expected {ctx.get('expected', 'one of the allowed values')}, got {shown(got)}"
    if kind in ("string_too_long", "too_long"):
        unit = "characters" if kind.startswith("string") else "items"
        got_n = f", got {ctx['actual_length']}" if "actual_length" in ctx else ""
        return f"too long: at most {ctx.get('max_length')} {unit}{got_n}"
    if kind in ("string_too_short", "too_short"):
        return f"too short: at least {ctx.get('min_length')} {'characters' if kind.startswith('string') else 'items'}"
    if kind == "string_pattern_mismatch":
        return f"expected text matching {ctx.get('pattern')}, got {shown(got)}"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        bound = next(iter(ctx.values()), "?")
        words = {"greater_than_equal": "at least", "greater_than": "more than",
                 "less_than_equal": "at most", "less_than": "less than"}[kind]
        return f"expected a number {words} {bound}, got {shown(got)}"
    if kind == "union_tag_invalid":
        return f"expected one of {ctx.get('expected_tags')}, got {shown(ctx.get('tag'))}"
    if kind == "value_error":
        return literal(str(ctx.get("error", err.get("msg", "invalid value"))), 200)
    return literal(err.get("msg", "invalid value"), 200)


def _field_names(model: type[BaseModel] | None, loc: tuple[Any, ...]) -> list[str]:
    """The keys allowed at `loc` inside `model` (for close-match suggestions)."""
    current: Any = model
    for part in loc:
        current = _unwrap(current, part)
        if current is None:
            return []
    if isinstance(current, type) and issubclass(current, BaseModel):
        return list(current.model_fields)
    return []


def _unwrap(annotation: Any, part: Any) -> Any:
    """The annotation found one step (`part`) inside `annotation`."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if isinstance(part, str) and part in annotation.model_fields:
            return _strip(annotation.model_fields[part].annotation)
        return None
    origin = get_origin(annotation)
    if origin in (list, tuple) and isinstance(part, int):
        args = get_args(annotation)
        return _strip(args[0]) if args else None
    if origin is dict:
        args = get_args(annotation)
        return _strip(args[1]) if len(args) == 2 else None
    return None


def _strip(annotation: Any) -> Any:
    """Optional[X] / Annotated[X, ...] -> X (the one model inside a union, if any)."""
    for _ in range(5):
        args = get_args(annotation)
        origin = get_origin(annotation)
        if origin is None:
            return annotation
        if str(origin).endswith("Annotated"):
            annotation = args[0]
            continue
        if origin in (list, tuple, dict):
            return annotation
        models = [a for a in args if isinstance(a, type) and issubclass(a, BaseModel)]
        others = [a for a in args if a is not type(None)]
        if len(models) == 1:
            return models[0]
        if len(others) == 1:
            annotation = others[0]
            continue
        return annotation
    return annotation


def problems_from_validation(
    exc: ValidationError, model: type[BaseModel] | None = None, prefix: tuple[Any, ...] = ()
) -> list[Problem]:
    """Map pydantic errors into problems with dotted paths (and close matches for misspelt keys)."""
    out: list[Problem] = []
    for err in exc.errors():
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-")))
        expected = _expectation(err)
        if err["type"] == "extra_forbidden" and loc:
            names = _field_names(model, loc[:-1])
            close = difflib.get_close_matches(str(loc[-1]), names, n=1, cutoff=0.6)
            if close:
                expected += f"; did you mean '{close[0]}'?"
            elif names:
                expected += f" (known: {', '.join(names[:12])})"
        out.append(Problem(dotted(prefix + loc), expected))
    return out


_LINE = re.compile(r"\(at line (\d+), column (\d+)\)")


def problem_from_toml(exc: Exception) -> Problem:
    """A TOML syntax error, with the parser's own line."""
    text = str(exc)
    m = _LINE.search(text)
    line = int(m.group(1)) if m else None
    what = _LINE.sub("", text).strip() or "invalid TOML"
    col = f" (column {m.group(2)})" if m else ""
    return Problem("", f"not valid TOML: {literal(what, 120)}{col}", line)
