"""Exact odds of a psionic pip that rolls (an enemy weapon fired, a die re-rolled, an ECM use simulated) and of ECM
against a teleporter."""

from __future__ import annotations

from fractions import Fraction

from rules.core import Outcome, Preview
from rules.hexgrid import Hex
from rules.odds import die, mapped
from rules.outcomes import EFFECTS, SideEffect
from rules.rulesets.hundred_wars import contest, firing, melee, mode_dice, moving, teleporting
from rules.rulesets.hundred_wars import odds
from rules.rulesets.hundred_wars import orders as od
from rules.rulesets.hundred_wars import terrain as ter
from rules.rulesets.hundred_wars.actions import Jam, PsiReveal
from rules.rulesets.hundred_wars.procedures import specials as sp
from rules.rulesets.hundred_wars.procedures.orders import pips_for
from rules.rulesets.hundred_wars.roll_preview import (
    _pct, cqb_outcomes, firing_preview, mobile_preview, move_preview, shot_outcomes,
)
from rules.rulesets.hundred_wars.state import HwState
from rules.rulesets.hundred_wars.units import HwUnit
from rules.words import agree, count


def psi_preview(state: HwState, a: PsiReveal) -> Preview | None:
    """The odds of a pip that rolls: an enemy weapon fired, a die of a shot re-rolled, an ECM jam simulated."""
    if a.weapon is not None and a.to is not None:
        e = state.unit_at(Hex(*a.at))
        return firing_preview(state, e.id, a.weapon, Hex(*a.to)) if e is not None else None
    return reroll_pip_preview(state, a) or simulate_pip_preview(state, a)


def reroll_pip_preview(state: HwState, a: PsiReveal) -> Preview | None:
    """A die rolled again by a pip: of a movement roll, a suicide attack, a field repair, a terrain roll, an ECM
    contest, a teleport, an Orders roll, a close combat or a shot."""
    paused = state.paused[-1] if state.paused else None
    if not a.reroll or paused is None:
        return None
    if a.reroll == "move" and paused.kind == moving.REROLL:
        run = paused.data
        u = state.units.get(run["unit"])
        return move_preview(state, u, run=run) if u is not None else None
    if a.reroll in ("fire", "armour") and paused.kind == moving.SUICIDE_REROLL:
        blow = paused.data
        fire_face, armour_face = (None, blow["armour"]) if a.reroll == "fire" else (blow["fire"], None)
        dist = odds.fire_with_one_die(fire_face, armour_face, blow["fire_factor"], blow["armour_factor"])
        return Preview(title=f"Psionic re-roll of the suicide attack's {a.reroll.capitalize()} die",
                       dice=f"1d100 {a.reroll.capitalize()}", outcomes=shot_outcomes(dist, blow["target"]),
                       notes=(f"Fire {blow['fire_factor']} (the closing speed) against Armour {blow['armour_factor']}",))
    if a.reroll == "repair" and paused.kind == firing.REPAIR_REROLL:
        fixer = state.units[paused.data["fixer"]]
        f = fixer.stats.field_repairs

        def said(face: int) -> str:
            r = sp.field_repair(f, face)
            return ("1 point repaired" if r.repaired else "no repair") + (
                "; no further repairs on that factor" if r.locked else "")

        dist = mapped(die(10), said)
        return Preview(title=f"Psionic re-roll of {fixer.name}'s Field Repairs die", dice=f"1d10 (below {f})",
                       outcomes=tuple(Outcome(label=k, chance=p) for k, p in sorted(dist.items())),
                       notes=(f"the die showed {paused.data['roll']}",))
    if a.reroll == "terrain" and paused.kind == mode_dice.REROLL:
        piece = paused.data["pieces"][0]
        dist = mapped(die(10), ter.mode_roll)
        return Preview(title=f"Psionic re-roll of the terrain die of the {piece.split('@')[0]}", dice="1d10 (0 is 10)",
                       outcomes=tuple(Outcome(label=ter.LEVEL_WORDS[k], chance=p) for k, p in
                                      sorted(dist.items(), key=lambda kv: list(ter.LEVEL_WORDS).index(kv[0]))),
                       notes=(f"it is {ter.LEVEL_WORDS[state.terrain_rolls[piece]]} now",))
    if a.reroll == "ecm" and paused.kind == contest.REROLL:
        return ecm_reroll_preview(state, paused.data, state.unit_at(Hex(*a.at)))
    if a.reroll == "teleport" and paused.kind == moving.TP_REROLL:
        run = paused.data
        t, n = state.units[run["teleporter"]], moving.tp_queue(state, run)
        dist = mapped(die(10), lambda f: min(f, n))
        return Preview(title=f"Psionic re-roll of {t.name}'s teleport die", dice="1d10 units materialised",
                       outcomes=tuple(Outcome(label=f"{count(k, 'unit')} materialised, {count(n - k, 'unit')} suspended",
                                              chance=p) for k, p in sorted(dist.items())),
                       notes=(f"the die showed {run['roll']}; {count(n, 'unit')} to send",))
    if a.reroll == "orders" and paused.kind == od.REROLL:
        cmd = state.units[paused.data["cmds"][0]]
        dist = mapped(die(10), lambda f: pips_for(f, cmd.stats.orders))
        now = state.pips.get(cmd.id, 0)
        return Preview(title=f"Psionic re-roll of {cmd.name}'s Orders die", dice=f"1d10 (Orders {cmd.stats.orders})",
                       outcomes=tuple(_pip_outcome(count(k, "pip"), p, cmd.side, k - now)
                                      for k, p in sorted(dist.items())),
                       notes=(f"{cmd.name} {agree(cmd.agrees_as, 'has', 'have')} {count(state.pips.get(cmd.id, 0), 'pip')} now",))
    if a.reroll == "cqb" and paused.kind == melee.REROLL:
        return cqb_reroll_preview(state, paused.data, state.unit_at(Hex(*a.at)))
    if paused.kind == "psi_die":
        return reroll_preview(state, paused.data, a.reroll)
    return None


