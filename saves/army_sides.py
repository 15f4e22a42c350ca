"""A scenario side's army file: `[[sides]] army = "colonial"`, `points = N`, `deploy = [[c, r], ...]` (FORMAT.md).

These three side keys belong to the file format, not to the rule set: a side
with `army` takes its units from that army file (saves/armies/<ruleset>/<army>.toml,
or a path); `points` is the side's points limit (the army must keep within it,
and the army builder offers it as the scenario's limit); `deploy` places the
army's units on those hexes in order, one unit a hex. A unit with no hex is
placed as the rule set says (A Hundred Wars: under a blind, brought on in the
home quarter). On the new-game screen a side with `army` or `points` may take
another army file instead (`with_army`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.core import Setup, UnitSetup
from rules.hexgrid import from_offset
from saves.errors import Problem, SaveError

ARMY_SIDE_KEYS = ("army", "points", "deploy")


@dataclass(frozen=True)
class SideArmy:
    side: str
    army: str | None = None
    points: int | None = None
    deploy: list[list[int]] = field(default_factory=list)


def side_army(side_id: str, fields: dict[str, Any], where: str = "sides") -> tuple[SideArmy | None, list[Problem]]:
    """The army keys of one side's fields (None: it has none), with what is wrong with them."""
    if not any(k in fields for k in ARMY_SIDE_KEYS):
        return None, []
    army, points, deploy = fields.get("army"), fields.get("points"), fields.get("deploy", [])
    problems = []
    if army is not None and (not isinstance(army, str) or not army.strip()):
        problems.append(Problem(f"{where}.army", f"expected the name or path of an army file, got {army!r}"))
    if points is not None and (not isinstance(points, int) or isinstance(points, bool) or points < 0):
        problems.append(Problem(f"{where}.points", f"expected a whole number of points, got {points!r}"))
    ok = isinstance(deploy, list) and all(isinstance(c, list) and len(c) == 2 and all(
        isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in c) for c in deploy)
    if not ok:
        problems.append(Problem(f"{where}.deploy", "expected a list of [column, row] hexes"))
    if problems:
        return None, problems
    return SideArmy(side_id, army, points, deploy), []


def resolve_army(ruleset: str, ref: str | Path):
    """An army by bundled name (saves/armies/<ruleset>/), by path, or by name in the user's armies folder."""
    from saves.armies import list_armies, load_army

    text = str(ref)
    if text in list_armies(ruleset):
        return load_army(text, ruleset)
    path = Path(text)
    if not path.exists() and not path.is_absolute():
        from saves.store import saves_dir

        mine = saves_dir() / "armies" / (text if text.endswith(".toml") else f"{text}.toml")
        path = mine if mine.exists() else path
    return load_army(path)


def army_units(ruleset: str, spec: SideArmy, army_ref: str | Path | None = None, taken: set[str] = frozenset()) -> list[UnitSetup]:
    """The units of the side's army, one per count, placed on `deploy` in order; SaveError says why not."""
    army = resolve_army(ruleset, army_ref if army_ref is not None else spec.army)
    if army.file.ruleset != ruleset:
        raise SaveError(None, f"army {army.file.name} is for {army.file.ruleset}, not {ruleset}")
    problems = army.problems()
    bad = [p for e in army.entries for p in e.problems]
    if bad:
        raise SaveError(None, f"army {army.file.name} is not legal: {'; '.join(bad)}")
    del problems  # a printed total that disagrees with the costing does not stop a game (AHW-A19)
    if spec.points is not None and army.total > spec.points:
        raise SaveError(None, f"army {army.file.name} has {army.total} points, over the side's limit of "
                              f"{spec.points} by {army.total - spec.points}")
    units, n = [], 0
    for e in army.entries:
        for k in range(e.entry.count):
            n += 1
            uid = f"{spec.side}-{n}"
            while uid in taken:
                uid += "x"
            at = from_offset(*spec.deploy[len(units)]) if len(units) < len(spec.deploy) else None
            name = e.entry.name if e.entry.count == 1 else f"{e.entry.name} {k + 1}"
            units.append(UnitSetup(id=uid, side=spec.side, name=name, kind=e.entry.kind, at=at, stats=dict(e.entry.stats)))
    return units


def with_army(setup: Setup, spec: SideArmy, army_ref: str | Path) -> Setup:
    """`setup` with the side's units replaced by those of another army file (the new-game screen's choice)."""
    others = [u for u in setup.units if u.side != spec.side]
    units = army_units(setup.ruleset, spec, army_ref, {u.id for u in others})
    return setup.model_copy(update={"units": others + units})


def scenario_armies(name_or_path: str | Path, ruleset: str | None = None) -> dict[str, SideArmy]:
    """The sides of a scenario that name an army or a points limit (read from the file, not the Setup)."""
    from saves.scenarios import _bundled_bytes, _looks_like_path
    from saves.files import read_bytes
    from saves.files import parse_document

    if isinstance(name_or_path, Path) or _looks_like_path(str(name_or_path)):
        data, file = read_bytes(Path(name_or_path)), str(name_or_path)
    else:
        data, file = _bundled_bytes(str(name_or_path), ruleset)
    doc = parse_document(data, file)
    out = {}
    for s in doc.sides:
        spec, _ = side_army(s.id, s.fields)
        if spec is not None:
            out[s.id] = spec
    return out


def scenario_limit(ruleset: str, name: str) -> int | None:
    """A bundled scenario's points limit (the largest of its sides' `points`), for the army builder."""
    try:
        limits = [s.points for s in scenario_armies(name, ruleset).values() if s.points is not None]
    except (SaveError, OSError, ValueError):
        return None
    return max(limits, default=None)


def choices(ruleset: str) -> list[tuple[str, str]]:
    """(reference, label) of every army file a side may take: the bundled ones, then the user's."""
    from saves.armies import list_armies, load_army
    from saves.store import saves_dir

    out = [(name, f"{name} (bundled)") for name in list_armies(ruleset)]
    folder = saves_dir() / "armies"
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
        try:
            army = load_army(path)
        except SaveError:
            continue
        if army.file.ruleset == ruleset:
            out.append((str(path), f"{path.stem} ({army.total} points, yours)"))
    return out
