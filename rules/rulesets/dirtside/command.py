"""Command units, rallying and regrouping (dsii-core §3.3)."""

from __future__ import annotations

from fractions import Fraction

from rules.core import Context, Refusal
from rules.events import Changed, Message
from rules.rulesets.dirtside import casualties as cas
from rules.rulesets.dirtside import morale
from rules.rulesets.dirtside.state import DSState
from rules.rulesets.dirtside.units import DSUnit
from rules.words import count, with_verb


def commander(state: DSState, side: str, but: str = "") -> DSUnit | None:
    """The side's command unit on the table (the best leader if several [R]); None: no rallying (§3.3)."""
    found = [u for u in state.units.values() if u.side == side and u.stats.command and u.on_map and u.alive
             and u.id != but]
    return min(found, key=lambda u: (u.stats.leadership, u.id), default=None)


def rally_problem(state: DSState, unit: DSUnit) -> str:
    if unit.stats.confidence == "CO":
        return f"{with_verb(unit.name, 'is', 'are')} Confident already"
    if commander(state, unit.side, but=unit.id) is None:
        return "with no command unit on the table no rallying is possible"
    return ""


def rally_need(state: DSState, unit: DSUnit) -> int:
    """N = the unit's own leadership + the command unit's leadership."""
    return unit.stats.leadership + commander(state, unit.side, but=unit.id).stats.leadership


def rally_chance(state: DSState, unit: DSUnit) -> Fraction:
    return rally_odds(unit.stats.die(), rally_need(state, unit))


def rally_odds(die: int, need: int) -> Fraction:
    """The quality die rolling above N (§3.3): the game's preview and the resolver."""
    return Fraction(max(0, die - need), die)


def rally(state: DSState, unit: DSUnit, ctx: Context) -> None:
    """The attempt is the unit's activation: its quality die above N raises its confidence one level; pass or
    fail, the unit is spent for the turn (§3.3)."""
    why = rally_problem(state, unit)
    if why:
        raise Refusal(why)
    need = rally_need(state, unit)
    roll = ctx.dice.roll(1, unit.stats.die(), "rally", side=unit.side, unit=unit.id, need=need, test=">",
                         rule="§3.3", outcome=lambda f: "rallies" if f[0] > need else "does not rally")[0]
    if roll > need:
        cas.set_confidence(state, unit, morale.raise_(unit.stats.confidence), ctx, "rallied")


def regroup_problem(state: DSState, unit: DSUnit, other: DSUnit | None) -> str:
    if other is None or other.id == unit.id or other.side != unit.side:
        return "regroup with another unit of your side"
    if other.stats.activated or not other.on_map or not other.alive or other.stats.role != "ground":
        return f"{other.name} must be on the table and not yet activated"
    if unit.at.distance(other.at) > 1:
        return f"{other.name} must be next to {unit.name} to merge [R]"
    if not any(e.lost for e in unit.stats.elements) or not any(e.lost for e in other.stats.elements):
        return "only two depleted units (each has lost an element) may merge"
    if len(unit.stats.alive()) + len(other.stats.alive()) > 4:
        return "the merged unit would have more than 4 elements (one hex holds 4)"
    return ""


def regroup(state: DSState, unit: DSUnit, other: DSUnit, ctx: Context) -> None:
    """Two depleted units merge into `unit`: the better leader's leadership, the quality of the unit that had
    more elements, the average confidence rounded towards Confident; it uses both activations (§3.3 [R])."""
    why = regroup_problem(state, unit, other)
    if why:
        raise Refusal(why)
    a, b = unit.stats, other.stats
    lead_unit = unit if a.leadership <= b.leadership else other
    leader = lead_unit.stats.elements[lead_unit.stats.leader]
    quality = (a if len(a.alive()) >= len(b.alive()) else b).quality
    level = morale.LEVELS[(morale.LEVELS.index(a.confidence) + morale.LEVELS.index(b.confidence)) // 2]
    lost = [e for e in a.elements + b.elements if e.lost]
    a.elements = a.alive() + b.alive()
    a.leader = a.elements.index(leader) if leader in a.elements else 0
    a.leadership, a.quality = lead_unit.stats.leadership, quality
    cas.set_confidence(state, unit, level, ctx, "regrouped")
    unit.start_size = len(a.elements)
    b.elements, b.leader, b.off_table, b.activated = lost, 0, True, True  # its losses stay counted; it leaves the table
    other.at = None
    ctx.emit(Changed(unit=other.id, field="regrouped", before=other.name, after=unit.name, why="merged"))
    ctx.emit(Message(message=f"{with_verb(other.name, 'merges', 'merge')} into {unit.name}: "
                             f"{count(len(a.elements), 'element')}"))
