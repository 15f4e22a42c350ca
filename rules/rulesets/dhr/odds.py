"""Exact odds for the DHR preview: casualties after terrain and armour saves, morale and retreat.

Computed, never sampled, from the same definitions the procedures use
(`fire_target`, `rof_dice`, `chance_under`, `casualties_from_hits`,
`morale_target`, `retreat_for`, `contest_winner`). Every die of an attack is
independent: a firing die becomes a casualty when it hits, then is not saved
by terrain, then not by armour, so the uncapped hits are binomial; the cap at
the unit's figures, a Champion's toughness, the Medic's 1s and the morale
roll are then folded in exactly. `enumerate_odds.enumerate_procedure` runs a
procedure over every dice outcome (small cases) so tests can check the two
agree; `armour_odds` does the same for vehicles, `hex_odds` for a unit with the
figures attached to it.

Outcome keys of a joint distribution are `(casualties, retreat)`; `retreat`
is None when no morale check is made (the unit is gone, or the attack never
happened) and 0 when the check is passed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from rules import outcomes
from rules.core import Outcome
from rules.odds import binomial, convolve, mapped, mixture
from rules.outcomes import IMMOBILISED, MORALE_FAILED, STOPPED, UnitEffect
from rules.rulesets.dhr.procedures import (
    Combatant, Firer, LineTarget, casualties_from_hits, chance_under, effective_check_rating, fire_modifiers,
    fire_target, melee_target, morale_target, range_penalty, retreat_for, rof_dice, spread_dice,
)
from rules.words import count, with_verb

Joint = dict  # dict[tuple[int, int | None], Fraction]

ONE = Fraction(1)


def morale_distribution(target: int) -> dict[int, Fraction]:
    """Retreat hexes for a morale check at `target` (0 = holds), as `morale_check` rolls it."""
    if target >= 6:
        return {0: ONE}
    return mapped({face: Fraction(1, 6) for face in range(1, 7)}, lambda face: retreat_for(face, target))


def casualty_chance(hit_target: int, save_dv: int, armour_dv: int) -> Fraction:
    """Chance that one attack die removes a hit: hits, then fails its terrain and its armour save."""
    return chance_under(hit_target) * (1 - chance_under(save_dv)) * (1 - chance_under(armour_dv))


def casualties_distribution(
    n_dice: int, per_die: Fraction, figures: int, *, toughness: int = 1, wounds: int = 0, medic: bool = False,
    groups: Iterable[tuple[int, Fraction]] | None = None,
) -> dict[int, Fraction]:
    """Figures lost when `n_dice` dice each get through with chance `per_die` (then cap, toughness, Medic).

    `groups` replaces (n_dice, per_die) by several groups of dice with their own chances (a unit's
    melee dice and its Champion's, at different Ratings)."""
    through: dict[int, Fraction] = {0: ONE}
    for n, p in (groups if groups is not None else [(n_dice, per_die)]):
        through = convolve(through, binomial(n, p))
    raw = mapped(through, lambda h: casualties_from_hits(h, figures, toughness, wounds)[0])
    if not medic:
        return raw
    return mixture((p, mapped(binomial(c, Fraction(1, 6)), lambda k, c=c: c - k)) for c, p in raw.items())


def with_morale(casualties: dict[int, Fraction], target: Combatant, *, dv: int | None = None) -> Joint:
    """Join casualties with the morale check that follows (DHR-A23); no check when the unit is gone."""
    out: dict = defaultdict(Fraction)
    for c, p in casualties.items():
        if c >= target.figures:
            out[(c, None)] += p
            continue
        t = morale_target(target.rating, target.terrain_dv if dv is None else dv, c,
                          leader_rating=target.leader_rating, untenable=target.untenable)
        for r, q in morale_distribution(t).items():
            out[(c, r)] += p * q
    return dict(out)


@dataclass(frozen=True)
class AttackOdds:
    """The exact outcome of one attack on one unit."""

    joint: Joint
    figures: int
    possible: bool = True
    """False when the attack cannot be made (target number 0 or less)."""
    dice: str = ""
    """What will be rolled, in words."""
    modifiers: tuple[str, ...] = ()
    """Where the firing number comes from (`procedures.fire_modifiers`), as the dice log will show it."""

    @property
    def casualties(self) -> dict[int, Fraction]:
        return mapped(self.joint, lambda k: k[0])

    @property
    def retreat(self) -> dict[int | None, Fraction]:
        return mapped(self.joint, lambda k: k[1])

    @property
    def morale_fail(self) -> Fraction:
        """Chance of failing the morale check (a retreat of 1 hex or more)."""
        return sum((p for (c, r), p in self.joint.items() if r), Fraction(0))

    @property
    def eliminated(self) -> Fraction:
        return sum((p for (c, r), p in self.joint.items() if c >= self.figures), Fraction(0))

    @property
    def leaves(self) -> Fraction:
        """Chance the unit is wiped out or runs."""
        return self.morale_fail + self.eliminated

    @property
    def expected_casualties(self) -> Fraction:
        return sum((c * p for (c, r), p in self.joint.items()), Fraction(0))

    def outcomes(self, who: str = "target", unit: str | None = None) -> list[Outcome]:
        """Preview lines: each casualty count with its chance, then morale and retreat. `unit` is the id their
        effects name (`who` by default: the resolver has roles, not units)."""
        return self.casualty_lines(who, unit) + self.morale_lines(who, unit) + self.retreat_lines(who, unit)

    def casualty_lines(self, who: str, unit: str | None = None) -> list[Outcome]:
        return [unit_line(UnitEffect(unit=unit or who, losses=c, loss="figures", eliminated=c >= self.figures), p)
                for c, p in sorted(self.casualties.items())]

    def morale_lines(self, who: str, unit: str | None = None) -> list[Outcome]:
        """The chance of failing morale; no line when it cannot fail (never "0.00% fails morale")."""
        if not self.morale_fail:
            return []
        return [unit_line(UnitEffect(unit=unit or who, status=(MORALE_FAILED,)), self.morale_fail)]

    def retreat_lines(self, who: str, unit: str | None = None) -> list[Outcome]:
        return [unit_line(UnitEffect(unit=unit or who, retreat=r), p)
                for r, p in sorted((r, p) for r, p in self.retreat.items() if r)]


VEHICLE_WORDS = {"crew bailed": "  of which the crew bails (no smoke)", "weapon out": "main weapon knocked out",
                 IMMOBILISED: "mobility kill (still in the fight)", "crew casualty": "crew casualty (Rating -1 each)"}
"""A vehicle's damage (the damage effect table), in words: 'crew bailed' is a part of the line above it."""


def unit_words(who: str, e: UnitEffect) -> str:
    """The words of one outcome for one unit, made from its effect ('Grenadiers: 2 casualties', 'Panther: main
    weapon knocked out', 'Sergeant falls'): DHR's `outcome_words` makes every preview line about a unit with it."""
    if e.loss == "figures":
        return f"{who}: {e.losses} casualt{'y' if e.losses == 1 else 'ies'}" + (" (wiped out)" if e.eliminated else "")
    if e.loss == "vehicles":
        return f"{who}: {'a vehicle' if e.losses == 1 else count(e.losses, 'vehicle')} knocked out (wreck)"
    if e.retreat:
        return f"{who}: retreats {e.retreat} hex{'es' if e.retreat != 1 else ''}"
    if MORALE_FAILED in e.status:
        return f"{who}: fails morale"
    if STOPPED in e.status:
        return "stopped"
    if e.status and e.status[0] in VEHICLE_WORDS:
        said = VEHICLE_WORDS[e.status[0]]
        return said if said.startswith(" ") else f"{who}: {said}"
    if e.eliminated:
        return f"{with_verb(who, 'falls', 'fall')}"
    return f"{who}: no effect"


def outcome_words(outcome: Outcome, names: Mapping[str, str]) -> str:
    """DHR's words of an outcome (the contract's `outcome_words`), made from its effects."""
    return outcomes.outcome_words(outcome, names, unit_words, outcomes.objective_words)


def unit_line(e: UnitEffect, chance: Fraction) -> Outcome:
    return Outcome(chance=chance, units=(e,))


NO_ATTACK = lambda figures: AttackOdds({(0, None): ONE}, figures, possible=False)  # noqa: E731


def fire_odds(
    firer: Firer,
    target: Combatant,
    *,
    distance: int,
    save_dv: int,
    slots: int = 1,
    modifier: int = 0,
    dice_count: int | None = None,
    morale: bool = True,
) -> AttackOdds:
    """The exact result of `resolve_fire` with the same arguments."""
    per_firer, _ = rof_dice(firer.rof, slots)
    n = firer.figures * per_firer if dice_count is None else dice_count
    hit = fire_target(firer.rating, distance, firer.weapon_range, slots, modifier)
    if hit <= 0:
        return NO_ATTACK(target.figures)
    cas = casualties_distribution(n, casualty_chance(hit, save_dv, target.armour_dv), target.figures,
                                  toughness=target.toughness, wounds=target.wounds, medic=target.medic)
    joint = with_morale(cas, target) if morale else {(c, None): p for c, p in cas.items()}
    return AttackOdds(joint, target.figures, dice=f"{n}d6 needing {hit} or less, saves on {save_dv}/{target.armour_dv}",
                      modifiers=fire_modifiers(firer.rating, distance, firer.weapon_range, slots, modifier))


def line_fire_odds(
    firer: Firer,
    targets: list[LineTarget],
    *,
    slots: int = 1,
    modifier: int = 0,
    allocation: list[int] | None = None,
) -> list[AttackOdds]:
    """The exact result for each target of `resolve_line_fire` (the targets are independent)."""
    per_firer, _ = rof_dice(firer.rof, slots)
    alloc = allocation if allocation is not None else spread_dice(firer.figures * per_firer,
                                                                 [t.target.figures for t in targets])
    return [fire_odds(firer, t.target, distance=t.distance, save_dv=t.save_dv, slots=slots, modifier=modifier,
                      dice_count=n) if n else NO_ATTACK(t.target.figures) for n, t in zip(alloc, targets)]


def crew_check_chance(rating: int, crew_lost: int, *, leader_rating: int | None = None) -> Fraction:
    """Chance that a reduced crew passes `crew_check` and the gun fires (DHR-A14)."""
    if crew_lost <= 0:
        return ONE
    return chance_under(effective_check_rating(rating, leader_rating) - crew_lost)


def gated(odds: AttackOdds, chance: Fraction) -> AttackOdds:
    """The attack happens only with `chance` (a crew check first, an area attack's roll to land)."""
    joint = mixture([(chance, odds.joint), (1 - chance, {(0, None): ONE})])
    return AttackOdds({k: v for k, v in joint.items() if v}, odds.figures, odds.possible and chance > 0, odds.dice)


@dataclass(frozen=True)
class MeleeOdds:
    """Both sides of a melee round (independent: each side's losses come from the other's dice)."""

    defender: AttackOdds
    """What happens to the defender."""
    attacker: AttackOdds
    """What happens to the attacker."""

    @property
    def attacker_may_enter(self) -> Fraction:
        """Chance the defender leaves (runs or is wiped out) while the attacker holds."""
        return self.defender.leaves * (1 - self.attacker.leaves)

    def outcomes(self, attacker: str | None = None, defender: str | None = None) -> list[Outcome]:
        """Both sides' casualties first, then both sides' morale, then who may take the hex and how
        far each runs: a screen that shows only the first lines still shows what both sides lose.
        `attacker` and `defender` are the ids the effects name (the roles by default)."""
        d, a = self.defender, self.attacker
        return (d.casualty_lines("defender", defender) + a.casualty_lines("attacker", attacker)
                + d.morale_lines("defender", defender) + a.morale_lines("attacker", attacker)
                + [Outcome(label="attacker may enter the hex", chance=self.attacker_may_enter)]
                + d.retreat_lines("defender", defender) + a.retreat_lines("attacker", attacker))


def melee_odds(
    attacker: Combatant, defender: Combatant, *, attacker_modifier: int = 0, defender_modifier: int = 0
) -> MeleeOdds:
    """The exact result of `resolve_melee` with the same arguments."""
    def side(hitter: Combatant, mod: int, hurt: Combatant, dv: int) -> AttackOdds:
        t = melee_target(hitter, mod)
        n = hitter.figures * max(1, hitter.melee_dice)
        groups = [(n, casualty_chance(t, dv, hurt.armour_dv) if t > 0 else Fraction(0))]
        words = f"{n}d6 needing {t} or less"
        for k, rating in hitter.champions:
            ct = rating + mod
            groups.append((k, casualty_chance(ct, dv, hurt.armour_dv) if ct > 0 else Fraction(0)))
            words += f" + champion {k}d6 needing {ct} or less"
        cas = casualties_distribution(0, ONE, hurt.figures, toughness=hurt.toughness, wounds=hurt.wounds,
                                      medic=hurt.medic, groups=groups)
        return AttackOdds(with_morale(cas, hurt), hurt.figures, dice=words)

    return MeleeOdds(side(attacker, attacker_modifier, defender, defender.terrain_dv),
                     side(defender, defender_modifier, attacker, 0))


def area_odds(
    rating: int,
    target: Combatant,
    *,
    distance: int = 0,
    weapon_range: int = 0,
    melee: bool = False,
    modifier: int = 0,
    light: int | None = None,
    armour: bool = True,
    save_dv: int | None = None,
) -> AttackOdds:
    """The exact result of an area attack on one unit (`area_hit` then `area_effect_on`)."""
    if melee:
        p_hit = ONE
    else:
        t = rating - range_penalty(distance, weapon_range) + modifier
        if t <= 0:
            return NO_ATTACK(target.figures)
        p_hit = chance_under(t)
    per_fig = (chance_under(light) if light is not None and light < 6 else ONE)
    dv = target.terrain_dv if save_dv is None else save_dv
    per = per_fig * (1 - chance_under(dv)) * (1 - chance_under(target.armour_dv if armour else 0))
    cas = casualties_distribution(target.figures, per, target.figures, toughness=target.toughness,
                                  wounds=target.wounds, medic=target.medic)
    hit_joint = with_morale(cas, target)
    joint = mixture([(p_hit, hit_joint), (1 - p_hit, {(0, None): ONE})])
    return AttackOdds({k: v for k, v in joint.items() if v}, target.figures, dice="area effect")


def overrun_odds(target: Combatant, *, kill_value: int = 1, save_dv: int | None = None) -> AttackOdds:
    """The exact result of `vehicle_overrun` (no armour saves, DHR-A27)."""
    dv = target.terrain_dv if save_dv is None else save_dv
    per = chance_under(kill_value) * (1 - chance_under(dv))
    cas = casualties_distribution(target.figures, per, target.figures, toughness=target.toughness,
                                  wounds=target.wounds, medic=target.medic)
    return AttackOdds(with_morale(cas, target), target.figures, dice=f"{target.figures}d6 needing {kill_value} or less")
