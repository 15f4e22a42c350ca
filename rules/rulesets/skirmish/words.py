"""The words a player reads: actions described, the unit card, roster marks and side lines."""

from __future__ import annotations

from collections import Counter

from rules.actions import Action
from rules.rulesets.skirmish import climbs
from rules.rulesets.skirmish import terrain as ter
from rules.rulesets.skirmish.actions import (
    Activate, Charge, EndActivation, HoldFire, Lock, Move, Nominate, Overwatch, OverwatchFire, Pivot, PushBack,
    RollOff, Shoot, Spray, WatchCharge, WatchMove,
)
from rules.rulesets.skirmish.state import SkirmState
from rules.rulesets.skirmish.units import ladder, marks
from rules.rulesets.skirmish.weapons import ARMOUR, MELEE, TRAITS, WEAPONS, traits_of
from rules.words import count


def describe(state: SkirmState, action: Action) -> str:
    def name(uid: str) -> str:
        return state.units[uid].name if uid in state.units else uid

    def at(h) -> str:
        t = state.unit_at(h)
        return f"{t.name} at {h}" if t else str(h)

    if isinstance(action, RollOff):
        return "Leaders roll off for the initiative"
    if isinstance(action, Activate):
        return f"Activate {name(action.unit)}"
    if isinstance(action, Nominate):
        return f"{name(action.unit)}: nominate {name(action.target)} to activate next"
    if isinstance(action, Move):
        if not action.path:
            return f"{name(action.unit)} moves"
        u = state.units.get(action.unit)
        tests = climbs.path_tests(state.board, u.at, list(action.path)) if u is not None and u.on_map else []
        return f"{name(action.unit)} moves to {action.path[-1]}" + (f" ({climbs.words(tests)})" if tests else "")
    if isinstance(action, Pivot):
        return f"{name(action.unit)} pivots to face {action.face}"
    if isinstance(action, Shoot):
        aim = {"none": "", "hit": " (aimed: -1 TN)", "reroll": " (aimed: re-roll a miss)",
               "damage": " (aimed: -2 damage TN)"}[action.aim]
        two = f", then {at(action.second)}" if action.second else ""
        return f"{name(action.unit)} fires {count(action.shots, 'shot')} at {at(action.at)}{two}{aim}"
    if isinstance(action, Spray):
        # The hit rolls' spread is the choice: two sprays at one hex differ only by it (text #6 Spray).
        spread = Counter(action.hits)
        where = ", ".join(f"{n} at {at(h)}" for h, n in sorted(spread.items(), key=lambda hn: (-hn[1], hn[0])))
        return f"{name(action.unit)} sprays the area at {action.at}: {count(len(action.hits), 'hit roll')}, {where}"
    if isinstance(action, Charge):
        via = f" from {action.path[-1]}" if action.path else ""
        return f"{name(action.unit)} charges {at(action.at)}{via}" if action.path else \
            f"{name(action.unit)} fights {at(action.at)}"
    if isinstance(action, Overwatch):
        return f"{name(action.unit)} goes on overwatch"
    if isinstance(action, EndActivation):
        return f"{name(action.unit)} ends its activation"
    if isinstance(action, OverwatchFire):
        return f"Overwatch: {name(action.unit)} fires {count(action.shots, 'shot')} at {at(action.at)}"
    if isinstance(action, WatchCharge):
        return f"Overwatch: {name(action.unit)} charges {at(action.at)}"
    if isinstance(action, WatchMove):
        return f"Overwatch: {name(action.unit)} moves away to {action.path[-1]}"
    if isinstance(action, HoldFire):
        return "Overwatch: hold fire, let the enemy go on"
    if isinstance(action, PushBack):
        return "Push the loser back 1\"" + (" and fire at it at full RoF" if action.fire else "")
    if isinstance(action, Lock):
        return "Stay locked in combat"
    return action.text()


def unit_card(state: SkirmState, unit_id: str) -> list[tuple[str, str]]:
    u = state.units[unit_id]
    s = u.stats
    w = WEAPONS[s.weapon]
    rows = [(label, f"{getattr(s, key)} ({ladder(getattr(s, key))})") for label, key in (
        ("Skill", "skill"), ("Willpower", "willpower"), ("Shooting", "shooting"), ("CQC", "cqc"),
        ("Physique", "physique"), ("Agility", "agility"))]
    rows.append(("Defence", f"{s.defence}, armour {s.armour} +{ARMOUR[s.armour]}: wound TN {s.wound_tn}"))
    rows.append(("Move", f"{s.speed}\""))
    long = "-" if w.long is None else str(w.long)
    rows.append(("Weapon", f"{w.name} {w.effective}/{long}, damage {w.damage}"
                           + (f"/{w.damage_far}" if w.damage_far else "") + (f", Auto {w.auto}" if w.auto else "")))
    for t in sorted(traits_of(w, s.attachments)) + [w.fire] + list(s.attachments) + (["auto"] if w.auto else []):
        rows.append(("Trait", TRAITS[t]))
    if s.melee != "none":
        m = MELEE[s.melee]
        rows.append(("Melee", f"{m.name}: {m.cqc:+d} TN in CQC, Physique +{m.bonus} damage"))
    if s.leader:
        rows.append(("Leader", "worth 2 points; -1 TN to activate models within 6\""))
    rows.append(("Facing", u.facing))
    tokens = [t for t in ("downed", "suppressed", "fleeing", "overwatch", "activated") if getattr(u, t)]
    rows.append(("Status", "dead" if u.eliminated and not u.fled else ("fled" if u.fled else
                                                                        (", ".join(tokens) or "ready"))))
    if u.on_map:
        info = ter.TERRAIN.get(state.board.terrain_at(u.at))
        rows.append(("Terrain", f"{info.label}: {info.effects}" if info else state.board.terrain_at(u.at)))
    return rows


def unit_marks(state: SkirmState, unit_id: str) -> str:
    return marks(state.units[unit_id])


def side_lines(state: SkirmState, side: str) -> list[str]:
    models = [u for u in state.units.values() if u.side == side]
    total = sum(u.stats.points for u in models)
    lost = sum(u.stats.points for u in models if u.eliminated or u.downed)
    lines = [f"Points downed or dead: {lost}/{total}" + (" (morale tests)" if side in state.morale_broken else ""),
             f"To activate: {len(state.to_activate(side))} of {len(state.units_of(side))}",
             f"Flees towards the {dict(N='north', S='south', E='east', W='west')[state.home_edge.get(side, 'S')]} edge"]
    if state.active_side == side and state.phase == "activation":
        lines.append("Has the initiative")
    if side in state.horde_stop:
        lines.append("Horde activation failed: the rest only adjust 2\"")
    if side in state.nominated:
        lines.append(f"Must activate {state.units[state.nominated[side]].name} next")
    return lines
