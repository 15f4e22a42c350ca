"""Which shot each DHR weapon takes, by the rules' exact odds (the computer's `prune` hint).

A weapon may fire at every enemy in range with one, two or more RoF slots, and a machine gun may lay its dice along
a line or over a hex in several shares: a dozen near-alike fire actions per weapon. The computer tried each once or
twice with its own dice, and one throw says little about which of them kills more: against the greedy yardstick
(which weighs every shot by its exact odds) it fired a squad's BAR with two slots where four at -1 expected half a
figure more, and such picks added up to a figure or two a game in farm (seed 3000). So, of the shots of one weapon,
only the one whose exact outcomes (the preview's) are worth most is searched; the search still decides whether to
fire that weapon now, move, or end. Each outcome is weighed as the greedy player weighs it (`outcome_value`), a
figure lost (a special figure's too) also at its share of the enemy's way to a casualties win, an RTO lost with the
calls he had left. So too of each spell's casts and of an RTO's calls; a melee or an overrun (the unit's whole
attack) is searched only when it is worth at least the unit's shots together (`_closing_worse`). A unit does not end
its activation, nor a unit whose chip is drawn pass, while one of its shots (or an RTO's call) is worth taking
(`_must_fire`); it may still move first, but not into a hex of lower DV (`_leaves_cover`).
"""

from __future__ import annotations

from rules.actions import Action
from rules.best_shot import each_weapons_best, weapon_shots
from rules.hexgrid import Hex
from rules.rulesets.dhr.ai_reach import moving
from rules.rulesets.dhr.preview import preview
from rules.rulesets.dhr.state import DHRState
from rules.rulesets.dhr.terrain import hex_dv

TOLL_WORTH = 36.0
"""Worth of the whole way to a casualties win (rules/ai/evaluate.py's TOLL at mid-game), shared by figures."""

MIN_SHOT = 0.05
"""A shot expected to be worth less than this (a twentieth of a figure or so) is not worth holding the end for."""

STRIKE = 3.0
"""About one enemy figure's worth (its share of its unit and of the way to a casualties win). An RTO's call expected
to be worth this is not passed up (one spent on less is not left for a better target); each call an RTO has left
is worth this much more with him (one lands one time in three or four, and wipes out a squad in the open)."""

_MEMO: dict[tuple, float | None] = {}


def tolls(state: DHRState) -> dict[str, float]:
    """Side -> the worth of one of its figures on the enemy's way to a casualties win."""
    out: dict[str, float] = {}
    for cond in state.victory:
        if cond.kind == "casualties" and cond.side and cond.fraction:
            for side in state.other_sides(cond.side):
                start = sum(u.start_figures for u in state.units.values() if u.side == side)
                out[side] = out.get(side, 0.0) + TOLL_WORTH / max(1.0, cond.fraction * start)
    return out


def _fingerprint(state: DHRState) -> tuple:
    """What a shot's odds read of the state: where every unit stands, its figures, wounds and crew lost, the wrecks."""
    return (state.scenario, tuple((u.id, u.at, u.figures, u.wounds, u.attached_to, u.rating_loss)
                                  for u in state.units.values() if u.on_map), tuple(state.wrecks), tuple(state.smoke))


def shot_worth(state: DHRState, action: Action, side: str, outcome_value) -> float | None:
    """The exact expected worth to `side` of a fire action (None: no preview to weigh it by)."""
    try:
        p = preview(state, action)
    except Exception:  # noqa: BLE001 - a state the preview cannot read: the search weighs the shot alone
        return None
    if p is None or not p.outcomes:
        return None
    toll = tolls(state)
    total = 0.0
    for o in p.outcomes:
        worth = outcome_value(state, action, o, side)
        for e in o.units:
            unit = state.units.get(e.unit)
            n = _figures_lost(unit, e)
            if n:
                lost = n * toll.get(unit.side, 0.0)
                if n >= unit.figures:
                    lost += STRIKE * (unit.artillery + unit.air)  # an RTO's calls go with him
                worth += -lost if unit.side == side else lost
        total += float(o.chance) * worth
    return total


