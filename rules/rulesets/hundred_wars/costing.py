"""Points: the text's costing of every factor and speciality (text: "Cost" lines, "Sample list and Costing")."""

from __future__ import annotations

import math

from rules.rulesets.hundred_wars.units import HwStats, Weapon

MODE_COST = (1, 2, 5, 10)
"""Points per cm of the 1st, 2nd, 3rd and 4th Move mode, in the order listed (AHW-A19)."""
MOBILE_TIMES = {"": 1, "hard_to_easy": 5, "vhard_to_hard": 5, "both": 10}
HOMING_TIMES = 10
"""Homing - Costs x 10."""
ORDERS_COST = 10
"""Orders 1d10, 10 pnt per."""
SPECIAL_COST = 25
"""Psionic pips, Teleport capacity, ECM and ADS points: 25 pnts each."""
REPAIR_COST = 10
"""Field Repairs: 10 pnts per factor."""


def range_cost(cm: int) -> int:
    """Range 1d100 (x2 cms), 1 pnt per: one point per 2 cm step, ceil(cm / 2) (AHW-A02)."""
    return math.ceil(cm / 2)


def move_cost(stats: HwStats) -> int:
    """Each mode's factor times its place's price (1, 2, 5, 10), times 5 or 10 for that mode's Mobile."""
    return sum(mode_cost(stats, i) for i in range(len(stats.move)))


def mode_cost(stats: HwStats, i: int) -> int:
    """The `i`th mode: its factor times its place's price, times 5 or 10 if Mobile is bought with it."""
    m = stats.move[i]
    return m.factor * MODE_COST[i] * MOBILE_TIMES[stats.mobile_in(m.mode)]


def weapon_cost(w: Weapon) -> int:
    """Fire 1 pnt per (x10 Homing) plus its Range."""
    return w.fire * (HOMING_TIMES if w.kind == "homing" else 1) + range_cost(w.range)


def orders_cost(stats: HwStats) -> int:
    """10 pnts per Orders point plus the Orders Range (in 2-cm steps, AHW-A02)."""
    if not stats.orders and not stats.orders_range:
        return 0
    return stats.orders * ORDERS_COST + range_cost(stats.orders_range)


def armour_cost(stats: HwStats) -> int:
    """Armour 1 pnt per; All Round Armour doubles it (free at 10 or less); Top Armour and Mine Proof cost as Armour."""
    cost = stats.armour
    if stats.all_round and stats.armour > 10:
        cost *= 2
    if stats.top_armour:
        cost += stats.armour
    if stats.mine_proof:
        cost += stats.armour
    return cost


def speciality_cost(stats: HwStats) -> int:
    """Psionic, Teleport, ECM: 25 per point, 1 pnt per cm range (AHW-A22); ADS also 1 per Fire; Field Repairs 10 per."""
    cost = 0
    if stats.psionic or stats.psionic_range:
        cost += stats.psionic * SPECIAL_COST + stats.psionic_range
    if stats.teleport or stats.teleport_range:
        cost += stats.teleport * SPECIAL_COST + stats.teleport_range
    if stats.ecm or stats.ecm_range:
        cost += stats.ecm * SPECIAL_COST + stats.ecm_range
    if stats.ads or stats.ads_fire or stats.ads_range:
        cost += stats.ads * SPECIAL_COST + stats.ads_fire + stats.ads_range
    cost += stats.field_repairs * REPAIR_COST
    return cost


def unit_cost(stats: HwStats) -> int:
    """The unit's points value: every factor and speciality it has now."""
    return (move_cost(stats) + orders_cost(stats) + sum(weapon_cost(w) for w in stats.weapons)
            + stats.cqb + armour_cost(stats) + speciality_cost(stats))


def cost_lines(stats: HwStats) -> list[tuple[str, int]]:
    """(item, points) rows as the sample list prints them, for the army builder and the unit card."""
    rows: list[tuple[str, int]] = []
    for i, m in enumerate(stats.move):
        rows.append((f"Move {m.mode} {m.factor}", mode_cost(stats, i)))
    if stats.orders or stats.orders_range:
        rows.append((f"Orders {stats.orders}", stats.orders * ORDERS_COST))
        rows.append((f"Range {stats.orders_range}cm", range_cost(stats.orders_range)))
    for w in stats.weapons:
        tag = "" if w.kind == "direct" else f" {w.kind.capitalize()}"
        rows.append((f"Fire {w.fire}{tag}", w.fire * (HOMING_TIMES if w.kind == "homing" else 1)))
        rows.append((f"Range {w.range}cm", range_cost(w.range)))
    rows.append((f"CQB {stats.cqb}", stats.cqb))
    rows.append((f"Armour {stats.armour}", armour_cost(stats)))
    special = speciality_cost(stats)
    if special:
        rows.append(("Specialities", special))
    return rows
