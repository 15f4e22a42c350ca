"""The fire each side of a DHR game may give next, for the computer's evaluation (the `side_value` hint).

DHR is a game of fire at range, decided by casualties, and the computer's look-ahead ends before the
other side fires (an activation is several decisions: a move, each weapon, the end), so its reading of
a position saw figures and objectives but not who stands in whose sights: hedgerow's 1st Squad stood in
the open at its start hex and traded fire with Germans behind hedges and walls until it was shot away
(seeds 3000 and 3018 against the random player). Here each unit's best shot counts: the figures it may
expect to kill with every weapon it has (or in melee, when it can reach), at the rules' own firing
number, range penalty, terrain save along the line and armour save, and each figure at its worth to the
game; a vehicle is hit only by armament, each hit that passes the terrain save taking it out at the
rules' own chance of a killing armour contest.
"""

from __future__ import annotations

from functools import lru_cache

from rules.rulesets.dhr.armour_odds import contest_kill_chance
from rules.rulesets.dhr.fighters import armoured, firers, opt, save_dv
from rules.rulesets.dhr.procedures.fire import fire_target
from rules.rulesets.dhr.state import DHRState
from rules.rulesets.dhr.terrain import hex_dv
from rules.rulesets.dhr.units import DHRUnit

SHARE = 0.5
"""How much of a unit's best shot counts: the chip bag decides whether it shoots before its target moves."""
TOLL_WORTH = 36.0
"""Worth of the whole way to a casualties win (rules/ai/evaluate.py's TOLL at mid-game), shared by figures."""

_MEMO: dict[int, tuple[object, dict]] = {}


def _memo(board) -> dict:
    entry = _MEMO.get(id(board))
    if entry is None or entry[0] is not board:
        if len(_MEMO) > 8:
            _MEMO.clear()
        entry = _MEMO[id(board)] = (board, {})
    if len(entry[1]) > 200_000:
        entry[1].clear()
    return entry[1]


@lru_cache(maxsize=256)
def _kill_chance(armament: int, armour: int, table: bool) -> float:
    return float(contest_kill_chance(armament, armour, damage_table=table))


def expected_kills(state: DHRState, shooter: DHRUnit, target: DHRUnit) -> float:
    """Figures of `target` that `shooter` may expect to kill in one activation: every weapon at its best
    number of RoF slots, or a melee when it can walk next to the target (whichever kills more)."""
    d = shooter.at.distance(target.at)
    hits = 0.0
    vehicle = armoured(state, target)
    if not (shooter.stats.special == "rto" and shooter.attached_to is not None):
        for w in shooter.stats.weapons:
            if w.area or (w.armament and shooter.weapon_out) or (vehicle and not w.armament):
                continue
            best = 0.0
            for slots in range(1, len(w.rof) + 1):
                n = fire_target(shooter.rating, d, w.range, slots)
                if n < 1:
                    break
                best = max(best, firers(shooter, w) * sum(w.rof[:slots]) * min(n, 6) / 6)
            if best:
                saved = 1 - save_dv(state, shooter.at, target.at) / 6
                if vehicle:
                    hits += best * saved * _kill_chance(w.armament, target.stats.armour_dice,
                                                        opt(state, "damage_table"))
                else:
                    hits += best * saved * (1 - target.stats.armour_dv(w.attack) / 6)
    s = shooter.stats
    reach = (0 if shooter.mp_lost else s.mp) + 1
    if s.melee > 0 and not s.vehicle and not vehicle and d <= reach:
        melee = shooter.figures * s.melee * shooter.rating / 6 * (1 - hex_dv(state.board, target.at) / 6)
        hits = max(hits, melee * (1 - target.stats.armour_dv(s.melee_attack) / 6))
    return min(float(target.figures), hits / max(1, target.stats.toughness))


def _kills(state: DHRState, shooter: DHRUnit, target: DHRUnit) -> float:
    memo = _memo(state.board)
    key = (shooter.id, shooter.at, shooter.figures, shooter.rating, shooter.weapon_out, shooter.mp_lost,
           target.id, target.at, target.figures, tuple(state.wrecks), tuple(state.smoke))
    found = memo.get(key)
    if found is None:
        found = memo[key] = expected_kills(state, shooter, target)
    return found


def tolls(state: DHRState) -> dict[str, float]:
    """Side -> the worth of one of its figures on the enemy's way to a casualties win."""
    out: dict[str, float] = {}
    for cond in state.victory:
        if cond.kind == "casualties" and cond.side and cond.fraction:
            for side in state.other_sides(cond.side):
                start = sum(u.start_figures for u in state.units.values() if u.side == side)
                out[side] = out.get(side, 0.0) + TOLL_WORTH / max(1.0, cond.fraction * start)
    return out


def fire_value(state: DHRState, side: str, unit_value) -> float:
    """The worth of what `side`'s units may shoot next: each unit's best target (a figure at its share of the
    unit's worth and of the enemy's way to a casualties win), `SHARE` of it."""
    hosts = [u for u in state.units.values() if u.on_map and u.attached_to is None]
    targets = [u for u in hosts if u.side != side]
    if not targets:
        return 0.0
    toll = tolls(state)
    worth = {t.id: (unit_value(state, t) - 1.5) / max(1, t.figures) + toll.get(t.side, 0.0) for t in targets}
    total = 0.0
    for shooter in hosts:
        if shooter.side != side:
            continue
        total += max(_kills(state, shooter, t) * worth[t.id] for t in targets)
    return SHARE * total