def _figures_lost(unit, e) -> int:
    """Figures of `unit` an outcome's effect `e` takes: its losses, or all of a special figure killed in a blow on
    its unit's hex (traversing fire, an area attack), which the preview gives as an elimination alone. Either
    counts on the casualties race; a shot at the Leader or the RTO with the 1st Squad lacked it and looked worth
    less than the same dice at the squad."""
    if unit is None or not unit.on_map:
        return 0
    if e.losses and e.loss == "figures":
        return min(e.losses, unit.figures)
    return unit.figures if e.eliminated and not e.losses and unit.attached_to is not None else 0


def best_shots(state: DHRState, side: str, actions: list[Action], outcome_value) -> list[Action]:
    """`actions` with, of the fire actions of each weapon, only the one worth most by its exact odds (so too of
    each spell's casts and of an RTO's calls); no melee or overrun worth less than the unit's shots together
    (`_closing_worse`); and no end of the activation while the acting unit has a shot worth taking."""
    drop, worth = each_weapons_best(actions, side, lambda: _fingerprint(state),
                                    lambda a: shot_worth(state, a, side, outcome_value), _MEMO, _attack_group)
    drop.update(_closing_worse(state, side, actions, worth))
    drop.update(_leaves_cover(state, side, actions, worth))
    if not worth:
        return actions
    if _must_fire(state, actions, worth):
        drop.update(i for i, a in enumerate(actions) if a.kind == "end")
    return [a for i, a in enumerate(actions) if i not in drop]


def _must_fire(state: DHRState, actions: list[Action], worth: dict[int, float | None]) -> bool:
    """The acting unit has a shot worth something: firing costs a DHR unit nothing (no return fire, no reaction;
    it may still move first), so ending the activation only throws the shot away. The look-ahead
    of the few best actions is one throw of the dice against the other side's worst answer; with a weapon's
    shots cut to one, that throw often put the end above it (farm, seed 3000: the end, -15 in the first round,
    over the 2nd Squad's rifles at the MG-42 team, -4). So too a chip just drawn: passing sets it aside unused,
    and the pass's line ends at the next chip, where a shot's line meets the other side's answer (hedgerow, seed 7055:
    the Panther passed, coax at the 2nd Squad 8.3 in the first round, line 6.2 against the pass's 11.9). So too a
    unit that may still move (stop 34 held only the one that may not): farm, seed 7109 against the random player,
    the MG-42 team stepped inside the farmhouse, failed the check, and ended (line -4.16) over its gun at the 2nd
    Squad (line -4.17); of the Germans' 16 losses in 60 games there (seeds 7000-7119), 4 had such an end.
    So too an RTO's call (his attack) worth a figure or more (`STRIKE`): a call is only a third likely to land, so
    its tries in the first round often all missed and tied with the pass; hedgerow's RTO passed his first chip with
    the air strike on the Panzergrenadiers in the open worth 10.5 (seeds 3000, 3014, 5016 against the greedy
    player), and traversing fire killed him before his chip came again."""
    unit = state.active_unit
    units = set(state.eligible) if unit is None else {unit}
    return any((worth.get(i) or 0.0) > (STRIKE if a.kind == "call" else MIN_SHOT) for i, a in enumerate(actions)
               if a.kind in ("fire", "call") and a.unit in units)


