"""Confidence levels, confidence and reaction tests with threat levels (dsii-core §1.4, §3)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.dice import Dice

LEVELS = ("CO", "ST", "SH", "BR", "RO")
"""Confident > Steady > Shaken > Broken > Routed (§1.4)."""
LEVEL_NAMES = {"CO": "Confident", "ST": "Steady", "SH": "Shaken", "BR": "Broken", "RO": "Routed"}

# Threat levels (§3.2): not cumulative, the highest applies.
FIRST_LOSS = 1
QUARTER_LOST = 1
HALF_LOST = 2
LEADER_LOST = 3
ARTILLERY_ON_INFANTRY = 0
PANIC = 2
SHAKEN_ADVANCE = 1
UNDER_FIRE_INFANTRY = 1
UNDER_FIRE_VEHICLE = 0  # p.24 text; the p.23 table prints +1 (option `vehicles_under_fire_plus1`)
AIR_DEFENCE = 1
ASSAULT_ATTACKER = {"CO": 0, "ST": 1, "SH": 3}
"""The attacker's pre-assault reaction test: the house rules' 'threat test' (§8.5 step 2)."""


def drop(level: str, steps: int) -> str:
    return LEVELS[min(LEVELS.index(level) + steps, len(LEVELS) - 1)]


def raise_(level: str, steps: int = 1) -> str:
    return LEVELS[max(LEVELS.index(level) - steps, 0)]


@dataclass(frozen=True)
class TestResult:
    roll: int
    need: int
    """N = leadership + threat; the roll must be higher."""
    bonus: int = 0

    @property
    def passed(self) -> bool:
        return self.roll + self.bonus > self.need

    @property
    def drops(self) -> int:
        """Confidence steps lost: 0 on a pass, 2 when 2 x roll <= N, else 1 (§3.1)."""
        if self.passed:
            return 0
        return 2 if 2 * self.roll <= self.need else 1


def confidence_test(die: int, leadership: int, threat: int, dice: Dice, *, side: str | None = None,
                    unit: str | None = None, why: str = "confidence test") -> TestResult:
    """Roll the quality die against N = leadership + threat; at or under N drops one, at or under N/2 two."""
    need = leadership + threat

    def words(f):
        r = TestResult(f[0], need)
        return "holds" if r.passed else f"drops {r.drops} level{'s' if r.drops > 1 else ''}"

    roll = dice.roll(1, die, why, side=side, unit=unit, need=need, test=">", rule="§3.1", outcome=words)[0]
    return TestResult(roll, need)


def reaction_test(die: int, leadership: int, threat: int, dice: Dice, *, bonus: int = 0, side: str | None = None,
                  unit: str | None = None, why: str = "reaction test") -> TestResult:
    """The unit carries out the action only if its roll (+ any bonus, which may pass the die's top) beats N."""
    need = leadership + threat
    roll = dice.roll(1, die, why, side=side, unit=unit, need=need - bonus, test=">", rule="§3.1",
                     outcome=lambda f: "passes" if f[0] + bonus > need else "fails")[0]
    return TestResult(roll, need, bonus)


def casualty_threat(first_loss: bool, lost_now: int, size_before: int, lost_total: int, size_start: int,
                    leader_lost: bool) -> int | None:
    """The threat of the confidence test losses call for, or None when none is due (§3.2; highest applies)."""
    threats = []
    if leader_lost:
        threats.append(LEADER_LOST)
    if size_start and 2 * lost_total >= size_start and lost_now:  # "reach": only the attack that brings it there
        threats.append(HALF_LOST)
    if size_before and 4 * lost_now >= size_before and lost_now:
        threats.append(QUARTER_LOST)
    if first_loss and lost_now:
        threats.append(FIRST_LOSS)
    return max(threats) if threats else None


def assault_threat_bonus(attackers_all_vehicles: bool, defender_vehicles: list[tuple[int, int]],
                         attacker_vehicles: list[tuple[int, int]]) -> int:
    """House rule 'Close assaults' (DS2-A04, A05): +2 for an all-vehicle unit against a unit with no vehicles;
    +1 when every defending vehicle has lower armour AND a smaller largest gun than every attacking vehicle.

    Vehicles are (armour, largest weapon class). The bonuses never stack.
    """
    if not attackers_all_vehicles or not attacker_vehicles:
        return 0
    if not defender_vehicles:
        return 2
    if (max(a for a, _ in defender_vehicles) < min(a for a, _ in attacker_vehicles)
            and max(g for _, g in defender_vehicles) < min(g for _, g in attacker_vehicles)):
        return 1
    return 0


def leader_change(dice: Dice, leadership: int, *, side: str | None = None, unit: str | None = None) -> int:
    """Leader lost: d6 1-3 one worse, 4-5 same, 6 one better; always within 1-3 (§3.3)."""
    roll = dice.roll(1, 6, "new leader", side=side, unit=unit, rule="§3.3",
                     outcome=lambda f: "worse" if f[0] <= 3 else "same" if f[0] <= 5 else "better")[0]
    if roll <= 3:
        return min(3, leadership + 1)
    if roll == 6:
        return max(1, leadership - 1)
    return leadership
