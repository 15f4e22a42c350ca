"""Army lists (`saves/armies/<ruleset>/<name>.toml`): read one, cost each unit with its rule set, check the totals.

An army file names units with a count, their stats (the rule set's own model),
the points the text prints for each and the points after any erratum. The
rule set prices units (`unit_points(stats)`), so this module holds no rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules import registry
from saves.errors import SaveError, problems_from_validation
from saves.files import parse_toml, read_bytes


class ArmyEntryFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=200)
    kind: str = Field(default="", max_length=200)
    count: int = Field(default=1, ge=1, le=100)
    printed: int | None = None
    """The points the source prints for one unit."""
    points: int | None = None
    """The points of one unit after errata (the cost rules' value)."""
    erratum: str = Field(default="", max_length=400)
    note: str = Field(default="", max_length=400)
    stats: dict[str, Any] = Field(default_factory=dict)


class ArmyFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: str = "hexwar"
    version: int = 1
    kind: str = "army"
    ruleset: str
    name: str = Field(min_length=1, max_length=80)
    title: str = Field(default="", max_length=200)
    side: str = Field(default="", max_length=200)
    printed_total: int | None = None
    total: int | None = None
    """The army's points after errata; checked against the sum of its units."""
    erratum: str = Field(default="", max_length=400)
    units: list[ArmyEntryFile] = Field(default_factory=list, max_length=400)


@dataclass(frozen=True)
class CostedEntry:
    entry: ArmyEntryFile
    each: int
    """What the rule set's costing gives for one unit."""

    @property
    def subtotal(self) -> int:
        return self.each * self.entry.count


@dataclass(frozen=True)
class Army:
    file: ArmyFile
    entries: list[CostedEntry] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(e.subtotal for e in self.entries)

    def problems(self) -> list[str]:
        """Where the file's stated points disagree with the costing (empty: it validates)."""
        out = []
        for e in self.entries:
            if e.entry.points is not None and e.entry.points != e.each:
                out.append(f"{e.entry.name}: the file says {e.entry.points} points, the costing gives {e.each}")
            if e.entry.printed is not None and e.entry.printed != e.each and not e.entry.erratum:
                out.append(f"{e.entry.name}: printed {e.entry.printed} points, the costing gives {e.each}, and no erratum says why")
        if self.file.total is not None and self.file.total != self.total:
            out.append(f"the army's total is {self.file.total} in the file, {self.total} by its units")
        return out


def _root() -> Path:
    return Path(str(resources.files("saves") / "armies"))


def list_armies(ruleset: str) -> list[str]:
    """The names of the bundled army files of a rule set."""
    folder = _root() / registry.resolve(ruleset)
    return sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []


def load_army(name_or_path: str | Path, ruleset: str | None = None) -> Army:
    """A bundled army by name (with `ruleset`), or an army file by path, costed by its rule set."""
    text = str(name_or_path)
    if isinstance(name_or_path, Path) or text.endswith(".toml") or "/" in text:
        path = Path(name_or_path)
    else:
        if ruleset is None:
            raise SaveError(None, f"name the rule set of army {text!r}")
        path = _root() / registry.resolve(ruleset) / f"{text}.toml"
    raw = parse_toml(read_bytes(path), path)
    try:
        file = ArmyFile.model_validate(raw)
    except ValidationError as exc:
        raise SaveError(path, problems_from_validation(exc, ArmyFile)) from None
    if file.kind != "army":
        raise SaveError(path, f"this is a {file.kind} file, not an army list")
    rules = registry.get(file.ruleset)
    price = getattr(rules, "unit_points", None)
    if price is None:
        raise SaveError(path, f"rule set {file.ruleset} has no points costing")
    entries = []
    for i, entry in enumerate(file.units):
        try:
            entries.append(CostedEntry(entry, price(entry.stats)))
        except (ValueError, ValidationError) as exc:
            raise SaveError(path, f"unit {i + 1} ({entry.name}): {exc}") from None
    return Army(file, entries)
