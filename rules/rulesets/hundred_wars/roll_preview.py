"""Exact odds of the rolls an action makes: a shot, a move (with any close combat it brings) and the terrain rolls
they may need; the outcomes in words made from their effects (`shot_outcomes`, `cqb_outcomes`)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import product

from rules import outcomes
from rules.core import Outcome, Preview
from rules.hexgrid import Hex
from rules.outcomes import REVEALED, SideEffect, UnitEffect
from rules.rulesets.hundred_wars import field, firing, moving, walk_odds
from rules.rulesets.hundred_wars import odds
from rules.rulesets.hundred_wars import terrain as ter
from rules.rulesets.hundred_wars.procedures import fire as fp
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwUnit
from rules.words import agree, count, with_verb

MAX_UNROLLED = 3


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def line_levels(state: HwState, frm: Hex, to: Hex) -> tuple[list[str], list[str]]:
    """(known levels, pieces not yet rolled) on a line of fire."""
    own = field.piece_at(state, frm)
    known, unknown = [], []
    for h in [*field.between(frm, to), to]:
        piece = field.piece_at(state, h)
        if piece is None or piece == own:
            continue
        if piece in state.terrain_rolls:
            known.append(state.terrain_rolls[piece])
        elif piece not in unknown:
            unknown.append(piece)
    return known, unknown


def level_mixture(known: list[str], unknown: list[str]) -> list[tuple[Fraction, str]]:
    """The worst level with its chance, over the 1d10 rolls of the pieces not yet rolled."""
    t = odds.terrain()
    out: dict[str, Fraction] = {}
    for combo in product(*[list(t.items()) for _ in unknown[:MAX_UNROLLED]]):
        p = Fraction(1)
        levels = list(known)
        for lvl, q in combo:
            p *= q
            levels.append(lvl)
        w = ter.worst(levels)
        out[w] = out.get(w, Fraction(0)) + p
    return [(p, lvl) for lvl, p in out.items()]


SHOT_DICE = "1d100 Range (x2), then 1d100 Fire v 1d100 Armour"
MOVE_DICE = "1d100 movement"
CQB_DICE = "1d100 each, capped at CQB"


def shot_effect(unit: str, what: str, n: int) -> UnitEffect:
    """What a shot's result does to its target: destroyed, `n` damage, revealed (a blind), or nothing."""
    return UnitEffect(unit=unit, losses=n if what == "damage" else 0, loss="hits" if what == "damage" else "",
                      eliminated=what == "destroyed", status=(REVEALED,) if what == "revealed" else ())


def unit_words(name: str, e: UnitEffect) -> str:
    """One unit's part of an outcome, made from its effect ('Hover tank takes 2 damage', 'Blind 3 revealed'): A
    Hundred Wars' `outcome_words` makes every preview line about a unit with it."""
    if e.eliminated:
        return f"{name} destroyed"
    if e.loss == "hits":
        return f"{with_verb(name, 'takes', 'take')} {e.losses} damage"
    return f"{name} {', '.join(e.status) or 'unharmed'}"


def side_words(name: str, s: SideEffect) -> str:
    """A side's part of an outcome: the pips its commander gains or loses ('+2'; the line says whose)."""
    return f"{s.pips:+d}" if s.pips else ""


def outcome_words(outcome: Outcome, names: Mapping[str, str]) -> str:
    """A Hundred Wars' words of an outcome (the contract's `outcome_words`), made from its effects."""
    return outcomes.outcome_words(outcome, names, unit_words, side_words)


def shot_outcomes(dist: dict, target: str = "target") -> tuple[Outcome, ...]:
    """A shot's outcomes: destroyed first, then damage, no effect, not sighted (or revealed); `target` is the id
    of the unit shot at (the effects name it)."""
    rows = sorted(dist.items(), key=lambda kv: (kv[0][0] != "destroyed", kv[0][0], kv[0][1]))
    effects = [(what, shot_effect(target, what, n), p) for (what, n), p in rows]
    return tuple(Outcome(chance=p, units=(e,)) if e.harmed else Outcome(label=what, chance=p) for what, e, p in effects)