def _leaves_cover(state: DHRState, side: str, actions: list[Action], worth: dict[int, float | None]) -> set[int]:
    """The moves of a unit that has a shot worth taking from where it stands into a hex of lower DV (its cover),
    except onto a hex its side must hold in the turn the hold is checked. The look-ahead ends before the other
    side fires, so a step into the open showed the better shot it gave and never the fire it drew; and its
    single throw of the dice, once a line reached a casualties win (about +500), outweighed everything else.
    Farm, seed 7007 against the random player: the Grenadiers left the farmhouse (DV 4) for the open at 6,5
    (line 512.5, against 506.4 for the Kar98k at the 1st Squad from the house) to reach the Stuart with the
    Panzerfaust; the random Americans then shot them to pieces. Tower, seed 3012: the Crossbowmen left the
    Tower for the open at 4,5 to gain a range band, and the goblins' arrows took 4 of 7. The Tower against the
    random player, 60 games (seeds 7000-7119): 49 won, 6 drawn without this rule; 54 won, 5 drawn with it."""
    shooters = {a.unit for i, a in enumerate(actions) if a.kind == "fire" and (worth.get(i) or 0.0) > MIN_SHOT}
    if not shooters:
        return set()
    goals = goals_now(state, side)
    wrecks = frozenset(state.wrecks)
    out: set[int] = set()
    for i, a in enumerate(actions):
        unit, to = moving(state, a)
        if unit is None or unit.id not in shooters or to in goals:
            continue
        if hex_dv(state.board, to, wrecks) < hex_dv(state.board, unit.at, wrecks):
            out.add(i)
    return out


def _attack_group(a: Action) -> tuple | None:
    """The attacks that stand for one another, of which only the best by the exact odds is searched: a weapon's
    shots, a spell's casts (each spell is cast once an activation), an RTO's calls (a call is his attack), a unit's
    melees and overruns (either is its attack). Tower, seed 3004 against the greedy player: the Mage cast
    lightning at the Shaman (1.4 figures' worth) where at the wolf riders it was worth 5.8; hedgerow, seeds 3000,
    3004 and 3018: the RTO called the air strike on the Grenadiers (5.2) where on the Panzergrenadiers it was
    worth 10.1, and the Americans lost all three."""
    if a.kind == "cast":
        return ("cast", a.unit, a.spell)
    if a.kind == "call":
        return ("call", a.unit)
    if a.kind in ("melee", "overrun"):
        return ("close", a.unit)
    return weapon_shots(a)


def _closing_worse(state: DHRState, side: str, actions: list[Action], worth: dict[int, float | None]) -> set[int]:
    """The melees and overruns worth less by their exact odds than the unit's weapons fired instead (each
    weapon's best shot, those worth something, added up): a melee or an overrun is the unit's attack for the
    activation (all its weapons count as fired), and the attacker gets no terrain save. Farm, seed 3004 against
    the greedy player: the 2nd Squad, 6 figures in the open, went into melee with the MG-42 team's 2 in the
    farmhouse (-8.1: it lost two and fell back) where its rifles at the Grenadiers were worth 3.7; the Americans
    lost at the next chip. A melee at a hex its side must hold is kept in the turn the hold is checked (taking
    the hex may win the game)."""
    fire_best: dict[tuple, float] = {}
    for i, a in enumerate(actions):
        if a.kind == "fire" and worth.get(i) is not None:
            key = (a.unit, a.weapon)
            fire_best[key] = max(fire_best.get(key, 0.0), worth[i])
    if not fire_best:
        return set()
    goals = goals_now(state, side)
    out: set[int] = set()
    for i, a in enumerate(actions):
        if a.kind not in ("melee", "overrun") or worth.get(i) is None:
            continue
        if Hex(*a.at) in goals:
            continue
        fire = sum(w for (unit, _), w in fire_best.items() if unit == a.unit)
        if fire > worth[i]:
            out.add(i)
    return out


def goals_now(state: DHRState, side: str) -> set[Hex]:
    """The hexes `side` must hold whose hold is checked at the end of this turn."""
    out: set[Hex] = set()
    for c in state.victory:
        last = c.turn if c.turn is not None else state.max_turns
        if c.kind == "hold" and c.side == side and c.hexes and last is not None and state.turn >= last:
            out.update(Hex(*h) for h in c.hexes)
    return out
