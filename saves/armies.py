"""Army lists (`saves/armies/<ruleset>/<name>.toml`): read one, cost each unit with its rule set, check the totals.

An army file names units with a count, their stats (the rule set's own model),
the points the text prints for each and the points after any erratum. The
rule set prices units and names their problems (rules/armycost.py: `rules/rulesets/<id>/builder.py`), so this
module holds no rules and serves every rule set with points (hundred_wars, dirtside).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules import armycost, registry
from saves.errors import Problem, SaveError, problems_from_validation
from saves.files import dump_toml, parse_toml, read_bytes, write_atomic


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
    limit: int | None = Field(default=None, ge=0)
    """The points limit the army was built for (a scenario's); `--limit` overrides it."""
    units: list[ArmyEntryFile] = Field(default_factory=list, max_length=400)


@dataclass(frozen=True)
class CostedEntry:
    entry: ArmyEntryFile
    each: int
    """What the rule set's costing gives for one unit."""
    problems: tuple[str, ...] = ()
    """What the rule set finds wrong with the unit (a design over its capacity...), in words."""

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
            out.extend(e.problems)
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
        try:
            path = _root() / registry.resolve(ruleset) / f"{text}.toml"
        except registry.UnknownRuleset as exc:
            raise SaveError(None, Problem("ruleset", str(exc))) from None
        if not path.is_file():  # a misspelt name: say which lists there are, not only the path tried
            names = list_armies(ruleset)
            known = f"the {registry.resolve(ruleset)} lists are: {', '.join(names)}" if names else \
                f"the {registry.resolve(ruleset)} rules have no bundled lists"
            raise SaveError(None, f"there is no army list {text!r}; {known} (or give a file path ending in .toml)")
    raw = parse_toml(read_bytes(path), path)
    try:
        file = ArmyFile.model_validate(raw)
    except ValidationError as exc:
        raise SaveError(path, problems_from_validation(exc, ArmyFile)) from None
    if file.kind != "army":
        raise SaveError(path, f"this is a {file.kind} file, not an army list")
    try:
        registry.resolve(file.ruleset)
    except registry.UnknownRuleset as exc:  # a file of a rule set this hexwar does not have
        raise SaveError(path, Problem("ruleset", str(exc))) from None
    return Army(file, [cost_entry(file.ruleset, entry) for entry in file.units])


def cost_entry(ruleset: str, entry: ArmyEntryFile) -> CostedEntry:
    """One unit priced by its rule set's costing (rules/armycost.py), with its problems."""
    costing = armycost.costing(ruleset)
    if costing is None:
        raise SaveError(None, f"rule set {ruleset} has no points costing")
    each, problems = costing.price(entry.stats, entry.name)
    return CostedEntry(entry, each, tuple(problems))


# --- building an army ---------------------------------------------------------------


def add_units(army: Army, source: Army, unit_name: str, count: int = 1, limit: int | None = None) -> Army:
    """`army` with `count` more of the unit named `unit_name` from `source` (another list); refused over `limit`.

    Raises SaveError with a reason in words when the unit is unknown, the rule
    sets differ, or the new total would pass the points limit.
    """
    if source.file.ruleset != army.file.ruleset:
        raise SaveError(None, f"{source.file.name} is a {source.file.ruleset} list, not {army.file.ruleset}")
    found = next((e for e in source.entries if e.entry.name.lower() == unit_name.lower()), None)
    if found is None:
        known = ", ".join(e.entry.name for e in source.entries)
        raise SaveError(None, f"{source.file.name} has no unit {unit_name!r} (it has: {known})")
    return add_entry(army, found, count, limit)


def add_entry(army: Army, unit: CostedEntry, count: int = 1, limit: int | None = None) -> Army:
    """`army` with `count` more of `unit` (from a list, the catalogue or a design); refused over `limit`."""
    if count < 1:
        raise SaveError(None, "add at least one unit")
    same = next((e for e in army.entries if e.entry.name == unit.entry.name), None)
    if same is not None and same.entry.stats != unit.entry.stats:
        raise SaveError(None, f"the army already has a different unit called {unit.entry.name!r}; give this one "
                              "another name")
    return set_count(army, unit, (same.entry.count if same else 0) + count, limit)


def set_count(army: Army, unit: CostedEntry, count: int, limit: int | None = None) -> Army:
    """`army` with exactly `count` of `unit` (0 removes it); refused when the total would pass `limit`."""
    if count < 0 or count > 100:
        raise SaveError(None, f"a count is 0 to 100, not {count}")
    entries = list(army.entries)
    i = next((n for n, e in enumerate(entries) if e.entry.name == unit.entry.name), None)
    before = entries[i].entry.count if i is not None else 0
    total = army.total + unit.each * (count - before)
    if limit is not None and count > before and total > limit:
        more = count - before
        raise SaveError(None, f"{more} more {unit.entry.name} ({unit.each} points each) would bring the army to "
                              f"{total} points, over the limit of {limit} by {total - limit}")
    if count == 0:
        if i is not None:
            del entries[i]
    else:
        entry = unit.entry.model_copy(update={"count": count, "printed": None, "erratum": "", "points": unit.each})
        new = CostedEntry(entry, unit.each, unit.problems)
        if i is None:
            entries.append(new)
        else:
            entries[i] = new
    new_file = army.file.model_copy(update={"units": [e.entry for e in entries], "total": sum(e.subtotal for e in entries),
                                            "printed_total": None, "erratum": ""})
    return Army(new_file, entries)


def catalogue(ruleset: str) -> list[CostedEntry]:
    """Every unit of the rule set's bundled lists, once each by name (the builder's unit list)."""
    seen: dict[str, CostedEntry] = {}
    for name in list_armies(ruleset):
        for e in load_army(name, ruleset).entries:
            seen.setdefault(e.entry.name.lower(), e)
    return list(seen.values())


def user_armies_dir() -> Path:
    """Where the army builder saves the user's own army files."""
    from saves.store import saves_dir

    return saves_dir() / "armies"


def own_catalogue(ruleset: str, folder: Path | None = None) -> list[tuple[str, CostedEntry]]:
    """(file name, unit) of every unit in the user's own army files of the rule set, once each by name and file.
    A file that cannot be read, or is of another rule set, is left out (the army builder says why when opened)."""
    folder = folder if folder is not None else user_armies_dir()
    rid = registry.resolve(ruleset)
    out: list[tuple[str, CostedEntry]] = []
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
        try:
            army = load_army(path)
        except SaveError:
            continue
        if registry.resolve(army.file.ruleset) != rid:
            continue
        seen: set[str] = set()
        for e in army.entries:
            if e.entry.name.lower() not in seen and not e.problems:
                seen.add(e.entry.name.lower())
                out.append((path.stem, e))
    return out


def refusal(army: Army, limit: int | None) -> str | None:
    """Why the army may not be used within `limit` (None: it may), in words."""
    if limit is not None and army.total > limit:
        return f"{army.total} points is over the limit of {limit} by {army.total - limit}"
    problems = [p for e in army.entries for p in e.problems]
    if problems:
        return "; ".join(problems)
    return None


def empty_army(ruleset: str, name: str) -> Army:
    return Army(ArmyFile(ruleset=registry.resolve(ruleset), name=name, title=name, total=0))


def army_lines(army: Army, limit: int | None = None) -> list[str]:
    """The army as the builder shows it: one line per unit with the running total."""
    lines, running = [], 0
    for e in army.entries:
        running += e.subtotal
        lines.append(f"{e.entry.count:>3} x {e.entry.name:<45} {e.each:>5} each {e.subtotal:>6}   total {running:>6}")
    cap = f" of {limit}" if limit is not None else ""
    lines.append(f"{army.total} points{cap}")
    return lines


def save_army(army: Army, path: str | Path) -> None:
    """Write the army file (atomically, keeping a .bak)."""
    data = army.file.model_dump(exclude_none=True, exclude_defaults=False)
    data["units"] = [{k: v for k, v in u.items() if v not in ("", None)} for u in data["units"]]
    doc = {k: v for k, v in data.items() if v not in ("", None)}
    write_atomic(path, dump_toml(doc).encode("utf-8"))


def army_command(ruleset: str, file: str, source: str | None = None, add: str | None = None, count: int = 1,
                 limit: int | None = None) -> tuple[int, list[str]]:
    """`hexwar army RULESET FILE`: show (and with --add, extend and save) an army; (exit status, lines to print).

    Without --add the file is checked: its running total, any disagreement with
    the costing, and the points limit. With --add, `count` units named `add` are
    copied from the list `source` (a bundled list's name or a file) and the file
    is written, unless the army would pass the limit.
    """
    path = Path(file)
    rid = registry.resolve(ruleset)
    try:
        if add is None:
            army = load_army(file, rid)
            if army.file.ruleset != rid:
                return 2, [f"refused: {file} is a {army.file.ruleset} army, not {rid}"]
            limit = army.file.limit if limit is None else limit
            lines = army_lines(army, limit) + [f"problem: {p}" for p in army.problems()]
            if limit is not None and army.total > limit:
                return 2, lines + [f"refused: {army.total} points is over the limit of {limit} by {army.total - limit}"]
            if army.problems():
                return 2, lines + ["the army is NOT legal"]
            return 0, lines + ["the army is legal"]
        if source is None:
            return 2, ["name the list to take the unit from with --from (for example: --from martian)"]
        army = load_army(path) if path.exists() else empty_army(rid, path.stem)
        limit = army.file.limit if limit is None else limit
        army = add_units(army, load_army(source, rid), add, count, limit)
        save_army(army, path)
        return 0, army_lines(army, limit) + [f"saved {path}"]
    except SaveError as exc:
        return 2, [f"refused: {exc}"]
