"""Exact odds before a shot, a move (with any close combat it brings) and the terrain rolls they may need."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from rules.actions import Action
from rules.core import Outcome, Preview
from rules.hexgrid import Hex
from rules.odds import die, mapped
from rules.rulesets.hundred_wars import contest, field, firing, melee, mode_dice, moving, teleporting, walk_odds
from rules.rulesets.hundred_wars import odds
from rules.rulesets.hundred_wars import orders as od
from rules.rulesets.hundred_wars.procedures.orders import pips_for
from rules.rulesets.hundred_wars import terrain as ter
from rules.rulesets.hundred_wars.procedures import fire as fp
from rules.rulesets.hundred_wars.actions import Fire, Jam, MoveUnit, PsiReveal, SetCounter
from rules.rulesets.hundred_wars.procedures import specials as sp
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwUnit
from rules.words import count

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


def shot_outcomes(dist: dict) -> tuple[Outcome, ...]:
    """A shot's outcomes in words: destroyed first, then damage, no effect, not sighted (or revealed)."""
    return tuple(Outcome(label=f"{n} damage" if what == "damage" else what, chance=p)
                 for (what, n), p in sorted(dist.items(), key=lambda kv: (kv[0][0] != "destroyed", kv[0][0], kv[0][1])))


def walk_outcomes(steps: dict[int, Fraction], hex_cm: int) -> tuple[Outcome, ...]:
    return tuple(Outcome(label=f"moves {count(n, 'hex')} ({n * hex_cm} cm)", chance=p) for n, p in sorted(steps.items()))


