"""A force checked against a points limit: every unit priced by the core points rules and the house rules'
changes (dsii-core §12.7, §8.2; house costs), with every problem in full words (`hexwar army dirtside FILE`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pydantic import ValidationError

from rules.rulesets.dirtside import artillery as art
from rules.rulesets.dirtside.design import price, rnd
from rules.rulesets.dirtside.units import DSStats


@dataclass
class ForceReport:
    limit: int | None
    lines: list[tuple[str, int]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(p for _, p in self.lines)

    @property
    def ok(self) -> bool:
        return not self.problems and (self.limit is None or self.total <= self.limit)

    def text(self) -> str:
        out = [f"{label}: {pts}" for label, pts in self.lines]
        out.append(f"total {self.total}" + (f" of {self.limit}" if self.limit is not None else ""))
        if self.limit is not None and self.total > self.limit:
            out.append(f"over the limit by {self.total - self.limit} points")
        out.extend(f"problem: {p}" for p in self.problems)
        out.append("the force is legal" if self.ok else "the force is NOT legal")
        return "\n".join(out)


def unit_points(name: str, s: DSStats, house: bool = True) -> tuple[int, list[str]]:
    """(points, problems) of one unit."""
    pts, problems = 0, []
    teams = [e.team for e in s.elements if e.kind == "infantry"]
    if "commando" in teams and any(t != "commando" for t in teams):
        problems.append(f"{name}: units can not mix commandos with other infantry types (house rule 'Infantry "
                        "commandos')")
    if s.role == "aircraft" and len(s.elements) > 1:
        problems.append(f"{name}: an aerospace unit is one craft; two fly together as a flight (`wingman`) (§1.2)")
    for e in s.elements:
        if s.role == "launcher":
            continue  # the site is the launchers' own table (house 'Cruise missiles'), priced below
        pts += e.cost(house)
        if s.drop:
            pts += rnd(Fraction(e.cost(house), 2))  # drop-troop capability: +50% of each element dropped (§12.7)
        if e.design is not None:
            problems.extend(f"{name}, {e.name or 'an element'}: {p} (vehicle design, §12)"
                            for p in price(e.design, house=house).problems)
        if e.kind == "infantry" and e.team == "mortar":
            pts += art.AMMO_COST["light"] * e.ammo  # ammunition must be bought separately (house rule)
        elif e.design is not None and e.design.artillery:
            pts += art.AMMO_COST[e.design.artillery] * e.ammo
        elif e.design is not None and e.design.supply in art.AMMO_COST:
            pts += art.AMMO_COST[e.design.supply] * e.ammo  # carried chits are bought at normal cost
    guns = sum(1 for e in s.elements if (e.design and e.design.artillery) or (e.kind == "infantry" and e.team == "mortar"))
    pts += art.SMOKE_COST_PER_GUN * guns * s.smoke + sum(c * getattr(s, k) for k, c in art.MARKER_COST.items())
    pts += art.MINELAYER_LOAD_COST * sum(e.mine_loads for e in s.elements)
    if s.role == "launcher":
        try:
            pts += art.launcher_cost(s.launchers)
        except ValueError as exc:
            problems.append(f"{name}: {exc} (house rule 'Cruise missiles')")
        for m in s.missiles:
            if m not in art.MISSILE_COST:
                problems.append(f"{name}: {m!r} is not a cruise-missile warhead ({', '.join(art.MISSILE_COST)}) "
                                "(house rule 'Cruise missiles')")
            else:
                pts += art.MISSILE_COST[m]
    return pts, problems


def design_problems(name: str, s: DSStats, house: bool = True) -> list[str]:
    """What breaks the design and organisation rules in one unit, each with its rule named ([] when none)."""
    return unit_points(name, s, house)[1]


def check_force(data: dict[str, Any], house: bool = True) -> ForceReport:
    """`data`: `limit = N` and `[[units]]` tables with `name` and `stats` (the scenario file's unit shape)."""
    limit = data.get("limit")
    report = ForceReport(limit if isinstance(limit, int) else None)
    if limit is not None and not isinstance(limit, int):
        report.problems.append(f"limit must be a whole number of points, not {limit!r}")
    units = data.get("units", [])
    if not isinstance(units, list) or not units:
        report.problems.append("the force has no [[units]]")
        return report
    for i, u in enumerate(units):
        name = str(u.get("name") or u.get("id") or f"unit {i + 1}") if isinstance(u, dict) else f"unit {i + 1}"
        try:
            stats = DSStats(**(u.get("stats") or {}))
        except (ValidationError, TypeError, AttributeError) as exc:
            first = exc.errors()[0] if isinstance(exc, ValidationError) else {"loc": (), "msg": str(exc)}
            where = ".".join(str(p) for p in first["loc"])
            report.problems.append(f"{name}: {where + ': ' if where else ''}{first['msg']}")
            continue
        pts, problems = unit_points(name, stats, house)
        report.lines.append((name, pts))
        report.problems.extend(problems)
    return report
