"""Odds previews before every shot, spray, overwatch shot, fight and activation roll (exact, from odds.py)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from rules.actions import Action
from rules import outcomes
from rules.core import Outcome, Preview
from rules.hexgrid import Hex
from rules.outcomes import DOWNED, EFFECTS, SUPPRESSED, UnitEffect
from rules.rulesets.skirmish import climbs
from rules.rulesets.skirmish import field as fld
from rules.rulesets.skirmish import odds
from rules.rulesets.skirmish import table as rs
from rules.rulesets.skirmish import flow as tn
from rules.rulesets.skirmish import words
from rules.rulesets.skirmish.actions import (
    Activate, Charge, Move, Nominate, OverwatchFire, Shoot, Spray, WatchCharge,
)
from rules.rulesets.skirmish.procedures.roll import mods_words, tn_line, tn_of
from rules.rulesets.skirmish.procedures.shooting import hit_modifiers, shot_for
from rules.rulesets.skirmish.state import SkirmState
from rules.rulesets.skirmish.units import SkirmUnit
from rules.words import count

WORDS = {"miss": "missed", "unhurt": "hit, unhurt", "downed": "downed", "dead": "dead"}


def fate_effect(unit: str, fate: str, suppressed: bool, *, finished: bool = False) -> UnitEffect:
    """What a shot or a fight does to one model (`finished`: a model downed in contact is then killed)."""
    status = ((DOWNED,) if fate == "downed" and not finished else ()) + ((SUPPRESSED,) if suppressed else ())
    dead = fate == "dead" or (fate == "downed" and finished)
    return UnitEffect(unit=unit, losses=1 if dead else 0, loss="figures" if dead else "", eliminated=dead,
                      status=status)


def unit_words(name: str, e: UnitEffect) -> str:
    """One model's part of an outcome, made from its effect ('Sgt Cole dead', 'Sami downed, suppressed'): the
    skirmish's `outcome_words` makes every preview line about a model with it."""
    parts = ["dead"] if e.eliminated else [DOWNED] if DOWNED in e.status else []
    parts += [s for s in e.status if s != DOWNED]
    return f"{name} {', '.join(parts) or 'unhurt'}"


def outcome_words(outcome: Outcome, names: Mapping[str, str]) -> str:
    """The skirmish's words of an outcome (the contract's `outcome_words`), made from its effects."""
    return outcomes.outcome_words(outcome, names, unit_words)


def fate_outcome(name: str, unit: str, fate: str, suppressed: bool, chance: Fraction, event: str = EFFECTS) -> Outcome:
    """A model's fate: its effect, or a miss or a hit that does nothing named by `label` ('Sami missed'); a model
    suppressed by a blow that did it no harm says how ('Sami suppressed (missed)')."""
    if fate in ("dead", "downed") or suppressed:
        harmless = f" ({WORDS[fate]})" if fate not in ("dead", "downed") else ""
        return Outcome(chance=chance, units=(fate_effect(unit, fate, suppressed),), event=event + harmless)
    return Outcome(label=event.replace(EFFECTS, f"{name} {WORDS[fate]}"), chance=chance)


def fate_outcomes(name: str, dist: dict, unit: str = "") -> list[Outcome]:
    """One line per fate of a model shot at; `unit` is its id (the effects name it)."""
    return [fate_outcome(name, unit or name, f, sup, p) for (f, sup), p in sorted(dist.items(), key=lambda kv: -kv[1])]


def fire_preview(state: SkirmState, shooter: SkirmUnit, shots: list[Hex], *, moved: int, aim: str = "none",
                 overwatch: bool = False, spray_at: Hex | None = None, title: str = "") -> Preview | None:
    by_target: dict[str, list] = {}
    notes: list[str] = []
    for h in shots:
        t = state.unit_at(h)
        if t is None or t.side == shooter.side:
            return None
        sit = fld.situation(state, shooter, h, moved=moved, shots=len(shots), spray=spray_at is not None,
                            aim=aim, overwatch=overwatch)
        shot = shot_for(shooter.stats.shooting, sit, t.stats.wound_tn)
        by_target.setdefault(t.id, []).append(shot)
        line = (f"{t.name}: to hit {shooter.stats.shooting} + d10 vs TN {shot.tn} ({mods_words(hit_modifiers(sit))})"
                f"{', re-roll a miss' if shot.reroll else ''}; wound d10 + {shot.damage} vs {shot.wound_tn}")
        if line not in notes:
            notes.append(line)
    modifiers = tuple(dict.fromkeys(m for shot_list in by_target.values() for shot in shot_list for m in shot.modifiers()))
    outcomes: list[Outcome] = []
    zone: list[SkirmUnit] = []
    if spray_at is not None:
        zone = [e for e in state.enemies(shooter.side) if not e.downed and e.at.distance(spray_at) <= rs.SPRAY_RADIUS]
    for tid, shot_list in by_target.items():
        t = state.units[tid]
        outcomes += fate_outcomes(t.name, odds.attack_odds(shot_list, t.downed, t.stats.willpower,
                                                           in_zone=t in zone), t.id)
    for z in zone:
        if z.id not in by_target:
            p = 1 - odds.p_holds(z.stats.willpower)
            outcomes.append(Outcome(chance=p, units=(UnitEffect(unit=z.id, status=(SUPPRESSED,)),),
                                    event=f"{EFFECTS} (in the area)"))
    dice = f"{count(len(shots), 'hit roll')}, d10 + Shooting; each hit d10 + Damage (a critical hit: twice)"
    return Preview(title=title, dice=dice, modifiers=modifiers, outcomes=tuple(outcomes), notes=tuple(notes))


