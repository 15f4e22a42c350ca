"""Exact odds of a blow on a hex holding a unit and the special figures attached to it (an area attack,
traversing fire): every figure saves alone, the unit's one morale check counts every figure of the hex lost."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from rules.odds import convolve, mixture
from rules.rulesets.dhr.odds import NO_ATTACK, ONE, AttackOdds, Joint, casualties_distribution, casualty_chance, morale_distribution
from rules.rulesets.dhr.procedures import Combatant, Firer, LineTarget, chance_under, fire_target, morale_target, range_penalty




def hex_joint(host: Combatant, host_casualties: dict[int, Fraction], others: list[dict[int, Fraction]]) -> Joint:
    """The unit's (casualties, retreat) when the figures attached to it were attacked in the same
    blow: its one morale check counts every figure of the hex lost (the others are independent
    of its own casualties, given the attack happened)."""
    other_total: dict[int, Fraction] = {0: ONE}
    for d in others:
        other_total = convolve(other_total, d)
    out: dict = defaultdict(Fraction)
    for c, p in host_casualties.items():
        for o, q in other_total.items():
            if c >= host.figures:
                out[(c, None)] += p * q
                continue
            t = morale_target(host.rating, host.terrain_dv, c + o, leader_rating=host.leader_rating,
                              untenable=host.untenable)
            for r, w in morale_distribution(t).items():
                out[(c, r)] += p * q * w
    return dict(out)


def _gate(joint: Joint, chance: Fraction) -> Joint:
    if chance == 1:
        return joint
    mixed = mixture([(chance, joint), (1 - chance, {(0, None): ONE})])
    return {k: v for k, v in mixed.items() if v}


def _fig_odds(cas: dict[int, Fraction], c: Combatant, chance: Fraction, dice: str) -> AttackOdds:
    return AttackOdds(_gate({(k, None): p for k, p in cas.items()}, chance), c.figures, dice=dice)


def area_hex_odds(
    rating: int,
    targets: list[Combatant],
    *,
    distance: int = 0,
    weapon_range: int = 0,
    melee: bool = False,
    modifier: int = 0,
    light: int | None = None,
    armour: bool = True,
    save_dv: int | None = None,
) -> list[AttackOdds]:
    """An area attack on a hex holding a unit (first) and the special figures attached to it:
    one roll to land, every figure saves, the unit checks morale counting every figure lost
    (the rule set's `_area_on_hex`). The figures' odds have no morale (they stick with it)."""
    if melee:
        p_hit = ONE
    else:
        t = rating - range_penalty(distance, weapon_range) + modifier
        if t <= 0:
            return [NO_ATTACK(c.figures) for c in targets]
        p_hit = chance_under(t)
    per_fig = (chance_under(light) if light is not None and light < 6 else ONE)
    cas = []
    for c in targets:
        dv = c.terrain_dv if save_dv is None else save_dv
        per = per_fig * (1 - chance_under(dv)) * (1 - chance_under(c.armour_dv if armour else 0))
        cas.append(casualties_distribution(c.figures, per, c.figures, toughness=c.toughness, wounds=c.wounds,
                                           medic=c.medic))
    host = AttackOdds(_gate(hex_joint(targets[0], cas[0], cas[1:]), p_hit), targets[0].figures, dice="area effect")
    return [host, *(_fig_odds(d, c, p_hit, "area effect") for d, c in zip(cas[1:], targets[1:]))]


def traverse_odds(firer: Firer, targets: list[LineTarget], allocation: list[int], *, slots: int = 1,
                  modifier: int = 0) -> list[AttackOdds]:
    """Traversing fire over the figures of one hex (the unit first): each its share of the dice,
    one morale check for the unit counting every figure lost (the rule set's `traverse`)."""
    hit = fire_target(firer.rating, targets[0].distance, firer.weapon_range, slots, modifier)
    if hit <= 0:
        return [NO_ATTACK(t.target.figures) for t in targets]
    cas = []
    for n, t in zip(allocation, targets):
        c = t.target
        cas.append(casualties_distribution(n, casualty_chance(hit, t.save_dv, c.armour_dv), c.figures,
                                           toughness=c.toughness, wounds=c.wounds, medic=c.medic))
    words = [f"{n}d6 needing {hit} or less" for n in allocation]
    host = AttackOdds(hex_joint(targets[0].target, cas[0], cas[1:]), targets[0].target.figures, dice=words[0])
    return [host, *(_fig_odds(d, t.target, ONE, w) for d, t, w in zip(cas[1:], targets[1:], words[1:]))]
