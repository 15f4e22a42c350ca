"""The game master's quick resolver: a rule set's procedures without a map.

A rule set lists its procedures in `rules/rulesets/<id>/resolve.py` as
`PROCEDURES`: each names its inputs (with the text's defaults and limits), its
exact odds and one roll. Odds and roll call the very procedures the game uses
(the odds the same exact code as the game's preview), so a referee at a table
gets the numbers a game would. `hexwar resolve` and the resolver screen read
only this.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules import registry
from rules.core import Preview
from rules.dice import Dice
from rules.outcomes import outcome_words

Value = int | bool | str


@dataclass(frozen=True)
class Input:
    """One input of a procedure: a whole number within limits, a yes/no, or a choice."""

    name: str
    label: str
    default: Value
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    help: str = ""

    def read(self, text: str) -> Value:
        """The value typed as `text`; ValueError says what is expected."""
        text = text.strip()
        if isinstance(self.default, bool):
            low = text.lower()
            if low in ("yes", "y", "true", "1", "on"):
                return True
            if low in ("no", "n", "false", "0", "off"):
                return False
            raise ValueError(f"{self.name}: expected yes or no, got {text!r}")
        if self.choices:
            if text not in self.choices:
                raise ValueError(f"{self.name}: expected one of {', '.join(self.choices)}, got {text!r}")
            return text
        try:
            value = int(text, 10)
        except ValueError:
            raise ValueError(f"{self.name}: expected a whole number, got {text!r}") from None
        return self.check(value)

    def check(self, value: Value) -> Value:
        if isinstance(value, int) and not isinstance(value, bool):
            if self.low is not None and value < self.low or self.high is not None and value > self.high:
                raise ValueError(f"{self.name}: expected {self.low} to {self.high}, got {value}")
        return value

    def describe(self) -> str:
        if isinstance(self.default, bool):
            kind = "yes/no"
        elif self.choices:
            kind = "|".join(self.choices)
        else:
            kind = f"{self.low}..{self.high}"
        return f"{self.name}={self.default!s:<6} {kind:<12} {self.label}" + (f" ({self.help})" if self.help else "")


@dataclass(frozen=True)
class Procedure:
    """A procedure of the text, as the resolver offers it."""

    id: str
    title: str
    rule: str
    """The text's section (and NOTES decisions) it implements."""
    inputs: tuple[Input, ...]
    odds: Callable[[dict[str, Value]], Preview]
    roll: Callable[[dict[str, Value], Dice], list[str]]
    """One resolution with `dice`: what happened, in lines (the dice are in the roll records)."""

    def values(self, given: dict[str, str] | None = None) -> dict[str, Value]:
        """The defaults, overridden by the typed `given` values (ValueError names a bad or unknown one)."""
        by_name = {i.name: i for i in self.inputs}
        out: dict[str, Value] = {i.name: i.default for i in self.inputs}
        for name, text in (given or {}).items():
            if name not in by_name:
                raise ValueError(f"{self.id} has no input {name!r} (inputs: {', '.join(by_name)})")
            out[name] = by_name[name].read(text)
        return out


def procedures(ruleset: str) -> dict[str, Procedure]:
    """The resolver's procedures of a rule set (its `RULESET.procedures`; empty when it lists none yet)."""
    return {p.id: p for p in registry.get(ruleset).procedures}


def preview_lines(preview: Preview, ruleset: str | None = None) -> list[str]:
    """The odds as lines of text (the CLI and the plain log): each outcome in the words of the rule set `ruleset`
    (an id), its effects named by the procedure's roles ('attacker', 'target': a procedure has no units); the
    generic words without one."""
    lines = [preview.title]
    if preview.dice:
        lines.append(f"Rolls: {preview.dice}")
    lines += [f"  {m}" for m in preview.modifiers]
    said = registry.get(ruleset).outcome_words if ruleset is not None else outcome_words
    lines += [f"{o.percent:6.2f}%  {said(o, {})}" for o in preview.shown()]  # likeliest first, as in a game
    lines += list(preview.notes)
    return lines


def run(ruleset: str, procedure: str, given: dict[str, str] | None = None) -> tuple[Procedure, dict[str, Any]]:
    """The procedure and its values (raises KeyError or ValueError with a clear message)."""
    found = procedures(ruleset)
    if procedure not in found:
        known = ", ".join(found) or "none yet"
        raise KeyError(f"{ruleset} has no procedure {procedure!r} (procedures: {known})")
    proc = found[procedure]
    return proc, proc.values(given)