def simulate_pip_preview(state: HwState, a: PsiReveal) -> Preview | None:
    """A pip that plays an ECM or ADS of factor 10, or lends Mobile."""
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
                       outcomes=tuple(_pip_outcome(f"{count(k, 'pip')} left", p, cmd.side, k - before)
                                      for k, p in sorted(dist.items())),
                       notes=(f"{cmd.name} {agree(cmd.agrees_as, 'has', 'have')} {count(before, 'pip')} now",))
    return None


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
                   outcomes=shot_outcomes(dist, shot["target"]),
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
        title = f"{e.name} {agree(e.agrees_as, 'disrupts', 'disrupt')} {t.name}"
    elif not paused and state.phase == "move" and t.buffer:
        n = len(t.buffer)
        dist = odds.after_ecm(success, mapped(die(10), lambda f: f"{count(min(f, n), 'unit')} materialised"))
        title = f"{e.name} {agree(e.agrees_as, 'hijacks', 'hijack')} {t.name}"
    else:
        return None
    labels = {"failed": "the ECM fails (or is beaten)"}
    return Preview(title=title, dice="1d10 ECM (against the best enemy ECM in range), then 1d10",
                   outcomes=tuple(Outcome(label=labels.get(k, k), chance=p) for k, p in dist.items()),
                   notes=(f"ECM {e.stats.ecm}; the chance it succeeds {_pct(success)}",))


def _pip_outcome(words: str, chance: Fraction, side: str, change: int) -> Outcome:
    """A commander's pips after a roll ('3 pips'), with the change to its side's ('3 pips (+1)')."""
    if not change:
        return Outcome(label=words, chance=chance)
    return Outcome(chance=chance, sides=(SideEffect(side=side, pips=change),), event=f"{words} ({EFFECTS})")