def cqb_outcomes(c: dict, names: tuple[str, str]) -> tuple[Outcome, ...]:
    """(loser, damage) of a close combat in words; `names` are the two sides'."""
    return tuple(Outcome(label=("tie: no damage" if loser is None else f"{names[loser]} takes {n}"), chance=p)
                 for (loser, n), p in sorted(c.items(), key=lambda kv: (kv[0][0] is None, kv[0][0] or 0, kv[0][1])))


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
    outcomes = shot_outcomes(dist)
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
    return Preview(title=f"{firer.name} fires at {target.name}", dice=SHOT_DICE, modifiers=modifiers,
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
    return Preview(title=f"{u.name} moves toward {Hex(*u.counter)}", dice=MOVE_DICE, outcomes=outcomes,
                   notes=tuple(notes))


def cqb_preview(state: HwState, u: HwUnit, target: HwUnit) -> Preview:
    c = odds.cqb([u.stats.cqb], [target.stats.cqb])
    return Preview(title=f"{u.name} in close combat with {target.name}", dice=CQB_DICE,
                   outcomes=cqb_outcomes(c, (u.name, target.name)))


def firing_preview(state: HwState, uid: str, w: int, at: Hex) -> Preview | None:
    u = state.units.get(uid)
    t = state.unit_at(at)
    if u is None or t is None or not u.on_map or u.stats.weapon(w) is None or firing.why_not(state, u, w, t):
        return None
    return fire_preview(state, u, w, t)


def preview(state: HwState, action: Action) -> Preview | None:
    """The odds before a shot, a move, or a Move counter sent into contact (close combat)."""
    if isinstance(action, Fire):
        return firing_preview(state, action.unit, action.weapon, Hex(*action.at))
    if isinstance(action, MoveUnit):
        u = state.units.get(action.unit)
        return move_preview(state, u, action.alone, accelerate=action.accelerate) if u is not None else None
    if isinstance(action, PsiReveal):
        return psi_preview(state, action)
    if isinstance(action, Jam):
        return teleport_ecm_preview(state, action)
    if isinstance(action, SetCounter) and action.attack == "":
        u, t = state.units.get(action.unit), state.unit_at(Hex(*action.to))
        if u is not None and t is not None and t.side != u.side and not t.blind and not u.blind:
            return cqb_preview(state, u, t)
    return None


def psi_preview(state: HwState, a: PsiReveal) -> Preview | None:
    """The odds of a pip that rolls: an enemy weapon fired, a die of a shot re-rolled, an ECM jam simulated."""
    if a.weapon is not None and a.to is not None:
        e = state.unit_at(Hex(*a.at))
        return firing_preview(state, e.id, a.weapon, Hex(*a.to)) if e is not None else None
    if a.reroll == "move" and state.paused and state.paused[-1].kind == moving.REROLL:
        run = state.paused[-1].data
        u = state.units.get(run["unit"])
        return move_preview(state, u, run=run) if u is not None else None
    if a.reroll in ("fire", "armour") and state.paused and state.paused[-1].kind == moving.SUICIDE_REROLL:
        blow = state.paused[-1].data
        fire_face, armour_face = (None, blow["armour"]) if a.reroll == "fire" else (blow["fire"], None)
        dist = odds.fire_with_one_die(fire_face, armour_face, blow["fire_factor"], blow["armour_factor"])
        return Preview(title=f"Psionic re-roll of the suicide attack's {a.reroll.capitalize()} die",
                       dice=f"1d100 {a.reroll.capitalize()}", outcomes=shot_outcomes(dist),
                       notes=(f"Fire {blow['fire_factor']} (the closing speed) against Armour {blow['armour_factor']}",))
    if a.reroll == "repair" and state.paused and state.paused[-1].kind == firing.REPAIR_REROLL:
        fixer = state.units[state.paused[-1].data["fixer"]]
        f = fixer.stats.field_repairs

        def said(face: int) -> str:
            r = sp.field_repair(f, face)
            return ("1 point repaired" if r.repaired else "no repair") + (
                "; no further repairs on that factor" if r.locked else "")

        dist = mapped(die(10), said)
        return Preview(title=f"Psionic re-roll of {fixer.name}'s Field Repairs die", dice=f"1d10 (below {f})",
                       outcomes=tuple(Outcome(label=k, chance=p) for k, p in sorted(dist.items())),
                       notes=(f"the die showed {state.paused[-1].data['roll']}",))
    if a.reroll == "terrain" and state.paused and state.paused[-1].kind == mode_dice.REROLL:
        piece = state.paused[-1].data["pieces"][0]
        dist = mapped(die(10), ter.mode_roll)
        return Preview(title=f"Psionic re-roll of the terrain die of the {piece.split('@')[0]}", dice="1d10 (0 is 10)",
                       outcomes=tuple(Outcome(label=ter.LEVEL_WORDS[k], chance=p) for k, p in
                                      sorted(dist.items(), key=lambda kv: list(ter.LEVEL_WORDS).index(kv[0]))),
                       notes=(f"it is {ter.LEVEL_WORDS[state.terrain_rolls[piece]]} now",))
    if a.reroll == "ecm" and state.paused and state.paused[-1].kind == contest.REROLL:
        return ecm_reroll_preview(state, state.paused[-1].data, state.unit_at(Hex(*a.at)))
    if a.reroll == "teleport" and state.paused and state.paused[-1].kind == moving.TP_REROLL:
        run = state.paused[-1].data
        t, n = state.units[run["teleporter"]], moving.tp_queue(state, run)
        dist = mapped(die(10), lambda f: min(f, n))
        return Preview(title=f"Psionic re-roll of {t.name}'s teleport die", dice="1d10 units materialised",
                       outcomes=tuple(Outcome(label=f"{count(k, 'unit')} materialised, {count(n - k, 'unit')} suspended",
                                              chance=p) for k, p in sorted(dist.items())),
                       notes=(f"the die showed {run['roll']}; {count(n, 'unit')} to send",))
    if a.reroll == "orders" and state.paused and state.paused[-1].kind == od.REROLL:
        cmd = state.units[state.paused[-1].data["cmds"][0]]
        dist = mapped(die(10), lambda f: pips_for(f, cmd.stats.orders))
        return Preview(title=f"Psionic re-roll of {cmd.name}'s Orders die", dice=f"1d10 (Orders {cmd.stats.orders})",
                       outcomes=tuple(Outcome(label=count(k, "pip"), chance=p) for k, p in sorted(dist.items())),
                       notes=(f"{cmd.name} has {count(state.pips.get(cmd.id, 0), 'pip')} now",))
    if a.reroll == "cqb" and state.paused and state.paused[-1].kind == melee.REROLL:
        return cqb_reroll_preview(state, state.paused[-1].data, state.unit_at(Hex(*a.at)))
    if a.reroll and state.paused and state.paused[-1].kind == "psi_die":
        return reroll_preview(state, state.paused[-1].data, a.reroll)
    cmd = state.unit_at(Hex(*a.at))
    paused = state.paused[-1].kind if state.paused else ""
    if a.simulate == "mobile" and cmd is not None:
        return mobile_preview(state, cmd)
    if a.simulate == "ads" and paused == "psi_fire":
        data = state.paused[-1].data
        fire = state.units[data["firer"]].stats.weapon(data["w"]).fire
        dist = mapped(die(10), lambda n: min(fire, 10 * sp.margin(10, n)))
        return Preview(title="Psionic ADS", dice="1d10 (as ADS 10, no enemy ECM to beat)",
                       outcomes=tuple(Outcome(label=f"Fire {fire} cut by {k}", chance=p) for k, p in sorted(dist.items())))
    if a.simulate == "ecm" and paused == "ecm_teleport":
        dist = mapped(die(10), lambda n: n)
        return Preview(title="Psionic disruption of a teleporter", dice="1d10 units kept",
                       outcomes=tuple(Outcome(label=f"{count(k, 'unit')} kept this turn", chance=p)
                                      for k, p in sorted(dist.items())))
    if a.simulate == "ecm" and not paused and cmd is not None and state.phase == "fire":
        ads = firing.ads_factor(state, cmd)
        dist = mapped(die(10), lambda n: min(ads, sp.margin(10, n)))
        return Preview(title=f"Psionic ECM against the ADS of {cmd.name}", dice="1d10 (as ECM 10, no ADS roll)",
                       outcomes=tuple(Outcome(label=f"ADS {ads} cut by {k}", chance=p) for k, p in sorted(dist.items())))
    if a.simulate == "ecm" and not paused and cmd is not None and state.phase == "move":
        n_ = len(cmd.buffer)
        dist = mapped(die(10), lambda f: min(f, n_))
        return Preview(title=f"Psionic hijack of {cmd.name}", dice="1d10 units materialised",
                       outcomes=tuple(Outcome(label=f"{count(k, 'unit')} materialised", chance=p)
                                      for k, p in sorted(dist.items())))
    if a.simulate == "ecm" and not paused and cmd is not None:
        before = state.pips.get(cmd.id, 0)
        dist = mapped(die(10), lambda n: sp.pips_after_ecm(before, n))
        return Preview(title=f"Psionic jam of {cmd.name}", dice="1d10 pips removed (not below 2)",
                       outcomes=tuple(Outcome(label=f"{count(k, 'pip')} left", chance=p) for k, p in sorted(dist.items())),
                       notes=(f"{cmd.name} has {count(before, 'pip')} now",))
    return None


def mobile_preview(state: HwState, u: HwUnit) -> Preview | None:
    """The unit's movement roll as it would be with the psionic Mobile, and its chance to arrive without it."""
    sim = state.model_copy(update={"psi_mobile": [*state.psi_mobile, u.id]})
    with_pip, without = move_preview(sim, u), move_preview(state, u)
    if with_pip is None or without is None:
        return None
    plain = next((n for n in without.notes if n.startswith("reaches")), "")
    notes = with_pip.notes + ((f"without the pip it {plain}",) if plain else ())
    return with_pip.model_copy(update={"title": f"{u.name} moves as Mobile (Hard as Easy, V.Hard as Hard)",
                                       "notes": notes})


ECM_WORDS = {"order": "the order is cancelled", "jam": "the commander is jammed (1d10 pips off, not below 2)",
             "disrupt": "the teleporter is disrupted (1d10 units kept)", "hijack": "the teleporter is hijacked (1d10 "
             "units materialise)", "ads": "the ADS is cut", "homing": "the target's cover is restored"}


def ecm_reroll_preview(state: HwState, c: dict, u: HwUnit | None) -> Preview | None:
    """The ECM contest with that unit's die rolled again (the other die as it is): whether the use succeeds."""
    dice = dict((uid, d) for d, uid in contest.die_units(c))
    if u is None or u.id not in dice:
        return None
    die_ = dice[u.id]

    def outcome(face: int) -> str:
        r = contest.result({**c, die_: face})
        if not r.success:
            return "the ADS fails (or is beaten)" if c.get("my_die") == "ADS" else "the ECM fails (or is beaten)"
        if c["use"] == "ads":
            return f"the ADS is cut by {min(c['foe_factor'], r.difference)}"
        if c["use"] == "intercept":
            return f"the Fire is cut by {10 * r.difference}"
        return ECM_WORDS[c["use"]]

    dist = mapped(die(10), outcome)
    kept = "theirs" if die_ == "mine" else "mine"
    name = c.get("my_die", "ECM") if die_ == "mine" else c["foe_die"]
    return Preview(title=f"Psionic re-roll of {u.name}'s {name} die",
                   dice="1d10", outcomes=tuple(Outcome(label=k, chance=p) for k, p in sorted(dist.items())),
                   notes=(f"the die showed {c[die_]}" + (f"; the other stays {c[kept]}" if c[kept] is not None else ""),))


def cqb_reroll_preview(state: HwState, bout: dict, u: HwUnit | None) -> Preview | None:
    """The bout's result with that unit's die rolled again (every other die as it is)."""
    if u is None or u.id not in bout["scores"]:
        return None
    factor = dict((k, f) for k, f in (*bout["a"], *bout["b"]))[u.id]

    def outcome(face: int) -> tuple[int | None, int]:
        r = melee.result({**bout, "scores": {**bout["scores"], u.id: min(face, factor)}})
        return r.loser, r.damage

    dist = mapped(die(100), outcome)
    side_names = {x.id: x.name for x in state.sides}
    names = tuple(side_names.get(x, x) for x in bout["sides"])
    return Preview(title=f"Psionic re-roll of {u.name}'s close combat die", dice=f"1d100 (CQB {factor})",
                   outcomes=cqb_outcomes(dist, names),
                   notes=(f"{u.name} scored {bout['scores'][u.id]}; the other dice stay as rolled",))


RANGE_WORDS = {"good": "good hit", "hit": "on target", "miss": "not sighted"}


def reroll_preview(state: HwState, shot: dict, die_: str) -> Preview:
    """The result of the shot with that one die rolled again (the other dice as they are)."""
    if die_ == "range":
        dist = odds.range_roll(shot["d"], state.hex_cm, shot["level"], shot["kind"])
        outcomes = tuple(Outcome(label=RANGE_WORDS[k], chance=p) for k, p in sorted(dist.items(), key=lambda kv: kv[0]))
        return Preview(title="Psionic re-roll of the Range die", dice="1d100 Range (x2)", outcomes=outcomes,
                       notes=(f"{shot['d']} cm to the target; the die showed {shot['range']}",))
    fire_face, armour_face = (None, shot["armour"]) if die_ == "fire" else (shot["fire"], None)
    dist = odds.fire_with_one_die(fire_face, armour_face, shot["fire_factor"], shot["armour_factor"], good=shot["good"],
                                  level=shot["level"], kind=shot["kind"], double=shot["double"])
    kept = shot["armour"] if die_ == "fire" else shot["fire"]
    return Preview(title=f"Psionic re-roll of the {die_.capitalize()} die", dice=f"1d100 {die_.capitalize()}",
                   outcomes=shot_outcomes(dist),
                   notes=(f"the die showed {shot[die_]}; the {'Armour' if die_ == 'fire' else 'Fire'} die stays {kept}",))


def teleport_ecm_preview(state: HwState, a: Jam) -> Preview | None:
    """ECM against a teleporter: hijack (Phase 5) or disrupt (while the enemy teleporter waits)."""
    e, t = state.units.get(a.unit), state.unit_at(Hex(*a.at))
    if e is None or t is None or not e.stats.ecm:
        return None
    success = odds.contest_chance(e.stats.ecm, teleporting.counter_ecm(state, t.side, e))
    paused = state.paused[-1].kind if state.paused else ""
    if paused == teleporting.DISRUPT:
        dist = odds.after_ecm(success, {"disrupted: it stays, with 1d10 units in all kept this turn": Fraction(1)})
        title = f"{e.name} disrupts {t.name}"
    elif not paused and state.phase == "move" and t.buffer:
        n = len(t.buffer)
        dist = odds.after_ecm(success, mapped(die(10), lambda f: f"{count(min(f, n), 'unit')} materialised"))
        title = f"{e.name} hijacks {t.name}"
    else:
        return None
    labels = {"failed": "the ECM fails (or is beaten)"}
    return Preview(title=title, dice="1d10 ECM (against the best enemy ECM in range), then 1d10",
                   outcomes=tuple(Outcome(label=labels.get(k, k), chance=p) for k, p in dist.items()),
                   notes=(f"ECM {e.stats.ecm}; the chance it succeeds {_pct(success)}",))