def melee_preview(state: SkirmState, attacker: SkirmUnit, defender: SkirmUnit, end: Hex, title: str) -> Preview:
    # Only the attacker changes (it stands at the end of its path): copy it alone, not the whole state.
    face = (attacker.at.direction_to(end) or attacker.facing) if end != attacker.at else attacker.facing
    a_u = attacker.model_copy(update={"at": end, "facing": face})
    # `fighter` reads the table only for allies in contact (the attacker's own id is left out) and heights.
    a, d = rs.fighter(state, a_u, defender, active=True), rs.fighter(state, defender, a_u, active=False)
    dist = odds.melee_odds(a, d)
    outs: dict[tuple, Fraction] = {}
    for (w, f, sup), p in dist.items():
        if w is None:
            key: tuple = ("nobody wins: they stay in contact",)
        else:
            win, lose = (attacker, defender) if w == "active" else (defender, attacker)
            after = " (downed, then killed in contact: coup de grâce)" if f == "downed" else ""
            key = (lose.name, lose.id, "dead" if f == "downed" else f, sup, f"{win.name} wins; {EFFECTS}{after}")
        outs[key] = outs.get(key, Fraction(0)) + p
    notes = (f"{attacker.name}: CQC {a.cqc} + best of {a.dice}d10 vs TN {a.tn}",
             f"{defender.name}: CQC {d.cqc} + best of {d.dice}d10 vs TN {d.tn}",
             "overwatch fire on the way in is not counted")
    modifiers = tuple(f"{who.name}: {m}" for who, f in ((attacker, a), (defender, d)) for m in f.modifiers())
    return Preview(title=title, dice="contested CQC rolls, then the winner's wound roll", modifiers=modifiers,
                   outcomes=tuple(Outcome(label=k[0], chance=v) if len(k) == 1 else fate_outcome(*k[:4], v, k[4])
                                  for k, v in sorted(outs.items(), key=lambda kv: -kv[1])),
                   notes=notes)


def activation_preview(state: SkirmState, u: SkirmUnit, title: str) -> Preview:
    t, mods = tn.activation_tn(state, u)
    p = odds.activation_odds(u.stats.skill, t)
    return Preview(title=title, dice=f"Skill {u.stats.skill} + d10 vs TN {tn_of(mods)} ({mods_words(mods)})",
                   modifiers=tuple(m for m in (tn_line(mods, "#3"),) if m), outcomes=(Outcome(label="passes", chance=p), Outcome(label="fails", chance=1 - p)))


def move_preview(state: SkirmState, u: SkirmUnit, path: list[Hex], title: str) -> Preview | None:
    """A move that climbs, jumps a gap or jumps down: how it ends (text #4 'Climb & Jump', 'Falling')."""
    tests = climbs.path_tests(state.board, u.at, path)
    if not tests:
        return None
    dist = climbs.move_odds(state.board, u.at, path, u.stats.agility)
    return Preview(title=title, dice=f"Agility {u.stats.agility} + d10 vs TN 10 for each test",
                   outcomes=tuple(_ending(u, k, v) for k, v in sorted(dist.items(), key=lambda kv: -kv[1])),
                   notes=(climbs.words(tests), "a passed test lets the move go on, a failed one ends it there",
                          "overwatch fire on the way is not counted"))


def _ending(u: SkirmUnit, words: str, chance: Fraction) -> Outcome:
    """How a move ends ('reaches 3,4', 'downed at 3,4 (the jump down)'), a model downed or killed by its effect."""
    fate, _, where = words.partition(" ")
    if fate in ("dead", "downed"):
        return Outcome(chance=chance, units=(fate_effect(u.id, fate, False),), event=f"{EFFECTS} {where}")
    return Outcome(label=f"{u.name} {words}", chance=chance)


def preview(state: SkirmState, action: Action) -> Preview | None:
    u = state.units.get(getattr(action, "unit", ""))
    if u is None or not u.on_map:
        return None
    title = words.describe(state, action)
    moved = state.acting.moved if state.acting and state.acting.unit == u.id else 0
    if isinstance(action, Shoot):
        shots = [action.at] + ([action.second or action.at] if action.shots == 2 else [])
        return fire_preview(state, u, shots, moved=moved, aim=action.aim, title=title)
    if isinstance(action, Spray):
        return fire_preview(state, u, list(action.hits), moved=moved, spray_at=action.at, title=title)
    if isinstance(action, OverwatchFire):
        return fire_preview(state, u, [action.at] * action.shots, moved=0, overwatch=True, title=title)
    if isinstance(action, (Charge, WatchCharge)):
        t = state.unit_at(action.at)
        if t is None or t.side == u.side:
            return None
        return melee_preview(state, u, t, action.path[-1] if action.path else u.at, title)
    if isinstance(action, Move):
        return move_preview(state, u, list(action.path), title)
    if isinstance(action, (Activate, Nominate)) and not u.fleeing:
        return activation_preview(state, u, title)
    return None