def walk_outcomes(steps: dict[int, Fraction], hex_cm: int) -> tuple[Outcome, ...]:
    return tuple(Outcome(label=f"moves {count(n, 'hex')} ({n * hex_cm} cm)", chance=p) for n, p in sorted(steps.items()))


def cqb_outcomes(c: dict, names: tuple[str, str], ids: tuple[str, str] | None = None) -> tuple[Outcome, ...]:
    """(loser, damage) of a close combat; `names` are the two sides' for the words, `ids` the two units' the
    effects name (none when the bout is between groups)."""
    out = []
    for (loser, n), p in sorted(c.items(), key=lambda kv: (kv[0][0] is None, kv[0][0] or 0, kv[0][1])):
        if loser is not None and ids is not None:
            out.append(Outcome(chance=p, units=(UnitEffect(unit=ids[loser], losses=n, loss="hits"),)))
        else:
            out.append(Outcome(label="tie: no damage" if loser is None else f"{with_verb(names[loser], 'takes', 'take')} {n} damage", chance=p))
    return tuple(out)


def fire_preview(state: HwState, firer: HwUnit, w: int, target: HwUnit) -> Preview:
    weapon = firer.stats.weapon(w)
    d = field.cm(state, firer.at, target.at)
    lf, lt = fp.shot_levels(firer.level, target.level, firer.stats.large, target.stats.large)
    known, unknown = line_levels(state, firer.at, target.at)
    dist: dict = {}
    guard = firing.homing_guard(state, firer, target) if weapon.kind == "homing" else None
    cover = odds.contest_chance(guard[0].stats.ecm, guard[1].stats.ecm if guard[1] else 0) if guard else Fraction(0)
    kinds = [(q, k) for q, k in ((1 - cover, weapon.kind), (cover, "direct")) if q]
    interceptor = firing.ads_guard(state, firer, target, weapon.fire)
    cuts = (odds.ads_cut(firing.ads_factor(state, interceptor[0]), interceptor[1].stats.ecm if interceptor[1] else 0)
            if interceptor else {0: Fraction(1)})
    for p, lvl, kind in [(p * q, lvl, k) for p, lvl in level_mixture(known, unknown) for q, k in kinds]:
        lvl = fp.elevation_level(lf, lt, lvl)
        if target.blind:
            part = {k: v for k, v in odds.range_roll(d, state.hex_cm, lvl, kind).items()}
            part = {("revealed", 0) if k != "miss" else ("not sighted", 0): v for k, v in part.items()}
            merged: dict = {}
            for k, v in part.items():
                merged[k] = merged.get(k, 0) + v
            part = merged
        else:
            armour = fp.armour_against(target.stats.armour, field.arc(target, firer.at),
                                       all_round=target.stats.all_round, rear_bulk=target.stats.rear_armour)
            double = fp.doubles_damage(from_above=fp.from_above(lf, lt), from_below=fp.from_below(lf, lt),
                                       top_armour=target.stats.top_armour, mine_proof=target.stats.mine_proof)
            part = {}
            for cut, c in cuts.items():  # the ADS roll (and the ECM against it) before the Fire roll
                for k, v in odds.attack(d, state.hex_cm, lvl, max(weapon.fire - cut, 0), armour, kind=kind,
                                        double=double,
                                        good_doubles=weapon.kind == "indirect" and not target.stats.top_armour).items():
                    part[k] = part.get(k, 0) + c * v
        for k, v in part.items():
            dist[k] = dist.get(k, 0) + p * v
    outcomes = shot_outcomes(dist, target.id)
    modifiers: tuple[str, ...] = ()
    if not unknown:  # the line's terrain is known: one level cuts the Range score
        modifiers += fp.range_modifiers(d, fp.elevation_level(lf, lt, ter.worst(known)), weapon.kind)
    if not target.blind:
        modifiers += fp.armour_modifiers(target.stats.armour, field.arc(target, firer.at),
                                         all_round=target.stats.all_round, rear_bulk=target.stats.rear_armour)
    notes = [f"{d} cm to the target; Range {weapon.range} cm ({weapon.kind})"]
    if unknown:
        notes.append(f"{count(len(unknown), 'terrain piece')} on the line not yet rolled: their 1d10 is included")
    if target.blind:
        notes.append("a blind: a successful Range roll reveals it (a dummy is removed)")
    if guard:
        notes.append(f"{guard[0].name}'s ECM may restore the target's cover ({_pct(cover)}): included")
    if interceptor and not target.blind:
        notes.append(f"{interceptor[0].name}'s ADS may cut the Fire of {weapon.fire} "
                     f"({_pct(1 - cuts.get(0, Fraction(0)))}): included")
    return Preview(title=f"{firer.name} {agree(firer.agrees_as, 'fires', 'fire')} at {target.name}", dice=SHOT_DICE, modifiers=modifiers,
                   outcomes=tuple(outcomes), notes=tuple(notes))


def move_preview(state: HwState, u: HwUnit, alone: bool = False, run: dict | None = None,
                 accelerate: bool = True) -> Preview | None:
    """The odds of a movement roll (`run`: of a roll made, whose movers and factor are fixed, re-rolled; a space
    unit, speeding up or not by `accelerate`, moves the speed its roll makes)."""
    if u.counter is None or not u.on_map:
        return None
    movers = [state.units[i] for i in run["movers"]] if run else moving.group_movers(state, u, alone)
    factor = run["factor"] if run else min(moving.move_factor(state, m) for m in movers)
    path = moving.walk_path(state, u)
    space = (u.speed, accelerate) if (u.mode or "ground") == "space" else None
    steps = walk_odds.steps(state, u, path, factor, changes_level=u.counter_level is not None, space=space)
    need = len(moving.path_for(state, u, Hex(*u.counter))) - 1
    outcomes = walk_outcomes(steps, state.hex_cm)
    notes = [f"Move {factor} cm{' (the group moves together at its lowest Move)' if len(movers) > 1 else ''}; "
             "over every roll of the pieces not yet rolled"]
    if need:
        notes.append(f"reaches its counter: {_pct(sum((p for n, p in steps.items() if n >= need), Fraction(0)))}")
    enemies = [e for e in field.adjacent_enemies(state, path[-1], u.side) if not e.blind] if path else []
    if enemies and not u.blind:
        c = odds.cqb([u.stats.cqb], [e.stats.cqb for e in enemies])
        notes.append(f"close combat on contact: wins {_pct(odds.chance(c, lambda k: k[0] == 1))}, "
                     f"loses {_pct(odds.chance(c, lambda k: k[0] == 0))}, tie {_pct(c.get((None, 0), Fraction(0)))}")
    return Preview(title=f"{u.name} {agree(u.agrees_as, 'moves', 'move')} toward {Hex(*u.counter)}", dice=MOVE_DICE, outcomes=outcomes,
                   notes=tuple(notes))


def cqb_preview(state: HwState, u: HwUnit, target: HwUnit) -> Preview:
    c = odds.cqb([u.stats.cqb], [target.stats.cqb])
    return Preview(title=f"{u.name} in close combat with {target.name}", dice=CQB_DICE,
                   outcomes=cqb_outcomes(c, (u.name, target.name), (u.id, target.id)))


def firing_preview(state: HwState, uid: str, w: int, at: Hex) -> Preview | None:
    u = state.units.get(uid)
    t = state.unit_at(at)
    if u is None or t is None or not u.on_map or u.stats.weapon(w) is None or firing.why_not(state, u, w, t):
        return None
    return fire_preview(state, u, w, t)


def mobile_preview(state: HwState, u: HwUnit) -> Preview | None:
    """The unit's movement roll as it would be with the psionic Mobile, and its chance to arrive without it."""
    sim = state.model_copy(update={"psi_mobile": [*state.psi_mobile, u.id]})
    with_pip, without = move_preview(sim, u), move_preview(state, u)
    if with_pip is None or without is None:
        return None
    plain = next((n for n in without.notes if n.startswith("reaches")), "")
    notes = with_pip.notes + ((f"without the pip it {plain}",) if plain else ())
    return with_pip.model_copy(update={"title": f"{u.name} {agree(u.agrees_as, 'moves', 'move')} as Mobile (Hard as Easy, V.Hard as Hard)",
                                       "notes": notes})
